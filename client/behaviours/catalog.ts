// The catalog's behaviours, kept out of the shell's registry: this group arrives with a product page, or at
// the first sign of a visitor on a list (see registry.ts), and adds its entries, each loading at its first use.
import type { BehaviourEntry } from './registry';

// As in registry.ts; imported from there, the registry would become a chunk of its own for every page.
const USE = ['pointerdown', 'focusin', 'click'];

const facets = () => import('./catalog-facets');

export const entries: BehaviourEntry[] = [
  // A facet checkbox ticks at once (a change missed before the chunk arrived is found when it binds);
  // only a radio's click is held, so clicking a checked one unticks it even as the first use.
  { selector: '[data-facet-form], [data-submit-on-change]', load: facets, on: ['pointerdown', 'focusin', 'change', 'submit'] },
  { selector: '[data-facet-form] [type=radio]', load: facets, on: ['click'] },
  { selector: '[data-quick-view]', load: () => import('./catalog-quick-view'), on: USE },
  { selector: '[data-refresh-on-click=false]', load: () => import('./catalog-filters'), on: USE },
  // lozad for images below the fold; the group itself only arrives once a visitor acts, so this loads with it.
  { selector: '[data-lazy-images]', load: () => import('./catalog-lazy-images') },
  // Product page: the variation form (with the stock message) and quantity at first use (a change
  // made before the code arrives is caught up), gallery, brand carousel, customer reference and the
  // stock notification modal at first use.
  // No 'click' here: a held click on a colour square would not tick its radio when replayed.
  { selector: 'form[data-product-form]', load: () => import('./catalog-variants'), on: ['pointerdown', 'focusin', 'change', 'submit'] },
  { selector: '[data-quantity]', load: () => import('./catalog-quantity'), on: [...USE, 'input'] },
  { selector: '[data-gallery]', load: () => import('./catalog-gallery'), on: [...USE, 'mouseover'] },
  { selector: '[data-carousel]', load: () => import('./catalog-carousel'), on: USE },
  { selector: 'form[data-customer-reference-form]', load: () => import('./catalog-customer-reference'), on: ['focusin', 'submit'] },
  { selector: 'a[data-stock-notification-link]', load: () => import('./catalog-stock-notification'), on: USE },
  { selector: '[data-spin]', load: () => import('./catalog-spin') },
  { selector: '[data-countdown]', load: () => import('./catalog-countdown') },
];
