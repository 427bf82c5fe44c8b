// Popups and banners of server/popups (views/partials/popups): the popup opens as a modal 3000 ms after
// load unless the visitor closed it before; closing it (its button, Escape, the backdrop) or dismissing a
// banner is remembered in the popup-memory cookie for 9999 days, the same cookie the no-JS close form
// sets, so the server leaves the item out of the next pages. Countdowns tick (./countdown-timer.ts).
import { isRemembered, POPUP_MEMORY_COOKIE, POPUP_MEMORY_MAX_AGE_S, remember } from '../../common/popup-memory';
import { POPUP_OPEN_DELAY_MS } from '../shell/constants';
import { startCountdown } from './countdown-timer';

function memory(): string {
  const prefix = `${POPUP_MEMORY_COOKIE}=`;
  return document.cookie.split(/;\s*/).find((part) => part.startsWith(prefix))?.slice(prefix.length) ?? '';
}

function writeMemory(value: string): void {
  const path = document.documentElement.dataset.basePath || '/';
  const secure = location.protocol === 'https:' ? '; secure' : '';
  document.cookie = `${POPUP_MEMORY_COOKIE}=${value}; max-age=${POPUP_MEMORY_MAX_AGE_S}; path=${path}; samesite=lax${secure}`;
}

function rememberItem(element: HTMLElement, id: number): void {
  writeMemory(remember(memory(), { id, endsAt: Number(element.dataset.popupEnd) }, Date.now()));
}

const prepared = new WeakSet<HTMLElement>();

function preparePopup(dialog: HTMLDialogElement): void {
  if (prepared.has(dialog)) return;
  prepared.add(dialog);
  const id = Number(dialog.dataset.popup);
  // The server renders it open for readers without JavaScript; here it waits to open as a modal.
  dialog.removeAttribute('open');
  if (isRemembered(memory(), id)) return dialog.remove();
  dialog.addEventListener('close', () => rememberItem(dialog, id), { once: true });
  setTimeout(() => {
    if (!dialog.isConnected || dialog.open) return;
    dialog.classList.add('is-shown');
    dialog.showModal();
  }, POPUP_OPEN_DELAY_MS);
}

function prepareBanner(banner: HTMLElement): void {
  if (isRemembered(memory(), Number(banner.dataset.banner))) banner.remove();
}

function onSubmit(event: SubmitEvent): void {
  const form = event.target as HTMLFormElement;
  if (!form.matches?.('[data-popup-close]')) return;
  const item = form.closest<HTMLElement>('[data-popup], [data-banner]');
  if (!item) return;
  event.preventDefault();
  if (item instanceof HTMLDialogElement) return item.close();
  rememberItem(item, Number(item.dataset.banner));
  item.remove();
}

function onClick(event: MouseEvent): void {
  // A click on a modal's backdrop lands on the dialog itself: it closes it.
  if (event.target instanceof HTMLDialogElement && event.target.matches('[data-popup]')) event.target.close();
}

export function start(): void {
  // Browsers cap a cookie's life at 400 days from its last write, short of the spec's 9999 days: the
  // memory is written again on every page that shows furniture, so it lasts while the visitor comes back.
  if (memory()) writeMemory(memory());
  // Capture: ahead of any other handler of the form (htmx's), the close happens here, with no request.
  document.addEventListener('submit', onSubmit, true);
  document.addEventListener('click', onClick);
}

export function bind(root: Element): void {
  const all = (selector: string) => [...(root.matches(selector) ? [root] : []), ...root.querySelectorAll(selector)] as HTMLElement[];
  all('dialog[data-popup]').forEach((dialog) => preparePopup(dialog as HTMLDialogElement));
  all('[data-banner]').forEach(prepareBanner);
  all('[data-furniture-countdown]').forEach(startCountdown);
}
