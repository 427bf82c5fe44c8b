// Every behaviour of the site: the selector that needs it and how to load it. Each loads as a chunk:
// where the page holds its selector, or, with `on`, at the first of those events inside its selector
// (a click or submit that comes first is held and replayed), so a page that is only read loads none.

/** A behaviour module: start() runs once, bind(root) runs for each swapped-in element that needs it. */
export interface Behaviour {
  start?(): void;
  bind?(root: Element): void;
  /** A group: more entries, added to the registry when the group arrives (see ./catalog.ts). */
  entries?: BehaviourEntry[];
}

export interface BehaviourEntry {
  selector: string;
  load(): Promise<Behaviour>;
  on?: string[];
}

const USE = ['pointerdown', 'focusin', 'click'];
const consent = () => import('./consent');
const catalog = () => import('./catalog');
const sales = () => import('./sales');
const content = () => import('./content');
const wishlist = () => import('./wishlist');

export const behaviours: BehaviourEntry[] = [
  {
    selector: '[data-nav-toggle], [data-nav-panel-toggle], #main-navigation .dropdown',
    load: () => import('./navigation'),
    on: [...USE, 'mouseover'],
  },
  { selector: '[data-link-block]', load: () => import('./link-block'), on: USE },
  // The navigation's scroll-bound parts (header colour past the home slider, follow-us affix, side navigation's scrollspy): one chunk at the first scroll.
  { selector: '[data-home-slider], [data-follow-us], [data-side-navigation]', load: () => import('./navigation-scroll'), on: ['scroll'] },
  { selector: '.animated-label', load: () => import('./animated-label'), on: ['focusin', 'input', 'change'] },
  { selector: '[data-copy], [data-copy-target]', load: () => import('./clipboard'), on: USE },
  // Site furniture (server/popups, ./furniture.ts): the popup's 3000 ms timer, banners' memory and
  // countdowns, the info bar's marquee; at once where the layout rendered one.
  { selector: '[data-furniture]', load: () => import('./furniture') },
  // Viewport-entry animations: at the first sign of a reader (a wheel, a key or a touch scrolls too);
  // what is in view by then stays as it is.
  { selector: '[data-animate]', load: () => import('./animations'), on: [...USE, 'scroll'] },
  // The generic confirmation of a destructive action: a link to the no-JS confirmation page, a dialog with JS.
  { selector: '[data-confirm]', load: () => import('./confirm'), on: USE },
  { selector: 'form[data-ajax-form]', load: () => import('./forms'), on: ['focusin', 'submit'] },
  // jquery + jquery-validation and the shared rules (about 40 KB): only where a form has declared fields.
  { selector: 'form:has([data-val="true"])', load: () => import('../validation'), on: ['focusin', 'submit'] },
  { selector: '[data-culture-widget]', load: () => import('./culture'), on: USE },
  { selector: '[data-two-factor-modal]', load: () => import('./two-factor'), on: USE },
  // Content pages' blocks (collapses, tabs, gallery, product carousel, video): one small chunk at first use.
  { selector: '[data-content-collapses], [data-content-gallery], [data-content-carousel], [data-video]', load: content, on: USE },
  // Collapses laid out as tabs get their roles at once (without them the links and panels read as a list).
  { selector: '[data-content-tabs]', load: content },
  // Wishlists and birth lists: the add-to-list modal, its form, the list page's in-place forms; at once where the URL asks to open the modal.
  { selector: '[data-wishlist]', load: wishlist, on: [...USE, 'submit', 'change'] },
  { selector: '[data-wishlist-open]', load: wishlist },
  // The FAQ's anchor navigation, scrollspy and hash-opened entries: at the first sign of a reader (a scroll too).
  { selector: '[data-faq-page]', load: () => import('./faq'), on: [...USE, 'keydown', 'wheel', 'touchstart', 'scroll'] },
  // The header search box is on every page; the rest of the catalog's behaviours are a group of their
  // own (./catalog.ts), so that their table does not weigh on every page's first load: on a product
  // page it comes at once (the 360 view and the countdown run from the start), on a list at the first
  // sign of a visitor (a scroll too: lozad fills the images below the fold). A click or submit is held
  // for it only on the parts that need their behaviour; any other link on a list is followed at once.
  { selector: '[data-search-box]', load: () => import('./catalog-search'), on: ['focusin', 'input', 'submit'] },
  { selector: '[data-product]', load: catalog },
  { selector: '.catalog-page', load: catalog, on: ['pointerdown', 'focusin', 'change', 'mouseover', 'wheel', 'keydown', 'scroll'] },
  { selector: '[data-quick-view], [data-facet-form], [data-refresh-on-click=false]', load: catalog, on: ['click', 'submit'] },
  // The purchase path (cart, coupons, currency, checkout, pickup points, payment) is one group of its own.
  {
    selector: '[data-add-to-cart], [data-cart], [data-mini-cart], [data-coupon], [data-currency-widget], [data-checkout], [data-pickup]',
    load: sales,
    on: [...USE, 'submit', 'change', 'keydown'],
  },
  // Prepaid accounts: add prepaid money (a required quantity, the answered address followed) and the low-balance toggle.
  { selector: '[data-prepaid-add], [data-prepaid-notification]', load: () => import('./prepaid'), on: [...USE, 'submit', 'change'] },
  // The refund request form: amounts and totals recomputed as quantities change (the server renders them too).
  { selector: 'form[data-refund-form]', load: () => import('./refund'), on: ['pointerdown', 'focusin', 'change'] },
  // Staff pages only: customer search suggestions, the edit-customer and change-delivery-address modals.
  { selector: '[data-customer-search], [data-customer-edit], [data-delivery-address-trigger]', load: () => import('./staff'), on: [...USE, 'input'] },
  // The payment page mounts its card drop-in (a React island), and a pickup search its map, at once.
  { selector: '[data-payment], [data-pickup-map]', load: sales },
  // Projects: a gallery's masonry and the grids' lazy pictures, at the first sign of a visitor (a scroll too),
  // as a list's (CSS columns and <noscript> pictures stand in until then); the map widget (Leaflet, only where
  // the server rendered a map: a maps key is configured); place fields suggest places as one types.
  { selector: '.projects-page, [data-projects-grid]', load: () => import('./projects-gallery'), on: ['pointerdown', 'focusin', 'mouseover', 'wheel', 'keydown', 'scroll'] },
  { selector: '[data-map]', load: () => import('./map') },
  { selector: '[data-place-autocomplete]', load: () => import('./map-autocomplete'), on: ['focusin', 'input'] },
  // News (./news.ts): its group arrives at the first sign of a reader on a news page or widget (a scroll
  // too), as a list's does, so that first paint carries the shell alone; then the ticker starts and the
  // masonry wall is laid out, and the calendar and lightbox load at their first use.
  {
    selector: '.news-page, .news-post, [data-news-ticker], [data-news-masonry], [data-news-calendar], [data-news-lightbox]',
    load: () => import('./news'),
    on: [...USE, 'mouseover', 'wheel', 'keydown', 'scroll', 'submit'],
  },
  // Sliders (one behaviour for all: client/behaviours/slider.ts) at the first sign of a visitor on the
  // home page or over a slider (a scroll too): first paint keeps the shell alone; until then each slider
  // is a scroll-snap row. The image-map banner's popups at the first pointer or focus on it.
  { selector: '.home-page, [data-slider]', load: () => import('./slider'), on: [...USE, 'mouseover', 'wheel', 'touchstart', 'scroll'] },
  { selector: '[data-image-map]', load: () => import('./image-map'), on: ['mouseover', 'pointerdown', 'focusin', 'touchstart'] },
  // Tagged scripts of granted categories run as soon as the page holds them (<template> is their form
  // that survives an htmx swap); the banner, the settings link and the consent forms load the
  // behaviour when touched (without it their forms and link work as well).
  { selector: 'script[data-consent-category], template[data-consent-category]', load: consent },
  { selector: '[data-consent-banner], [data-consent-dialog], [data-consent-settings], [data-consent-form]', load: consent, on: [...USE, 'submit'] },
];
