// The FAQ page (views/pages/faq): its side navigation scrolls to a category in 500 ms, a scrollspy marks
// the category in view, and the entry a hash names opens: on load, on hashchange and when a link to it
// is clicked. Without this module the links still jump, every <details> still opens by hand, and CSS
// shows the answer of the :target entry (static/css/faq.css).
import { ANCHOR_SCROLL_OFFSET_PX, FAQ_SCROLL_DURATION_MS, isModifiedClick, SCROLLSPY_OFFSET_PX } from '../shell/api';

const CATEGORY = '[data-faq-page] [data-faq-category]';

/** A hash's id; a malformed one (a link mangled on its way) names nothing rather than throwing. */
function idOfHash(hash: string): string {
  try {
    return decodeURIComponent(hash.replace(/^#/, ''));
  } catch {
    return '';
  }
}

/**
 * The FAQ element a hash names (an entry or a category), or null when it names nothing of the FAQ.
 * Another culture's anchor of an entry (its .faq-alias, widgets/faq/faq.ejs) names that entry.
 */
function faqTarget(hash: string): HTMLElement | null {
  const id = idOfHash(hash);
  const found = id ? document.getElementById(id) : null;
  const target = found?.classList.contains('faq-alias') ? found.closest<HTMLElement>('.faq-entry') : found;
  return target?.closest('[data-faq]') ? target : null;
}

function openEntry(target: HTMLElement): void {
  if (target instanceof HTMLDetailsElement) target.open = true;
}

function easeInOut(progress: number): number {
  return progress < 0.5 ? 2 * progress * progress : 1 - (-2 * progress + 2) ** 2 / 2;
}

/** Where the page must be for the target to sit below the header (read each frame: an answer above may still be unfolding). */
function destinationOf(target: HTMLElement): number {
  const top = target.getBoundingClientRect().top + window.scrollY + ANCHOR_SCROLL_OFFSET_PX;
  return Math.max(0, Math.min(top, document.documentElement.scrollHeight - window.innerHeight));
}

function scrollToTarget(target: HTMLElement): void {
  const start = window.scrollY;
  if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) return window.scrollTo(0, destinationOf(target));
  let startTime: number | undefined;
  const step = (now: number): void => {
    startTime ??= now;
    const progress = Math.min(1, (now - startTime) / FAQ_SCROLL_DURATION_MS);
    window.scrollTo(0, start + (destinationOf(target) - start) * easeInOut(progress));
    if (progress < 1) requestAnimationFrame(step);
  };
  requestAnimationFrame(step);
}

/** Keyboard users continue from the target: an entry's question, or the category itself. */
function focusTarget(target: HTMLElement): void {
  const focusable = target instanceof HTMLDetailsElement ? target.querySelector('summary') : target;
  if (!focusable) return;
  if (focusable === target && !target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
  focusable.focus({ preventScroll: true });
}

/** A click on a same-page link to the FAQ: the entry opens, the page scrolls in 500 ms, the URL keeps the hash. */
function onClick(event: MouseEvent): void {
  const link = (event.target as Element | null)?.closest?.('a[href*="#"]');
  if (!(link instanceof HTMLAnchorElement) || event.defaultPrevented || isModifiedClick(event)) return;
  if (link.origin !== location.origin || link.pathname !== location.pathname || link.search !== location.search) return;
  const target = faqTarget(link.hash);
  if (!target) return;
  event.preventDefault();
  history.replaceState({ ...history.state, scrollTop: window.scrollY }, '');
  history.pushState({ ...history.state, anchor: target.id, scrollTop: 0 }, '', link.hash);
  openEntry(target);
  scrollToTarget(target);
  focusTarget(target);
}

function onHashChange(): void {
  const target = faqTarget(location.hash);
  if (target) openEntry(target);
}

/** The category in view: the last whose top has passed the scrollspy line (121 px), the last one at the page's end. */
function categoryInView(categories: HTMLElement[]): HTMLElement | undefined {
  const atEnd = window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 2;
  if (atEnd) return categories.at(-1);
  return categories.filter((category) => category.getBoundingClientRect().top <= SCROLLSPY_OFFSET_PX).at(-1) ?? categories[0];
}

let spyFrame = 0;

function updateScrollspy(): void {
  spyFrame = 0;
  const categories = Array.from(document.querySelectorAll<HTMLElement>(CATEGORY));
  const current = categoryInView(categories);
  for (const link of Array.from(document.querySelectorAll<HTMLAnchorElement>('[data-faq-navigation] a[href^="#"]'))) {
    const active = current !== undefined && link.hash === `#${current.id}`;
    link.classList.toggle('active', active);
    if (active) link.setAttribute('aria-current', 'location');
    else link.removeAttribute('aria-current');
  }
}

function scheduleScrollspy(): void {
  if (!spyFrame && document.querySelector(CATEGORY)) spyFrame = requestAnimationFrame(updateScrollspy);
}

export function start(): void {
  document.addEventListener('click', onClick, true);
  window.addEventListener('hashchange', onHashChange);
  window.addEventListener('scroll', scheduleScrollspy, { passive: true });
  window.addEventListener('resize', scheduleScrollspy, { passive: true });
}

export function bind(): void {
  onHashChange();
  scheduleScrollspy();
}
