// The error catalogue (spec section 8) for every ajax call: htmx requests and the fetch wrapper alike.
import { loadChunk } from './chunks';

export type ErrorAction = 'login' | 'console-error' | 'console-warn' | 'error-dialog';

export function errorAction(status: number): ErrorAction {
  if (status === 401) return 'login';
  if (status === 404) return 'console-error';
  if (status === 0) return 'console-warn';
  return 'error-dialog';
}

async function openDialog(action: 'login' | 'error-dialog', returnTo?: string): Promise<void> {
  try {
    const dialogs = await loadChunk(() => import('./dialogs'));
    await (action === 'login' ? dialogs.openLoginDialog(returnTo) : dialogs.openErrorDialog());
  } catch (error) {
    console.error(error);
  }
}

/** returnTo: where the login should lead back to (the page being loaded), else the current page. */
export function reportRequestError(status: number, url: string, returnTo?: string): Promise<void> {
  const action = errorAction(status);
  if (action === 'console-error') console.error(`Not found: ${url}`);
  else if (action === 'console-warn') console.warn(`Request aborted or network error: ${url}`);
  else return openDialog(action, returnTo);
  return Promise.resolve();
}
