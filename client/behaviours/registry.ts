// Every behaviour of the site: the selector that needs it and how to load it. Each loads as a chunk:
// where the page holds its selector, or, with `on`, at the first of those events inside its selector
// (a click or submit that comes first is held and replayed), so a page that is only read loads none.

/** A behaviour module: start() runs once, bind(root) runs for each swapped-in element that needs it. */
export interface Behaviour {
  start?(): void;
  bind?(root: Element): void;
}

export interface BehaviourEntry {
  selector: string;
  load(): Promise<Behaviour>;
  on?: string[];
}

const USE = ['pointerdown', 'focusin', 'click'];
const consent = () => import('./consent');
const facets = () => import('./catalog-facets');

export const behaviours: BehaviourEntry[] = [
  {
    selector: '[data-nav-toggle], [data-nav-panel-toggle], #main-navigation .dropdown',
    load: () => import('./navigation'),
    on: [...USE, 'mouseover'],
  },
  { selector: '[data-link-block]', load: () => import('./link-block'), on: USE },
  { selector: '.animated-label', load: () => import('./animated-label'), on: ['focusin', 'input', 'change'] },
  { selector: '[data-copy], [data-copy-target]', load: () => import('./clipboard'), on: USE },
  { selector: 'form[data-ajax-form]', load: () => import('./forms'), on: ['focusin', 'submit'] },
  // jquery + jquery-validation and the shared rules (about 40 KB): only where a form has declared fields.
  { selector: 'form:has([data-val="true"])', load: () => import('../validation'), on: ['focusin', 'submit'] },
  { selector: '[data-culture-widget]', load: () => import('./culture'), on: USE },
  { selector: '[data-two-factor-modal]', load: () => import('./two-factor'), on: USE },
  // Catalog lists: the header search box, facet and toolbar forms, quick view, the filter panel without
  // refresh-on-click, and lozad for images below the fold (at the first sign of a visitor: a page
  // only loaded, like the budget check's, stays at the shell).
  { selector: '[data-search-box]', load: () => import('./catalog-search'), on: ['focusin', 'input', 'submit'] },
  // A facet checkbox ticks at once (a change missed before the chunk arrived is found when it binds);
  // only a radio's click is held, so clicking a checked one unticks it even as the first use.
  { selector: '[data-facet-form], [data-submit-on-change]', load: facets, on: ['pointerdown', 'focusin', 'change', 'submit'] },
  { selector: '[data-facet-form] [type=radio]', load: facets, on: ['click'] },
  { selector: '[data-quick-view]', load: () => import('./catalog-quick-view'), on: USE },
  { selector: '[data-refresh-on-click=false]', load: () => import('./catalog-filters'), on: USE },
  { selector: 'body:has([data-lazy-images])', load: () => import('./catalog-lazy-images'), on: ['mouseover', 'pointerdown', 'touchstart', 'wheel', 'keydown', 'focusin'] },
  // Product page: the variation form (with the stock message) and quantity at first use (a change
  // made before the code arrives is caught up), gallery, brand carousel, customer reference and the
  // stock notification modal at first use; the 360 view and the end-date countdown where present.
  // No 'click' here: a held click on a colour square would not tick its radio when replayed.
  { selector: 'form[data-product-form]', load: () => import('./catalog-variants'), on: ['pointerdown', 'focusin', 'change', 'submit'] },
  { selector: '[data-quantity]', load: () => import('./catalog-quantity'), on: [...USE, 'input'] },
  { selector: '[data-gallery]', load: () => import('./catalog-gallery'), on: [...USE, 'mouseover'] },
  { selector: '[data-carousel]', load: () => import('./catalog-carousel'), on: USE },
  { selector: 'form[data-customer-reference-form]', load: () => import('./catalog-customer-reference'), on: ['focusin', 'submit'] },
  { selector: 'a[data-stock-notification-link]', load: () => import('./catalog-stock-notification'), on: USE },
  { selector: '[data-spin]', load: () => import('./catalog-spin') },
  { selector: '[data-countdown]', load: () => import('./catalog-countdown') },
  // Tagged scripts of granted categories run as soon as the page holds them (<template> is their form
  // that survives an htmx swap); the banner, the settings link and the consent forms load the
  // behaviour when touched (without it their forms and link work as well).
  { selector: 'script[data-consent-category], template[data-consent-category]', load: consent },
  { selector: '[data-consent-banner], [data-consent-dialog], [data-consent-settings], [data-consent-form]', load: consent, on: [...USE, 'submit'] },
];
