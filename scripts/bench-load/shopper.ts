// One purchase as a shopper without JavaScript makes it (docs/cart.md, docs/orders.md,
// docs/payments-pickup.md): a category list, a product, its add-to-cart form, the cart page, the guest
// checkout (standard delivery, card), the payment page's card form with the sandbox's accepted card, the
// result page; then the provider's own signed AUTHORISATION notification, as a PSP sends it beside the
// redirect. A shop that says no (sold out on the page, the add or the order refused) ends the flow
// cleanly: that is a refusal, not an error. Any other answer than the one expected is an error.
import type { Recorder } from './stats';
import { StepFailed, Visitor } from './visitor';

export interface Target {
  listPath: string;
  productPath: string;
  variantId: number;
  scarce: boolean;
}

export interface Provider {
  /** Delivers the signed notification for the session's payment, timed as the flow's last step. */
  notify(recorder: Recorder, sessionId: string): Promise<void>;
}

export interface Shop {
  origin: string;
  franceId: string;
  /** Home delivery methods (standard, express): each shopper picks one. */
  shippingMethodIds: string[];
  provider: Provider;
}

/** The value of the first `<input name=…>` (or any tag with that name and a value) in the page. */
export function fieldOf(html: string, name: string): string | null {
  const tag = new RegExp(`<[^>]*\\bname="${name}"[^>]*>`).exec(html)?.[0];
  return tag ? (/\bvalue="([^"]*)"/.exec(tag)?.[1] ?? null) : null;
}

const decode = (value: string) => value.replace(/&amp;/g, '&').replace(/&#34;|&quot;/g, '"').replace(/&#39;/g, "'");

/** Runs one flow; answers true when an order was placed and paid. Throws StepFailed on an error. */
export async function shop(shopData: Shop, target: Target, recorder: Recorder): Promise<boolean> {
  const visitor = new Visitor(shopData.origin, recorder);
  await visitor.get('category list', target.listPath);
  const product = await visitor.get('product page', target.productPath);
  const button = /<button[^>]*data-add-to-cart[^>]*>/.exec(product.text)?.[0] ?? '';
  if (!button || /\sdisabled[\s>]/.test(button)) return refuse(recorder, 'shown sold out');
  const added = await visitor.post('add to cart (POST)', '/api/v1/catalog/products/addtocart', {
    _csrf: fieldOf(product.text, '_csrf') ?? '',
    ProductId: fieldOf(product.text, 'ProductId') ?? '',
    ProductVariantId: fieldOf(product.text, 'ProductVariantId') ?? '',
    Name: decode(fieldOf(product.text, 'Name') ?? ''),
    Quantity: '1',
    ItemOrigin: 'Catalog',
  });
  const cart = await visitor.get('cart page', added.location || '/fr/shoppingcarts');
  if (!cart.text.includes('data-cart-line=')) return refuse(recorder, 'add refused');
  const checkout = await visitor.get('checkout page', '/fr/checkout');
  const placed = await visitor.post('place order (POST)', '/fr/checkout', checkoutFields(shopData, checkout.text), [303, 409]);
  if (placed.status === 409) return refuse(recorder, 'checkout refused (409)');
  const payment = await visitor.get('payment page', placed.location);
  const sessionId = fieldOf(payment.text, 'sessionId') ?? '';
  const paid = await visitor.post('card 4111… (POST)', '/api/v1/payments/sandbox/payments', {
    _csrf: fieldOf(payment.text, '_csrf') ?? '',
    sessionId,
    sessionData: fieldOf(payment.text, 'sessionData') ?? '',
    returnUrl: decode(fieldOf(payment.text, 'returnUrl') ?? ''),
    CardNumber: '4111 1111 1111 1111',
    ExpiryDate: '12/39',
    Cvc: '737',
    HolderName: 'Anne Martin',
    BillingStreet: '1 rue de la Paix',
    BillingPostalCode: '75002',
    BillingCity: 'Paris',
    BillingCountry: 'FR',
  });
  const result = await visitor.get('payment result page', paid.location);
  if (!result.text.includes('data-payment-result="Authorised"')) {
    recorder.failed('payment result page', 'not Authorised');
    throw new StepFailed('payment result page', 'not Authorised');
  }
  await shopData.provider.notify(recorder, sessionId);
  recorder.orders.push(new URL(placed.location, shopData.origin).searchParams.get('order') ?? '');
  return true;
}

function refuse(recorder: Recorder, reason: Parameters<Recorder['refused']>[0]): false {
  recorder.refused(reason);
  return false;
}

function checkoutFields(shopData: Shop, html: string): Record<string, string> {
  return {
    _csrf: fieldOf(html, '_csrf') ?? '',
    IdempotencyKey: fieldOf(html, 'IdempotencyKey') ?? '',
    ExistingBillingAddressId: '',
    ExistingShippingAddressId: '',
    Email: `shopper-${Math.random().toString(36).slice(2, 10)}@example.com`,
    AccountType: 'Private',
    BillingFirstName: 'Anne',
    BillingLastName: 'Martin',
    BillingStreet1: '1 rue de la Paix',
    BillingPostalCode: '75002',
    BillingCity: 'Paris',
    BillingCountry: shopData.franceId,
    SameAddressForShipping: 'true',
    ShippingMethodId: shopData.shippingMethodIds[Math.floor(Math.random() * shopData.shippingMethodIds.length)],
    PaymentMethod: 'Card',
  };
}
