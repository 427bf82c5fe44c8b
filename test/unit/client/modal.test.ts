/** @jest-environment jsdom */
import { closeModal, openModal } from '../../../client/shell/modal';

function open(footerClose = false): HTMLDialogElement {
  const body = document.createElement('p');
  body.textContent = 'Body text';
  return openModal({ title: 'Titre', body, closeLabel: 'Fermer', footerClose });
}

describe('modal', () => {
  beforeEach(() => {
    document.body.innerHTML = '<div id="modal-root"></div>';
  });

  it('builds a labelled dialog into #modal-root without inline styles', () => {
    const dialog = open(true);
    expect(dialog.parentElement?.id).toBe('modal-root');
    expect(dialog.hasAttribute('open')).toBe(true);
    const title = document.getElementById(dialog.getAttribute('aria-labelledby')!);
    expect(title?.textContent).toBe('Titre');
    expect(dialog.querySelector('.modal-close')?.getAttribute('aria-label')).toBe('Fermer');
    expect(dialog.querySelector('.modal-footer button')?.textContent).toBe('Fermer');
    expect(dialog.querySelector('.modal-body')?.textContent).toBe('Body text');
    expect(document.querySelectorAll('[style]')).toHaveLength(0);
  });

  it('closes with Escape', () => {
    const dialog = open();
    dialog.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    expect(dialog.isConnected).toBe(false);
  });

  it('closes with the header and footer Close buttons', () => {
    const first = open(true);
    first.querySelector<HTMLButtonElement>('.modal-close')!.click();
    expect(first.isConnected).toBe(false);
    const second = open(true);
    second.querySelector<HTMLButtonElement>('.modal-footer button')!.click();
    expect(second.isConnected).toBe(false);
  });

  it('closes on a click on the backdrop but not inside the content', () => {
    const dialog = open();
    dialog.querySelector<HTMLElement>('.modal-body')!.click();
    expect(dialog.isConnected).toBe(true);
    dialog.click();
    expect(dialog.isConnected).toBe(false);
  });

  it('can be closed by code', () => {
    const dialog = open();
    closeModal(dialog);
    expect(document.getElementById('modal-root')!.children).toHaveLength(0);
  });
});

describe('modal and page changes', () => {
  it('closes open dialogs when the page is left', () => {
    document.body.innerHTML = '<div id="modal-root"></div>';
    const dialog = openModal({ closeLabel: 'Fermer' });
    document.dispatchEvent(new CustomEvent('page-will-leave', { detail: { url: '/fr/about' }, cancelable: true }));
    expect(dialog.isConnected).toBe(false);
  });
});
