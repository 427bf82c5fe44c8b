// The cart page with JS: each change (quantity, remove, shipping country, shipping method, billing
// country, city) calls the cart API and reloads the cart region ([data-cart]) from the page; a shipping
// method change keeps the scroll position (the chosen method stays where it was on screen); Enter is
// blocked in the cart form; a country change made by the customer suppresses the next 'country-changed'
// event once; the city autocomplete asks
// {app}/api/v1/countries/{countryId}/cities/{query} from 4 characters ('ShoppingCarts.NoCityFound' when none),
// chosen by click or keyboard (arrows from the field, Enter on a suggestion); the checkout button shows
// its loading state once clicked.
import { htmx, isModifiedClick, pageContext, request } from '../shell/api';
import { refreshMiniCart } from './cart';

let suppressCountryChanged = false;

/** Where an element of the cart stands on screen, or null when the cart has no such element. */
function screenTop(cart: Element, selector: string): number | null {
  return cart.querySelector(selector)?.getBoundingClientRect().top ?? null;
}

/**
 * Reloads the cart region from the page. With `keep` (a selector), the element it names stays where it
 * was on screen: the new region may be shorter or taller above it (a notice of an earlier change is
 * gone, a message appears), which would otherwise move it under the visitor's pointer.
 */
async function reloadCart(keep?: string): Promise<void> {
  const current = document.querySelector('[data-cart]');
  if (!current) return;
  const html = await (await request(location.pathname + location.search.replace(/[?&]changed=\d+/, ''), { target: 'page' })).text();
  const fresh = new DOMParser().parseFromString(html, 'text/html').querySelector('[data-cart]');
  if (fresh) {
    const before = keep ? screenTop(current, keep) : null;
    current.replaceWith(fresh);
    htmx.process(fresh);
    const after = keep ? screenTop(fresh, keep) : null;
    if (before !== null && after !== null) window.scrollBy(0, after - before);
  }
  await refreshMiniCart();
}

function showNotice(message: string | null): void {
  if (!message) return;
  const region = document.querySelector('[data-cart] h1');
  const notice = document.createElement('p');
  notice.className = 'alert alert-info';
  notice.setAttribute('role', 'status');
  notice.setAttribute('data-quantity-changed', '');
  notice.textContent = message;
  region?.after(notice);
}

async function call(method: string, path: string, body: Record<string, unknown> | null, keep?: string): Promise<void> {
  const { basePath } = pageContext();
  try {
    const response = await request(`${basePath}/api/v1/shoppingcarts/${path}`, {
      method,
      body: body ? JSON.stringify(body) : undefined,
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
      expectedStatuses: [400],
    });
    const answer = (await response.json()) as { QuantityChangedMessage?: string | null; Errors?: { Message: string }[] };
    await reloadCart(keep);
    showNotice(answer.QuantityChangedMessage ?? answer.Errors?.map((error) => error.Message).join(' ') ?? null);
  } catch {
    // request() has shown the error dialog.
  }
}

function changed(target: HTMLElement): void {
  const cart = target.closest('[data-cart]');
  if (!cart) return;
  if (target.matches('[data-cart-quantity]')) {
    const id = target.getAttribute('data-cart-quantity');
    const value = Number((target as HTMLInputElement).value);
    if (Number.isInteger(value) && value >= 1) void call('PUT', `shoppingcartitems/${id}`, { Quantity: value });
  } else if (target.matches('[data-cart-shipping-country]')) {
    suppressCountryChanged = true;
    void call('POST', 'shippingcountries', { CountryCode: (target as HTMLSelectElement).value });
  } else if (target.matches('[data-cart-billing-country]')) {
    suppressCountryChanged = true;
    const shipping = cart.querySelector<HTMLInputElement>('[name=ShippingCountryId]')?.value;
    const billing = (target as HTMLSelectElement).value;
    void call('POST', 'country', { ShippingCountryId: shipping || billing, BillingCountryId: billing });
  } else if (target.matches('[data-cart-shipping-method]')) {
    const id = (target as HTMLInputElement).value;
    void call('POST', 'shippingmethods', { ShippingMethodId: id }, `[data-cart-shipping-method][value="${CSS.escape(id)}"]`);
  }
}

let cityTimer: ReturnType<typeof setTimeout> | undefined;

async function suggestCities(input: HTMLInputElement): Promise<void> {
  const cart = input.closest<HTMLElement>('[data-cart]');
  const list = cart?.querySelector<HTMLElement>('[data-cart-city-suggestions]');
  const url = cart?.dataset.citiesUrl;
  if (!cart || !list || !url) return;
  const query = input.value.trim();
  if (query.length < Number(cart.dataset.minCityChars ?? 4)) {
    list.hidden = true;
    return;
  }
  try {
    const cities = (await (await request(url + encodeURIComponent(query), { headers: { Accept: 'application/json' } })).json()) as Record<string, string>;
    list.replaceChildren();
    const entries = Object.entries(cities);
    if (!entries.length) {
      const none = document.createElement('span');
      none.className = 'cart-city-none';
      none.textContent = cart.dataset.noCity ?? '';
      list.append(none);
    }
    for (const [id, name] of entries) {
      const option = document.createElement('button');
      option.type = 'button';
      option.className = 'cart-city-option';
      option.dataset.cityId = id;
      option.textContent = name;
      list.append(option);
    }
    list.hidden = false;
  } catch {
    // reported
  }
}

/** The city suggestions by keyboard: down from the field to the first, up and down between them, Escape back to the field. */
function cityKeys(event: KeyboardEvent): boolean {
  const target = event.target as HTMLElement;
  const field = target.closest?.('[data-cart]')?.querySelector<HTMLInputElement>('[data-cart-city]');
  const list = field?.closest('[data-cart]')?.querySelector<HTMLElement>('[data-cart-city-suggestions]');
  if (!field || !list || list.hidden || !(target === field || list.contains(target))) return false;
  const options = [...list.querySelectorAll<HTMLElement>('[data-city-id]')];
  const index = options.indexOf(target);
  let next: HTMLElement | undefined;
  if (event.key === 'ArrowDown') next = options[index + 1];
  else if (event.key === 'ArrowUp') next = index > 0 ? options[index - 1] : field;
  else if (event.key === 'Escape') {
    list.hidden = true;
    next = field;
  } else return false;
  event.preventDefault();
  next?.focus();
  return true;
}

export function start(): void {
  document.addEventListener('change', (event) => changed(event.target as HTMLElement));
  document.addEventListener('click', (event) => {
    const target = event.target as Element;
    const remove = target.closest<HTMLElement>('[data-cart] [data-cart-remove]');
    const update = target.closest<HTMLElement>('[data-cart] [data-cart-update]');
    const city = target.closest<HTMLElement>('[data-cart] [data-city-id]');
    const checkout = target.closest<HTMLElement>('[data-cart] [data-cart-checkout]');
    if (checkout && !isModifiedClick(event)) {
      // The way on to the checkout shows that it is under way (the link is followed as it is).
      checkout.classList.add('is-loading');
      checkout.setAttribute('aria-busy', 'true');
    } else if (remove) {
      event.preventDefault();
      void call('DELETE', `shoppingcartitems/${remove.dataset.cartRemove}`, null);
    } else if (update) {
      event.preventDefault();
      const input = document.querySelector<HTMLInputElement>(`[data-cart-quantity="${update.dataset.cartUpdate}"]`);
      if (input) changed(input);
    } else if (city) {
      event.preventDefault();
      void call('POST', 'city/', { CityId: Number(city.dataset.cityId) });
    } else if (target.closest('[data-cart] [data-cart-noscript]')) {
      event.preventDefault();
    }
  });
  // Enter is blocked in the cart form (a quantity is sent on change, not by submitting the form).
  document.addEventListener('keydown', (event) => {
    if (cityKeys(event)) return;
    if (event.key === 'Enter' && (event.target as Element).closest?.('form[data-cart-form]') && (event.target as Element).tagName !== 'BUTTON') {
      event.preventDefault();
      const target = event.target as HTMLElement;
      if (target.matches('[data-cart-quantity]')) changed(target);
    }
  });
  document.addEventListener('input', (event) => {
    const input = event.target as HTMLInputElement;
    if (!input.matches?.('[data-cart] [data-cart-city]')) return;
    clearTimeout(cityTimer);
    cityTimer = setTimeout(() => void suggestCities(input), 250);
  });
  // Another part of the page (checkout, VAT) tells that the country changed: reload the cart, unless the
  // customer's own change on the cart page made it (suppressed once).
  document.addEventListener('country-changed', () => {
    if (suppressCountryChanged) {
      suppressCountryChanged = false;
      return;
    }
    void reloadCart();
  });
}
