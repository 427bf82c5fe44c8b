// The two-factor modal: a link marked data-two-factor-modal opens its page in a modal, or, from inside
// one, loads it into that modal's body (the action pages' back link to the two-factor home). Their
// forms are ajax forms answered into the same body. Once the body shows the success marker
// (data-two-factor-success), closing the modal reloads the page, so the page behind shows the new state.
import { isModifiedClick, loadChunk } from '../shell/api';
import { setModalTitle } from '../shell/modal';

const LINK = 'a[data-two-factor-modal]';
const MARKER = '[data-two-factor-success]';
const dialogs = () => loadChunk(() => import('../shell/dialogs'));

async function loadIntoBody(body: Element, url: string): Promise<void> {
  await (await dialogs()).loadIntoModalBody(body, url);
}

async function openInModal(url: string): Promise<void> {
  await (await dialogs()).openPageDialog(url);
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
  const heading = root.querySelector('h1')?.textContent?.trim();
  if (heading) setModalTitle(dialog, heading);
  const succeeded = root.matches(MARKER) || root.querySelector(MARKER) !== null;
  if (!succeeded || dialog.dataset.reloadOnClose) return;
  dialog.dataset.reloadOnClose = 'true';
  dialog.addEventListener('close', () => location.reload(), { once: true });
}
