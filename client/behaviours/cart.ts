// Add to cart with JS: the product form's add button posts {ProductVariantId, Quantity, Name, order-origin
// fields} as JSON to {app}/api/v1/catalog/products/addtocart; on success the add_to_cart tag-manager event,
// the 'added-to-shopping-cart' and 'shopping-cart-changed' announcements (document events), the mini cart
// refresh, then the confirmation dialog: the server renders it (widgets/added-to-cart), this opens it (any
// open dialog hidden first). Without JS the button posts the form.
import { pageContext, request } from '../shell/api';
import { loadStrings, t } from '../shell/localization';
import { closeModal, openModal } from '../shell/modal';
import { pushDataLayer } from '../shell/tracking';

interface CartInfo {
  ItemsCount: number;
  AmountTaxInclHtml: string;
  AmountTaxExclHtml: string;
}

interface AddAnswer {
  ItemId: number;
  Name: string;
  Quantity: number;
  QuantityChanged: boolean;
  QuantityChangedMessage: string | null;
  Cart: CartInfo;
  DataLayer: Record<string, unknown> | null;
  CartUrl: string;
  Message?: string;
}

/** The mini cart's content from {app}/{culture}/widget/shoppingcartitems. */
export async function refreshMiniCart(): Promise<void> {
  const slot = document.getElementById('mini-cart');
  const url = slot?.dataset.url;
  if (!slot || !url) return;
  try {
    slot.innerHTML = await (await request(url)).text();
  } catch {
    // reported by request()
  }
}

function payloadOf(button: HTMLElement): Record<string, unknown> {
  const form = button.closest('form');
  const data = form ? new FormData(form) : new FormData();
  const payload: Record<string, unknown> = {
    ProductVariantId: data.get('ProductVariantId') ?? button.dataset.productVariantId,
    Quantity: data.get('Quantity') ?? button.dataset.quantity ?? 1,
    Name: data.get('Name') ?? button.dataset.name ?? '',
  };
  try {
    Object.assign(payload, JSON.parse(button.dataset.orderOrigin ?? '{}'));
  } catch {
    console.warn('order origin is not JSON');
  }
  return payload;
}

function line(className: string, text: string): HTMLElement {
  const node = document.createElement('p');
  node.className = className;
  node.textContent = text;
  return node;
}

/** The confirmation the server renders (widgets/added-to-cart) for this answer. */
async function confirmation(answer: AddAnswer): Promise<HTMLElement | null> {
  const { basePath, culture } = pageContext();
  const query = new URLSearchParams({ item: String(answer.ItemId), quantity: String(answer.Quantity), name: answer.Name });
  if (answer.QuantityChanged) query.set('changed', '1');
  const html = await (await request(`${basePath}/${culture}/widget/addedtocart?${query}`)).text();
  const template = document.createElement('template');
  template.innerHTML = html;
  return template.content.querySelector<HTMLElement>('.cart-dialog');
}

async function showDialog(answer: AddAnswer): Promise<void> {
  const body = await confirmation(answer);
  if (!body) return;
  // Any open dialog is hidden first: those of openModal go, a page's own (consent settings) only closes.
  document.querySelectorAll<HTMLDialogElement>('dialog[open]').forEach((dialog) => (dialog.closest('#modal-root') ? closeModal(dialog) : dialog.close()));
  openModal({ title: body.dataset.title, body, closeLabel: body.dataset.closeLabel ?? '' });
}

export async function addToCart(button: HTMLElement): Promise<void> {
  const { basePath } = pageContext();
  button.setAttribute('aria-busy', 'true');
  try {
    const strings = loadStrings();
    const response = await request(`${basePath}/api/v1/catalog/products/addtocart`, {
      method: 'POST',
      body: JSON.stringify(payloadOf(button)),
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
      expectedStatuses: [400],
    });
    const answer = (await response.json()) as AddAnswer & { Errors?: { Message: string }[] };
    await strings;
    if (!response.ok) {
      openModal({ title: t('Core.ErrorTitle'), body: line('alert alert-error', answer.Errors?.[0]?.Message ?? answer.Message ?? ''), closeLabel: t('ShoppingCarts.Close'), footerClose: true });
      return;
    }
    try {
      if (answer.DataLayer) pushDataLayer(answer.DataLayer);
    } catch (error) {
      console.error(error);
    }
    document.dispatchEvent(new CustomEvent('added-to-shopping-cart', { detail: answer }));
    document.dispatchEvent(new CustomEvent('shopping-cart-changed', { detail: answer.Cart }));
    await showDialog(answer);
  } catch {
    // request() has shown the error dialog.
  } finally {
    button.removeAttribute('aria-busy');
  }
}

export function start(): void {
  document.addEventListener('click', (event) => {
    const button = (event.target as Element | null)?.closest<HTMLElement>('[data-add-to-cart]');
    if (!button || event.defaultPrevented || (button as HTMLButtonElement).disabled) return;
    event.preventDefault();
    void addToCart(button);
  });
  document.addEventListener('shopping-cart-changed', () => void refreshMiniCart());
}
