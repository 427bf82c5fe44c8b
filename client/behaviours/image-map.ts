// The image-map banner (views/partials/home/image-map.ejs): each hotspot's popup is placed at its X/Y
// percentages, opens on hover or focus of its hotspot (one open at a time), and closes
// HOTSPOT_POPUP_HIDE_MS after the pointer leaves, unless the pointer is then over the popup itself.
import { HOTSPOT_POPUP_HIDE_MS } from '../shell/constants';

const timers = new WeakMap<HTMLElement, number>();
const bound = new WeakSet<Element>();

function popupOf(map: Element, hotspot: Element): HTMLElement | null {
  const id = hotspot.getAttribute('data-hotspot');
  return id ? map.querySelector<HTMLElement>(`#${CSS.escape(id)}`) : null;
}

function open(map: Element, popup: HTMLElement): void {
  window.clearTimeout(timers.get(popup));
  map.querySelectorAll<HTMLElement>('[data-hotspot-popup].is-open').forEach((other) => other !== popup && close(other));
  popup.classList.add('is-open');
}

function close(popup: HTMLElement): void {
  window.clearTimeout(timers.get(popup));
  popup.classList.remove('is-open');
}

function closeLater(popup: HTMLElement): void {
  window.clearTimeout(timers.get(popup));
  timers.set(popup, window.setTimeout(() => {
    if (!popup.matches(':hover') && !popup.matches(':focus-within')) close(popup);
  }, HOTSPOT_POPUP_HIDE_MS));
}

function setUp(map: HTMLElement): void {
  if (bound.has(map)) return;
  bound.add(map);
  map.querySelectorAll<HTMLElement>('[data-hotspot-popup]').forEach((popup) => {
    popup.style.left = `${Number(popup.dataset.x)}%`;
    popup.style.top = `${Number(popup.dataset.y)}%`;
    popup.addEventListener('pointerenter', () => window.clearTimeout(timers.get(popup)));
    popup.addEventListener('pointerleave', () => closeLater(popup));
    popup.addEventListener('focusout', (event) => !popup.contains(event.relatedTarget as Node | null) && closeLater(popup));
  });
  map.querySelectorAll('[data-hotspot]').forEach((hotspot) => {
    const popup = popupOf(map, hotspot);
    if (!popup) return;
    hotspot.addEventListener('pointerenter', () => open(map, popup));
    hotspot.addEventListener('pointerleave', () => closeLater(popup));
    hotspot.addEventListener('focusin', () => open(map, popup));
    hotspot.addEventListener('focusout', (event) => !popup.contains((event as FocusEvent).relatedTarget as Node | null) && closeLater(popup));
    if (hotspot.matches(':hover, :focus')) open(map, popup);
  });
  map.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') map.querySelectorAll<HTMLElement>('[data-hotspot-popup].is-open').forEach(close);
  });
}

export function bind(root: Element): void {
  const maps = root.matches('[data-image-map]') ? [root] : Array.from(root.querySelectorAll('[data-image-map]'));
  maps.forEach((map) => setUp(map as HTMLElement));
}
