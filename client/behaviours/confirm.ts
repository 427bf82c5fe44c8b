// The generic confirmation of destructive actions (views/partials/confirm/confirm-link.ejs): a click on
// a [data-confirm] link opens its confirmation page ({app}/{culture}/confirm, the no-JS page itself) in
// a modal; its form posts the action as without JavaScript, and its cancel link closes the modal.
import { isModifiedClick } from '../shell/api';
import { openPageDialog } from '../shell/dialogs';
import { closeModal } from '../shell/modal';

function onClick(event: MouseEvent): void {
  const target = event.target as Element;
  const cancel = target.closest?.('[data-confirm-page] [data-confirm-cancel]');
  const dialog = cancel?.closest<HTMLDialogElement>('dialog');
  if (cancel && dialog) {
    event.preventDefault();
    return closeModal(dialog);
  }
  const link = target.closest?.<HTMLAnchorElement>('a[data-confirm]');
  if (!link || isModifiedClick(event)) return;
  event.preventDefault();
  event.stopPropagation();
  void openPageDialog(link.href);
}

export function start(): void {
  // Capture: before htmx's boost would load the confirmation page into the page region.
  document.addEventListener('click', onClick, true);
}
