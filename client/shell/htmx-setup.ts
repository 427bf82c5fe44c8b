// The CSRF header and the shared error mapping for htmx requests. htmx's settings (CSP-safe, history
// off, 400/422/429 swapped) come from <meta name="htmx-config">, written by server/http/layout.ts.
import { csrfToken } from './context';
import { reportRequestError } from './errors';

interface RequestDetail {
  verb: string;
  headers: Record<string, string>;
}

interface ErrorDetail {
  xhr?: XMLHttpRequest;
  pathInfo?: { requestPath?: string };
}

function errorDetail(event: Event): ErrorDetail {
  return (event as CustomEvent<ErrorDetail>).detail ?? {};
}

function report(status: number, url: string): void {
  reportRequestError(status, url).catch((error: unknown) => console.error(error));
}

export function configureHtmx(): void {
  document.addEventListener('htmx:configRequest', (event) => {
    const detail = (event as CustomEvent<RequestDetail>).detail;
    if (detail.verb.toLowerCase() !== 'get') detail.headers['X-CSRF-Token'] = csrfToken();
  });
  document.addEventListener('htmx:responseError', (event) => {
    const detail = errorDetail(event);
    report(detail.xhr?.status ?? 0, detail.pathInfo?.requestPath ?? '');
  });
  document.addEventListener('htmx:sendError', (event) => {
    report(0, errorDetail(event).pathInfo?.requestPath ?? '');
  });
}
