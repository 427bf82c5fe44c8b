// Quick view on list items: the eye toggle (a link to the product without JS) loads its content once
// from data-quick-view into the box it controls, then shows or hides that box on each click.
import { htmx, isModifiedClick, request } from '../shell/api';

const TOGGLE = 'a[data-quick-view]';
const loading = new WeakMap<HTMLElement, Promise<void>>();

function boxOf(toggle: HTMLElement): HTMLElement | null {
  return document.getElementById(toggle.getAttribute('aria-controls') ?? '');
}

function show(toggle: HTMLElement, box: HTMLElement, open: boolean): void {
  box.hidden = !open;
  toggle.setAttribute('aria-expanded', String(open));
}

/** The content arrives once; later clicks only show or hide it. */
async function load(toggle: HTMLElement, box: HTMLElement): Promise<void> {
  box.classList.add('loading-block');
  box.setAttribute('aria-busy', 'true');
  show(toggle, box, true);
  try {
    const response = await request(toggle.dataset.quickView ?? '');
    htmx.swap(box, await response.text(), { swapStyle: 'innerHTML', swapDelay: 0, settleDelay: 0 });
    box.dataset.loaded = 'true';
  } catch {
    show(toggle, box, false);
  } finally {
    box.classList.remove('loading-block');
    box.removeAttribute('aria-busy');
  }
}

export async function toggleQuickView(toggle: HTMLElement): Promise<void> {
  const box = boxOf(toggle);
  if (!box) return;
  const arriving = loading.get(box);
  if (arriving) return arriving;
  if (box.dataset.loaded === 'true') return show(toggle, box, box.hidden);
  const loaded = load(toggle, box).finally(() => loading.delete(box));
  loading.set(box, loaded);
  return loaded;
}

function onClick(event: MouseEvent): void {
  const toggle = (event.target as Element | null)?.closest?.<HTMLElement>(TOGGLE);
  if (!toggle || isModifiedClick(event)) return;
  event.preventDefault();
  event.stopPropagation();
  void toggleQuickView(toggle);
}

export function start(): void {
  // Capture: ahead of the shell's link handling, which would open the product page.
  document.addEventListener('click', onClick, true);
}
