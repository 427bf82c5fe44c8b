// Helpers of the coupon tests that go as far as the order (test/http/coupons-*.test.ts,
// checkout-coupon-lapse.test.ts): the demo customer's cart built through the calls a shopper makes
// (catalog, prepaid and birth-list add-to-cart, the coupon call), a checkout post, a card payment through
// the sandbox provider, and the rows that tell what was paid and credited.
import type { TestApp } from '../support/app';
import { attributeOf, csrfTokenOf, parseHtml } from '../support/html';
import type { Agent } from './accounts-helpers';
import { validCheckout } from './checkout-helpers';

/** The sandbox card that the provider authorises. */
export const goodCard = {
  CardNumber: '4111 1111 1111 1111',
  ExpiryDate: '12/39',
  Cvc: '737',
  HolderName: 'Ada Lovelace',
  BillingStreet: '12 Rue Vivienne',
  BillingPostalCode: '75002',
  BillingCity: 'Paris',
  BillingCountry: 'FR',
};

/** JSON calls as the site's scripts make them (CSRF header, JSON accepted). */
export function jsonCalls(agent: Agent, token: string) {
  const json = <T extends { set(name: string, value: string): T }>(call: T) => call.set('X-CSRF-Token', token).set('Accept', 'application/json');
  return {
    addProduct: (variantId: number, quantity: number) => json(agent.post('/api/v1/catalog/products/addtocart')).send({ ProductVariantId: variantId, Quantity: quantity }),
    addTopUp: (accountId: number, quantity: number) => json(agent.post('/api/v1/sales/prepaidaccounts/addtocart')).send({ PrepaidAccountId: accountId, Quantity: quantity }),
    addFromBirthList: (listToken: string, variantId: number, quantity: number) =>
      json(agent.post(`/fr/birthlists/${listToken}/addtocart`)).send({ ProductVariantId: variantId, Quantity: String(quantity) }),
    applyCoupon: (code: string) => json(agent.post('/api/v1/shoppingcarts/coupon')).send({ CouponCode: code }),
    cart: () => json(agent.get('/api/v1/shoppingcarts?culture=fr')),
  };
}

/** The checkout page as the agent sees it: its form's key and token, and the parsed page. */
export async function checkoutPage(agent: Agent) {
  const page = await agent.get('/fr/checkout');
  const html = parseHtml(page.text);
  return { page, html, key: attributeOf(html, 'input[name="IdempotencyKey"]', 'value') ?? '', csrf: csrfTokenOf(html) };
}

/** Opens the checkout page and posts it with a valid address and `overrides` (PaymentMethod, PrepaidAccountId, ...). */
export async function postCheckout(testApp: TestApp, agent: Agent, overrides: Record<string, string>) {
  const { key, csrf } = await checkoutPage(agent);
  return agent.post('/fr/checkout').type('form').send({ ...(await validCheckout(testApp, overrides)), _csrf: csrf, IdempotencyKey: key });
}

/** Pays a card order through the sandbox provider's form (no JS): its signed notification marks the order Paid. */
export async function payByCard(agent: Agent, number: string) {
  const page = await agent.get(`/fr/payments?order=${number}`);
  const html = parseHtml(page.text);
  const data = JSON.parse(html.querySelector('#payment-data')!.text) as { sessionId: string; sessionData: string; returnUrl: string };
  return agent.post('/api/v1/payments/sandbox/payments').type('form').send({ _csrf: csrfTokenOf(html), sessionId: data.sessionId, sessionData: data.sessionData, returnUrl: data.returnUrl, ...goodCard });
}

/** The order a checkout answer went to (its number is in the confirmation's path or the payment page's query). */
export async function orderOfAnswer(testApp: TestApp, location: string) {
  const number = new URL(location, 'http://shop.test').searchParams.get('order') ?? location.split('/').pop()!;
  return testApp.db.selectFrom('orders').selectAll().where('number', '=', number).executeTakeFirstOrThrow();
}

export async function balanceOf(testApp: TestApp, accountId: number): Promise<number> {
  return Number((await testApp.db.selectFrom('prepaid_accounts').select('balance_cents').where('id', '=', accountId).executeTakeFirstOrThrow()).balance_cents);
}

/** The signed amounts an order moved on an account, by kind. */
export async function movementsOfOrder(testApp: TestApp, { accountId, orderId }: { accountId: number; orderId: number }) {
  const rows = await testApp.db.selectFrom('prepaid_movements').select(['kind', 'amount_cents']).where('account_id', '=', accountId).where('order_id', '=', orderId).orderBy('id').execute();
  return rows.map((row) => ({ kind: row.kind, cents: Number(row.amount_cents) }));
}

/** The demo customer's account and carts as a test starts: no cart, the account's balance set. */
export async function freshCustomerState(testApp: TestApp, { userId, accountId, balanceCents }: { userId: number; accountId: number; balanceCents: number }) {
  await testApp.db.deleteFrom('carts').where('user_id', '=', userId).execute();
  await testApp.db.updateTable('prepaid_accounts').set({ balance_cents: balanceCents }).where('id', '=', accountId).execute();
}
