// The header search box: suggestions from 2 typed characters (debounced), at most 30 shown under the
// 'Catalog.ListProductFound' title with 80x80 images, as an ARIA combobox: up/down choose, Enter opens
// the chosen product (or searches when none is chosen), Escape closes. An empty search does nothing.
import { navigate, pageContext } from '../shell/api';

export const SUGGESTION_MIN_LENGTH = 2;
export const SUGGESTION_DEBOUNCE_MS = 250;
export const MAX_SHOWN_SUGGESTIONS = 30;

export interface Suggestion {
  Name: string;
  Photo: { AssetId: number; AssetName: string } | null;
  ProductUrl: string;
}

interface Box {
  form: HTMLFormElement;
  input: HTMLInputElement;
  panel: HTMLElement;
  list: HTMLElement;
}

let timer: ReturnType<typeof setTimeout> | undefined;
let pending: AbortController | undefined;

function boxOf(element: Element | null): Box | null {
  const form = element?.closest?.<HTMLFormElement>('form[data-search-box]');
  const input = form?.querySelector<HTMLInputElement>('input[name="q"]');
  const list = input && document.getElementById(input.getAttribute('aria-controls') ?? '');
  const panel = list?.closest<HTMLElement>('.search-suggestions');
  return form && input && list && panel ? { form, input, panel, list } : null;
}

/** {app}/assets/{AssetId}/80x80/{AssetName}, or 80x80/nophoto.jpg without a photo (spec section 2). */
export function photoUrl(basePath: string, photo: Suggestion['Photo']): string {
  return photo ? `${basePath}/assets/${photo.AssetId}/80x80/${encodeURIComponent(photo.AssetName)}` : `${basePath}/assets/80x80/nophoto.jpg`;
}

function option(suggestion: Suggestion, index: number, basePath: string): HTMLLIElement {
  const item = document.createElement('li');
  item.id = `search-suggestion-${index}`;
  item.setAttribute('role', 'option');
  item.setAttribute('aria-selected', 'false');
  // An option holds no link (an interactive control inside another, for assistive technologies): it carries
  // the address, and a click or Enter opens it.
  item.dataset.href = `${basePath}${suggestion.ProductUrl}`;
  const image = document.createElement('img');
  Object.assign(image, { src: photoUrl(basePath, suggestion.Photo), width: 80, height: 80, alt: '' });
  const name = document.createElement('span');
  name.textContent = suggestion.Name;
  item.append(image, name);
  return item;
}

export function close(box: Box): void {
  box.panel.hidden = true;
  box.input.setAttribute('aria-expanded', 'false');
  box.input.removeAttribute('aria-activedescendant');
}

export function render(box: Box, suggestions: Suggestion[]): void {
  const { basePath } = pageContext();
  box.list.replaceChildren(...suggestions.slice(0, MAX_SHOWN_SUGGESTIONS).map((suggestion, index) => option(suggestion, index, basePath)));
  if (suggestions.length === 0) return close(box);
  box.panel.hidden = false;
  box.input.setAttribute('aria-expanded', 'true');
  box.input.removeAttribute('aria-activedescendant');
}

async function suggest(box: Box, text: string): Promise<void> {
  pending?.abort();
  const controller = (pending = new AbortController());
  const url = new URL(box.form.dataset.suggestionsUrl ?? '', location.href);
  url.search = new URLSearchParams({ q: text, nbrResults: box.form.dataset.nbrResults ?? '5', accuracy: box.form.dataset.accuracy ?? '0.3' }).toString();
  try {
    const response = await fetch(url, { headers: { Accept: 'application/json' }, signal: controller.signal });
    if (!response.ok) return close(box);
    const suggestions = (await response.json()) as Suggestion[];
    if (!controller.signal.aborted && box.input.value.trim() === text) render(box, suggestions);
  } catch {
    // Aborted by a newer keystroke, or offline: suggestions are a help, the search itself still works.
  }
}

function onInput(event: Event): void {
  const box = boxOf(event.target as Element);
  if (!box || event.target !== box.input) return;
  clearTimeout(timer);
  const text = box.input.value.trim();
  if (text.length < SUGGESTION_MIN_LENGTH) {
    pending?.abort();
    return close(box);
  }
  timer = setTimeout(() => void suggest(box, text), SUGGESTION_DEBOUNCE_MS);
}

export function moveActive(box: Box, step: number): void {
  const options = Array.from(box.list.querySelectorAll<HTMLElement>('[role="option"]'));
  if (options.length === 0 || box.panel.hidden) return;
  const current = options.findIndex((item) => item.getAttribute('aria-selected') === 'true');
  const next = current === -1 ? (step > 0 ? 0 : options.length - 1) : (current + step + options.length) % options.length;
  options.forEach((item, index) => item.setAttribute('aria-selected', String(index === next)));
  box.input.setAttribute('aria-activedescendant', options[next].id);
  options[next].scrollIntoView({ block: 'nearest' });
}

function onKeydown(event: KeyboardEvent): void {
  const box = boxOf(event.target as Element);
  if (!box || event.target !== box.input) return;
  if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
    event.preventDefault();
    moveActive(box, event.key === 'ArrowDown' ? 1 : -1);
  } else if (event.key === 'Escape' && !box.panel.hidden) {
    // The first Escape closes the list; the text stays (a search input would clear it).
    event.preventDefault();
    close(box);
  } else if (event.key === 'Enter') {
    const active = document.getElementById(box.input.getAttribute('aria-activedescendant') ?? '') as HTMLElement | null;
    const address = active?.dataset.href;
    if (!address || box.panel.hidden) return;
    event.preventDefault();
    close(box);
    void navigate(address);
  }
}

function onClick(event: MouseEvent): void {
  const item = (event.target as Element).closest?.<HTMLElement>('.search-suggestions [role="option"][data-href]');
  const box = boxOf(item ?? null);
  if (!item || !box) return;
  close(box);
  void navigate(item.dataset.href!);
}

function onSubmit(event: SubmitEvent): void {
  const box = boxOf(event.target as Element);
  if (!box) return;
  event.preventDefault();
  const text = box.input.value.trim();
  if (!text) return;
  close(box);
  const url = new URL(box.form.action, location.href);
  url.search = new URLSearchParams({ q: text }).toString();
  void navigate(url.href);
}

function onPointerdown(event: Event): void {
  const target = event.target as Element;
  document.querySelectorAll<HTMLFormElement>('form[data-search-box]').forEach((form) => {
    const box = boxOf(form);
    if (box && !form.contains(target)) close(box);
  });
}

export function start(): void {
  document.addEventListener('input', onInput);
  document.addEventListener('keydown', onKeydown);
  document.addEventListener('submit', onSubmit);
  document.addEventListener('click', onClick);
  document.addEventListener('pointerdown', onPointerdown);
  document.addEventListener('page-will-leave', () => document.querySelectorAll<HTMLFormElement>('form[data-search-box]').forEach((form) => {
    const box = boxOf(form);
    if (box) close(box);
  }));
}

/** Text typed before this module arrived is answered now. */
export function bind(root: Element): void {
  const box = boxOf(root.querySelector('form[data-search-box]') ?? root);
  if (box && document.activeElement === box.input) box.input.dispatchEvent(new Event('input', { bubbles: true }));
}
