// The dialogs of the error catalogue: the localised server-error message and the login page.
// Loaded as a chunk on the first error, so pages that never fail never download it.
import { htmx, pageContext, request } from './api';
import { loadStrings, t } from './localization';
import { closeModal, openModal, setModalTitle } from './modal';

const swapSpec = { swapStyle: 'innerHTML', swapDelay: 0, settleDelay: 0, ignoreTitle: true };
let login: { dialog?: HTMLDialogElement } | undefined;
let errorCount = 0;

export async function openErrorDialog(): Promise<HTMLDialogElement> {
  await loadStrings();
  const message = document.createElement('p');
  message.id = `error-message-${++errorCount}`;
  message.textContent = t('Core.ErrorServer');
  const dialog = openModal({ body: message, closeLabel: t('Core.Close'), footerClose: true });
  setModalTitle(dialog, t('Core.ErrorTitle'));
  dialog.setAttribute('aria-describedby', message.id);
  return dialog;
}

function titleOf(html: string): string {
  return new DOMParser().parseFromString(html, 'text/html').title;
}

/**
 * Loads a page's region into a modal body (busy meanwhile), titling the dialog, when given, by the page
 * before the swap (behaviours bound by the swap may retitle it). False when it failed (already reported).
 */
export async function loadIntoModalBody(body: Element, url: string, dialog?: HTMLDialogElement): Promise<boolean> {
  body.setAttribute('aria-busy', 'true');
  try {
    const html = await (await request(url, { target: 'modal-body' })).text();
    if (dialog) setModalTitle(dialog, titleOf(html));
    htmx.swap(body, html, swapSpec);
    return true;
  } catch {
    return false;
  } finally {
    body.removeAttribute('aria-busy');
  }
}

export async function openPageDialog(url: string): Promise<HTMLDialogElement> {
  await loadStrings();
  const dialog = openModal({ bodyId: 'modal-body', closeLabel: t('Core.Close') });
  if (!(await loadIntoModalBody(dialog.querySelector('.modal-body')!, url, dialog))) closeModal(dialog);
  return dialog;
}

export function loginUrl(returnTo?: string): string {
  const { basePath, culture } = pageContext();
  const target = returnTo ? new URL(returnTo, location.href) : null;
  const onSite = target && target.origin === location.origin ? target : location;
  const returnUrl = encodeURIComponent(onSite.pathname + onSite.search);
  return `${basePath}/${culture}/security/login?returnUrl=${returnUrl}`;
}

export async function openLoginDialog(returnTo?: string): Promise<void> {
  // A second 401 while the login dialog is open or still loading must not stack another one.
  if (login && (!login.dialog || login.dialog.isConnected)) return;
  const current: { dialog?: HTMLDialogElement } = {};
  login = current;
  current.dialog = await openPageDialog(loginUrl(returnTo));
}
