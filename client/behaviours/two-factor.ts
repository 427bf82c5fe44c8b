// The two-factor modal: a link marked data-two-factor-modal opens its page in a modal, or, from inside
// one, loads it into that modal's body (the action pages' back link to the two-factor home). Their
// forms are ajax forms answered into the same body. Once the body shows the success marker
// (data-two-factor-success), closing the modal reloads the page, so the page behind shows the new state.
import { htmx, isModifiedClick, loadChunk, request } from '../shell/api';

const LINK = 'a[data-two-factor-modal]';
const MARKER = '[data-two-factor-success]';
const swapSpec = { swapStyle: 'innerHTML', swapDelay: 0, settleDelay: 0, ignoreTitle: true } as const;

function setModalTitle(dialog: Element | null, title: string | undefined): void {
  const heading = dialog?.querySelector('.modal-title');
  if (heading && title) heading.textContent = title;
}

async function loadIntoBody(body: Element, url: string): Promise<void> {
  body.setAttribute('aria-busy', 'true');
  try {
    const html = await (await request(url, { target: 'modal-body' })).text();
    htmx.swap(body, html, swapSpec);
  } catch {
    // request() has already reported the failure to the visitor.
  } finally {
    body.removeAttribute('aria-busy');
  }
}

async function openInModal(url: string): Promise<void> {
  const dialogs = await loadChunk(() => import('../shell/dialogs'));
  await dialogs.openPageDialog(url);
}

function onClick(event: MouseEvent): void {
  const link = event.target instanceof Element ? event.target.closest(LINK) : null;
  if (!(link instanceof HTMLAnchorElement) || event.defaultPrevented || isModifiedClick(event)) return;
  // Ahead of the shell's link handling, which would load the page into the page region.
  event.preventDefault();
  const body = link.closest('dialog .modal-body');
  if (body) void loadIntoBody(body, link.href);
  else void openInModal(link.href);
}

export function start(): void {
  document.addEventListener('click', onClick, true);
}

/**
 * Content swapped into a modal (the home with its links always, so the registry binds it): its heading
 * names the modal; a success marker arms the reload on close.
 */
export function bind(root: Element): void {
  const dialog = root.closest('dialog');
  if (!dialog) return;
  setModalTitle(dialog, root.querySelector('h1')?.textContent?.trim());
  const succeeded = root.matches(MARKER) || root.querySelector(MARKER) !== null;
  if (!succeeded || dialog.dataset.reloadOnClose) return;
  dialog.dataset.reloadOnClose = 'true';
  dialog.addEventListener('close', () => location.reload(), { once: true });
}
