// Wishlists and birth lists with JS. Without it every piece is a link or a form that works alone.
// - An add-to-wishlist (or birth list) link opens its page in a modal; a visitor gets the shell's login
//   (401) and comes back to this page with openWishlist={variant} (openBirthlist), which reopens it.
// - With openWishlist / openBirthlist in the URL the server marks the page ([data-wishlist-open]): the
//   modal opens 200 ms after load.
// - The modal's form posts by script (JSON answer): busy button, the tag-manager event, the header count
//   refreshed, then the modal shows the server's 'added' view ('return to shopping', 'go to wishlist').
// - The list page: inline name and description saved on change, quantities normalised then posted in
//   place (failure: a growl with the answer's message, else Core.ErrorServer), deleting a list confirmed.
import { htmx, reportRequestError, request } from '../shell/api';
import { growl } from '../shell/growl';
import { loadStrings, t } from '../shell/localization';
import { closeModal, openModal, setModalTitle } from '../shell/modal';
import { pushDataLayer } from '../shell/tracking';

/** Spec section 9: the wishlist modal opens from the URL after 200 ms. */
export const WISHLIST_OPEN_DELAY_MS = 200;

const swapSpec = { swapStyle: 'innerHTML', swapDelay: 0, settleDelay: 0, ignoreTitle: true };
const formHeaders = { Accept: 'application/json', 'Content-Type': 'application/x-www-form-urlencoded' };

/** Where the login leads back: this page asking to reopen the modal, else the modal's own page. */
function returnTo(url: string): string {
  const popup = new URL(url, location.href);
  const variant = popup.searchParams.get('productVariantId');
  if (!variant) return popup.pathname + popup.search;
  const page = new URL(location.href);
  page.searchParams.set(popup.pathname.includes('/birthlists/') ? 'openBirthlist' : 'openWishlist', variant);
  return page.pathname + page.search;
}

async function openPopup(url: string): Promise<void> {
  let response: Response;
  try {
    response = await request(url, { target: 'modal-body', expectedStatuses: [401] });
  } catch {
    return; // reported by request()
  }
  if (response.status === 401) return reportRequestError(401, url, returnTo(url));
  const html = await response.text();
  await loadStrings();
  const dialog = openModal({ bodyId: 'modal-body', closeLabel: t('Core.Close') });
  setModalTitle(dialog, new DOMParser().parseFromString(html, 'text/html').title);
  htmx.swap(dialog.querySelector('.modal-body')!, html, swapSpec);
}

async function refreshCount(): Promise<void> {
  const count = document.getElementById('wishlist-count');
  if (!count?.dataset.url) return;
  try {
    count.outerHTML = await (await request(count.dataset.url)).text();
  } catch {
    // reported by request()
  }
}

/** An answer's message: its first field's, else its Message. */
function messageOf(answer: { Message?: string; Errors?: { Message: string }[] }): string {
  return answer.Errors?.[0]?.Message ?? answer.Message ?? t('Core.ErrorServer');
}

async function postForm(form: HTMLFormElement): Promise<{ ok: boolean; answer: Record<string, unknown> } | null> {
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  button?.setAttribute('aria-busy', 'true');
  if (button) button.disabled = true;
  try {
    const body = new URLSearchParams(new FormData(form) as unknown as Record<string, string>);
    const response = await request(form.action, { method: 'POST', body, headers: formHeaders, expectedStatuses: [400, 404] });
    return { ok: response.ok, answer: (await response.json()) as Record<string, unknown> };
  } catch {
    return null; // reported by request()
  } finally {
    button?.removeAttribute('aria-busy');
    if (button) button.disabled = false;
  }
}

async function submitAddForm(form: HTMLFormElement): Promise<void> {
  await loadStrings();
  const result = await postForm(form);
  if (!result) return;
  const error = form.querySelector<HTMLElement>('[data-wishlist-error]');
  if (!result.ok) {
    if (error) Object.assign(error, { textContent: messageOf(result.answer), hidden: false });
    return;
  }
  if (result.answer.DataLayer) pushDataLayer(result.answer.DataLayer as Record<string, unknown>);
  void refreshCount();
  const added = `${form.dataset.addedUrl}${String(result.answer.WishlistId ?? result.answer.BirthListId)}`;
  const body = form.closest('.modal-body');
  if (!body) return void location.assign(added);
  htmx.swap(body, await (await request(added, { target: 'modal-body' })).text(), swapSpec);
}

async function submitInPlace(form: HTMLFormElement): Promise<void> {
  await loadStrings();
  const result = await postForm(form);
  if (!result) return;
  if (!result.ok) return void growl({ kind: 'error', message: messageOf(result.answer), marker: ['data-wishlist-growl', ''] });
  growl({ kind: 'success', message: String(form.dataset.savedMessage ?? ''), marker: ['data-wishlist-growl', ''] });
  if (!form.closest('#wishlist-items')) return;
  void refreshItems(form);
  void refreshCount();
}

async function refreshItems(form: HTMLFormElement): Promise<void> {
  const items = form.closest<HTMLElement>('#wishlist-items');
  const url = items?.dataset.url;
  if (!items || !url) return;
  htmx.swap(items, await (await request(url, { target: 'wishlist-items' })).text(), { ...swapSpec, swapStyle: 'outerHTML' });
}

/** The spec's wishlist quantity: normalised to a positive number, then parsed. */
function normaliseQuantity(input: HTMLInputElement): void {
  const quantity = Math.abs(Number.parseInt(input.value, 10));
  input.value = String(Number.isFinite(quantity) && quantity > 0 ? quantity : 1);
}

function onClick(event: MouseEvent): void {
  const target = event.target as Element | null;
  const trigger = target?.closest?.<HTMLAnchorElement>('a[data-wishlist-popup]');
  if (trigger && !event.ctrlKey && !event.metaKey && !event.shiftKey) {
    event.preventDefault();
    event.stopPropagation();
    return void openPopup(trigger.href);
  }
  const back = target?.closest?.('[data-wishlist-return]');
  const dialog = back?.closest('dialog');
  if (back && dialog) {
    event.preventDefault();
    closeModal(dialog as HTMLDialogElement);
  }
}

function onSubmit(event: SubmitEvent): void {
  const form = event.target as HTMLFormElement;
  if (form.matches('form[data-wishlist-delete]') && !window.confirm(form.dataset.confirm ?? '')) return void event.preventDefault();
  const action = form.matches('form[data-wishlist-form]') ? submitAddForm : form.matches('form[data-wishlist-inline]') ? submitInPlace : null;
  if (!action) return;
  event.preventDefault();
  event.stopPropagation();
  void action(form);
}

function onChange(event: Event): void {
  const input = event.target as HTMLInputElement;
  if (input.matches('.wishlist-quantity')) normaliseQuantity(input);
  const form = input.closest<HTMLFormElement>('form[data-wishlist-inline][data-save-on-change]');
  if (form) form.requestSubmit();
}

export function start(): void {
  // Capture: the shell's link and htmx handling (on the way down and up) sees the event already taken.
  document.addEventListener('click', onClick, true);
  document.addEventListener('submit', onSubmit, true);
  document.addEventListener('change', onChange, true);
}

export function bind(root: Element): void {
  const marker = root.matches('[data-wishlist-open]') ? root : root.querySelector('[data-wishlist-open]');
  const url = marker?.getAttribute('data-wishlist-open');
  if (!marker || !url) return;
  marker.removeAttribute('data-wishlist-open');
  setTimeout(() => void openPopup(url), WISHLIST_OPEN_DELAY_MS);
}
