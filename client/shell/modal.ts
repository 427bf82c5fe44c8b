// Accessible dialogs built into #modal-root: native <dialog>, Escape, Close buttons and backdrop close.

export interface ModalOptions {
  closeLabel: string;
  title?: string;
  body?: Node;
  bodyId?: string;
  /** Adds a footer with a labelled Close button. */
  footerClose?: boolean;
}

let modalCount = 0;
let closesOnLeave = false;

function element<Name extends keyof HTMLElementTagNameMap>(name: Name, className: string): HTMLElementTagNameMap[Name] {
  const node = document.createElement(name);
  node.className = className;
  return node;
}

function closeButton(className: string, label: string, text?: string): HTMLButtonElement {
  const button = element('button', className);
  button.type = 'button';
  button.setAttribute('data-modal-close', '');
  if (text) button.textContent = text;
  else button.setAttribute('aria-label', label);
  return button;
}

function header(options: ModalOptions, titleId: string): HTMLElement {
  const node = element('div', 'modal-header');
  const title = element('h2', 'modal-title');
  title.id = titleId;
  title.textContent = options.title ?? '';
  node.append(title, closeButton('modal-close', options.closeLabel));
  return node;
}

function content(options: ModalOptions, titleId: string): HTMLElement {
  const node = element('div', 'modal-content');
  const body = element('div', 'modal-body');
  if (options.bodyId) body.id = options.bodyId;
  if (options.body) body.append(options.body);
  node.append(header(options, titleId), body);
  if (options.footerClose) {
    const footer = element('div', 'modal-footer');
    footer.append(closeButton('button button-primary', options.closeLabel, options.closeLabel));
    node.append(footer);
  }
  return node;
}

export function closeModal(dialog: HTMLDialogElement): void {
  if (typeof dialog.close === 'function' && dialog.open) dialog.close();
  dialog.remove();
}

function bindClosing(dialog: HTMLDialogElement): void {
  dialog.addEventListener('close', () => dialog.remove());
  dialog.addEventListener('click', (event) => {
    const target = event.target as Element;
    // A click on the <dialog> box itself, outside .modal-content, is a click on the backdrop.
    if (target === dialog || target.closest('[data-modal-close]')) closeModal(dialog);
  });
  dialog.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') closeModal(dialog);
  });
}

function closeAllOnLeave(): void {
  if (closesOnLeave) return;
  closesOnLeave = true;
  // A link followed from inside a dialog loads a new page: the dialog belongs to the old one.
  document.addEventListener('page-will-leave', () => {
    document.querySelectorAll<HTMLDialogElement>('#modal-root > dialog.modal').forEach(closeModal);
  });
}

export function openModal(options: ModalOptions): HTMLDialogElement {
  closeAllOnLeave();
  const dialog = element('dialog', 'modal');
  const titleId = `modal-title-${++modalCount}`;
  dialog.setAttribute('aria-labelledby', titleId);
  dialog.append(content(options, titleId));
  bindClosing(dialog);
  (document.getElementById('modal-root') ?? document.body).append(dialog);
  if (typeof dialog.showModal === 'function') dialog.showModal();
  else dialog.setAttribute('open', '');
  return dialog;
}

export function setModalTitle(dialog: HTMLDialogElement, title: string): void {
  const heading = dialog.querySelector('.modal-title');
  if (heading) heading.textContent = title;
}
