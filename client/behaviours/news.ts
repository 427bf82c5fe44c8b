// The news behaviours, kept out of the shell's registry: this group arrives at the first sign of a
// reader (see registry.ts) and adds its entries. The ticker and the masonry wall then start at once
// (autoplay, layout; before, the ticker is its readable list and the wall a grid); the calendar and the
// lightbox load at their first use (a click or submit that comes first is held and replayed).
import type { BehaviourEntry } from './registry';

// As in registry.ts; imported from there, the registry would become a chunk of its own.
const USE = ['pointerdown', 'focusin', 'click'];

export const entries: BehaviourEntry[] = [
  { selector: '[data-news-ticker]', load: () => import('./news-ticker') },
  { selector: '[data-news-masonry]', load: () => import('./news-masonry') },
  { selector: '[data-news-calendar]', load: () => import('./news-calendar'), on: [...USE, 'submit'] },
  { selector: '[data-news-lightbox]', load: () => import('./news-lightbox'), on: USE },
];
