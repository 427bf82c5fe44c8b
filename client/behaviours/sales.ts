// The purchase path's behaviours, as one group: it loads at the first use of a cart, checkout,
// coupon, currency, pickup or payment element (see registry.ts), then binds these entries.
import type { BehaviourEntry } from './registry';

export const entries: BehaviourEntry[] = [
  // cart (add-to-cart dialog, cart page, mini cart)
  { selector: '[data-add-to-cart], [data-mini-cart]', load: () => import('./cart'), on: ['pointerdown', 'focusin', 'click'] },
  { selector: '[data-cart]', load: () => import('./cart-page'), on: ['pointerdown', 'focusin', 'click', 'change', 'keydown', 'input'] },
  // coupons and currencies
  { selector: '[data-coupon]', load: () => import('./coupon'), on: ['pointerdown', 'focusin', 'click', 'submit', 'keydown'] },
  { selector: '[data-currency-widget]', load: () => import('./currency'), on: ['pointerdown', 'focusin', 'change', 'submit'] },
  // checkout
  { selector: 'form[data-checkout]', load: () => import('./checkout'), on: ['pointerdown', 'focusin', 'click', 'change', 'submit'] },
  // payments and pickup points
  { selector: '[data-pickup]', load: () => import('./pickup'), on: ['pointerdown', 'focusin', 'click', 'submit'] },
  { selector: '[data-payment]', load: () => import('./payment') },
  // The pickup map (Leaflet, its own chunk): only where the server rendered one (a maps key is configured).
  { selector: '[data-pickup-map]', load: () => import('./pickup-map') },
];
