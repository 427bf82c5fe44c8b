// Animations when elements enter the viewport (spec section 9): [data-animate="title"] (its words rise
// in turn: 1 s, 0.04 s apart, after 0.2 s), [data-animate="fade-up"] (its children rise 50 px and fade
// in, 1 s, 0.05 s apart) and [data-animate="image"] (its picture settles from a 1.2 scale). One starts
// when at least a tenth of it is in view and its top has passed 90 % of the viewport's height (80 %
// for an image), 50 ms after its images have loaded. Content is visible without JavaScript: the hidden
// start state is set here, and only on elements still below the fold, never under prefers-reduced-motion.
// The durations and distances reach the stylesheet as custom properties (the build's constants.css).
import {
  ANIMATION_AFTER_IMAGES_MS,
  ANIMATION_IMAGE_START_VIEWPORT_RATIO,
  ANIMATION_START_VIEWPORT_RATIO,
  VIEWPORT_ANIMATION_RATIO,
} from '../shell/constants';
import { imagesSettled } from '../shell/lifecycle';

const margin = (ratio: number) => `0px 0px -${Math.round((1 - ratio) * 100)}% 0px`;
let observers: { other: IntersectionObserver; image: IntersectionObserver } | null = null;

function reveal(element: HTMLElement): void {
  void imagesSettled(element).then(() => setTimeout(() => element.classList.add('is-animated'), ANIMATION_AFTER_IMAGES_MS));
}

function onEntries(entries: IntersectionObserverEntry[], observer: IntersectionObserver): void {
  for (const entry of entries) {
    if (!entry.isIntersecting) continue;
    observer.unobserve(entry.target);
    reveal(entry.target as HTMLElement);
  }
}

/** A title's words as spans numbered for the stagger (--animate-index); its text stays the same. */
function splitWords(title: HTMLElement): void {
  let index = 0;
  for (const node of [...title.childNodes]) {
    if (node.nodeType !== Node.TEXT_NODE) {
      if (node instanceof HTMLElement) node.style.setProperty('--animate-index', String(index++));
      continue;
    }
    const parts = (node.textContent ?? '').split(/(\s+)/);
    const words = parts.map((part) => {
      if (!part.trim()) return document.createTextNode(part);
      const word = document.createElement('span');
      word.className = 'animate-word';
      word.textContent = part;
      word.style.setProperty('--animate-index', String(index++));
      return word;
    });
    node.replaceWith(...words);
  }
}

function prepare(element: HTMLElement): void {
  if (element.classList.contains('animate-ready')) return;
  // Already in view when the behaviour arrives: left as it is, never hidden then shown again.
  if (element.getBoundingClientRect().top < window.innerHeight * ANIMATION_START_VIEWPORT_RATIO) return;
  const kind = element.dataset.animate;
  if (kind === 'title') splitWords(element);
  if (kind === 'fade-up') [...element.children].forEach((child, index) => (child as HTMLElement).style.setProperty('--animate-index', String(index)));
  element.classList.add('animate-ready');
  (kind === 'image' ? observers!.image : observers!.other).observe(element);
}

export function start(): void {
  if (matchMedia('(prefers-reduced-motion: reduce)').matches || !('IntersectionObserver' in window)) return;
  observers = {
    other: new IntersectionObserver(onEntries, { threshold: VIEWPORT_ANIMATION_RATIO, rootMargin: margin(ANIMATION_START_VIEWPORT_RATIO) }),
    image: new IntersectionObserver(onEntries, { threshold: VIEWPORT_ANIMATION_RATIO, rootMargin: margin(ANIMATION_IMAGE_START_VIEWPORT_RATIO) }),
  };
}

export function bind(root: Element): void {
  if (!observers) return;
  const found = root.matches('[data-animate]') ? [root as HTMLElement] : [...root.querySelectorAll<HTMLElement>('[data-animate]')];
  found.forEach(prepare);
}
