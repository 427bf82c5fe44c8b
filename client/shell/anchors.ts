// Same-page anchors: open the collapse, tab or <details> that holds the target, then scroll smoothly.
import { ANCHOR_SCROLL_DURATION_MS, ANCHOR_SCROLL_OFFSET_PX } from './constants';

function controlsOf(id: string): Element[] {
  return Array.from(document.querySelectorAll('[aria-controls]')).filter((control) => control.getAttribute('aria-controls') === id);
}

function showTabPane(pane: Element): void {
  for (const sibling of Array.from(pane.parentElement?.children ?? [])) {
    if (sibling === pane || !sibling.classList.contains('tab-pane')) continue;
    sibling.classList.remove('active', 'show');
    controlsOf(sibling.id).forEach((tab) => tab.setAttribute('aria-selected', 'false'));
  }
  pane.classList.add('active', 'show');
  controlsOf(pane.id).forEach((tab) => tab.setAttribute('aria-selected', 'true'));
}

export function revealTarget(target: Element): void {
  for (let node: Element | null = target; node; node = node.parentElement) {
    if (node instanceof HTMLDetailsElement) node.open = true;
    if (node.classList.contains('collapse')) {
      node.classList.add('show');
      controlsOf(node.id).forEach((toggle) => toggle.setAttribute('aria-expanded', 'true'));
    }
    if (node.classList.contains('tab-pane')) showTabPane(node);
  }
}

function easeInOut(progress: number): number {
  return progress < 0.5 ? 2 * progress * progress : 1 - (-2 * progress + 2) ** 2 / 2;
}

export function animateScroll(top: number, duration: number): void {
  const start = window.scrollY;
  const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  if (reduceMotion || duration <= 0) {
    window.scrollTo(0, top);
    return;
  }
  const startTime = performance.now();
  const step = (now: number): void => {
    const progress = Math.min(1, (now - startTime) / duration);
    window.scrollTo(0, start + (top - start) * easeInOut(progress));
    if (progress < 1) requestAnimationFrame(step);
  };
  requestAnimationFrame(step);
}

export function findAnchorTarget(hash: string): Element | null {
  const raw = hash.replace(/^#/, '');
  let name = raw;
  try {
    name = decodeURIComponent(raw);
  } catch {
    // A malformed escape (#%E0%A4%A) names no element by its decoded form; look it up as written.
  }
  if (!name) return null;
  return document.getElementById(name) ?? document.getElementsByName(name)[0] ?? null;
}

export function scrollToAnchor(hash: string, duration = ANCHOR_SCROLL_DURATION_MS, offset = ANCHOR_SCROLL_OFFSET_PX): boolean {
  const target = findAnchorTarget(hash);
  if (!target) return false;
  revealTarget(target);
  const top = target.getBoundingClientRect().top + window.scrollY + offset;
  animateScroll(Math.max(0, top), duration);
  moveFocusTo(target);
  return true;
}

/**
 * The browser moves focus to a followed fragment's target; a handled click must too, or the skip link
 * and other in-page links leave the keyboard where it was. Not focusable: the target takes tabindex -1.
 */
function moveFocusTo(target: Element): void {
  if (!(target instanceof HTMLElement)) return;
  if (target.tabIndex < 0 && !target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
  target.focus({ preventScroll: true });
}
