// Coupons and prepaid top-ups (issue 28, item 2): no coupon discounts a top-up line (a cart of top-ups
// alone refuses the code and says why; a mixed cart's discount counts its products alone), the credit is
// what was paid for the line, and a top-up is never paid from the account it tops up. As the demo
// customer, through the calls a shopper makes. Run on PostgreSQL too:
// DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx jest test/http/coupons-top-ups.test.ts
import { placeOrder, transitionOrder } from '../../server/orders/orders';
import { useTestApp } from '../support/app';
import { attributesOf, parseHtml, textOf, textsOf } from '../support/html';
import { resource } from '../support/resources';
import { type Agent, demo, signedIn } from './accounts-helpers';
import { plainVariant } from './cart-helpers';
import { orderAddress } from './checkout-helpers';
import { balanceOf, freshCustomerState, jsonCalls, movementsOfOrder, orderOfAnswer, payByCard, postCheckout } from './coupons-helpers';
import { prepaidVariantId } from './prepaid-helpers';

const testApp = useTestApp();
let customer: { agent: Agent; token: string; userId: number; accountId: number; calls: ReturnType<typeof jsonCalls> };

beforeAll(async () => {
  const session = await signedIn(testApp, demo.customer);
  const account = await testApp.db
    .selectFrom('prepaid_accounts as a')
    .innerJoin('users as u', 'u.id', 'a.user_id')
    .select(['a.id', 'u.id as userId'])
    .where('u.email', '=', demo.customer.email)
    .executeTakeFirstOrThrow();
  customer = { ...session, userId: account.userId, accountId: account.id, calls: jsonCalls(session.agent, session.token) };
});

beforeEach(async () => {
  await freshCustomerState(testApp, { userId: customer.userId, accountId: customer.accountId, balanceCents: 20_000 });
});

async function ordersOfCustomer() {
  return testApp.db.selectFrom('orders').select(['id', 'number']).where('user_id', '=', customer.userId).execute();
}

async function cartCoupon(): Promise<string | null> {
  const row = await testApp.db.selectFrom('carts').select('coupon_code').where('user_id', '=', customer.userId).executeTakeFirst();
  return row?.coupon_code ?? null;
}

/** A product line of at least 60.00 (SAVE5's minimum is 50.00): its variant and the cart's line total. */
async function addProducts() {
  const variant = await plainVariant(testApp.db, { stock: 100 });
  const quantity = Math.ceil(6000 / variant.priceInclCents);
  expect((await customer.calls.addProduct(variant.id, quantity)).status).toBe(200);
  return { variant, quantity };
}

test('a cart of top-ups alone refuses a coupon (false), and the cart page says why', async () => {
  expect((await customer.calls.addTopUp(customer.accountId, 10)).status).toBe(200);
  for (const code of ['SAVE5', 'WELCOME10', 'CLAIRE15', 'FIRST10']) {
    const answer = await customer.calls.applyCoupon(code);
    expect([code, answer.status, answer.body]).toEqual([code, 200, false]);
  }
  expect(await cartCoupon()).toBeNull();
  expect((await customer.calls.cart()).body).toMatchObject({ AmountTaxIncl: 100, DiscountTaxInclHtml: null });
  const page = parseHtml((await customer.agent.get('/fr/shoppingcarts')).text);
  expect(textOf(page, '[data-coupon-top-ups]')).toBe(resource('fr', 'Coupons.NotForTopUps'));
  // Without JS: the same refusal, and the notice names the reason.
  const posted = await customer.agent.post('/fr/shoppingcarts/coupon').type('form').send({ _csrf: customer.token, CouponCode: 'SAVE5' });
  expect(posted.status).toBe(303);
  const after = parseHtml((await customer.agent.get(posted.headers.location)).text);
  expect(textsOf(after, '.flash-error')).toEqual([resource('fr', 'Coupons.NotForTopUps')]);
  expect(await cartCoupon()).toBeNull();
});

test('a coupon the cart held before its products left discounts nothing; paid by card, the credit is what was paid', async () => {
  const { variant } = await addProducts();
  expect((await customer.calls.applyCoupon('SAVE5')).body).toBe(true);
  expect((await customer.calls.addTopUp(customer.accountId, 10)).status).toBe(200);
  const line = (await testApp.db.selectFrom('cart_items as i').innerJoin('carts as c', 'c.id', 'i.cart_id').select('i.id').where('c.user_id', '=', customer.userId).where('i.variant_id', '=', variant.id).executeTakeFirstOrThrow()).id;
  expect((await customer.agent.delete(`/api/v1/shoppingcarts/shoppingcartitems/${line}`).set('X-CSRF-Token', customer.token).set('Accept', 'application/json')).status).toBe(200);
  expect(await cartCoupon()).toBe('SAVE5');
  expect((await customer.calls.cart()).body).toMatchObject({ AmountTaxIncl: 100, DiscountTaxInclHtml: null });
  const answer = await postCheckout(testApp, customer.agent, { Email: demo.customer.email, PaymentMethod: 'Card' });
  expect(answer.status).toBe(303);
  const order = await orderOfAnswer(testApp, answer.headers.location);
  expect(Number(order.discount_incl_cents)).toBe(0);
  expect(Number(order.total_incl_cents)).toBe(10_000 + Number(order.shipping_incl_cents));
  expect((await payByCard(customer.agent, order.number)).status).toBe(303);
  expect(await movementsOfOrder(testApp, { accountId: customer.accountId, orderId: order.id })).toEqual([{ kind: 'TopUp', cents: 10_000 }]);
  expect(await balanceOf(testApp, customer.accountId)).toBe(30_000);
});

test("a mixed cart: the coupon's minimum and percentage count the products alone; the top-up is credited in full", async () => {
  const { variant, quantity } = await addProducts();
  const goods = variant.priceInclCents * quantity;
  expect((await customer.calls.addTopUp(customer.accountId, 10)).status).toBe(200);
  expect((await customer.calls.applyCoupon('WELCOME10')).body).toBe(true);
  const discount = Math.floor((goods * 1000 * 2 + 10_000) / 20_000);
  const cart = (await customer.calls.cart()).body as { AmountTaxIncl: number };
  expect(Math.round(cart.AmountTaxIncl * 100)).toBe(goods + 10_000 - discount);
  const page = parseHtml((await customer.agent.get('/fr/shoppingcarts')).text);
  expect(textOf(page, '[data-coupon-top-ups]')).toBe(resource('fr', 'Coupons.NotForTopUps'));
  const answer = await postCheckout(testApp, customer.agent, { Email: demo.customer.email, PaymentMethod: 'Card' });
  expect(answer.status).toBe(303);
  const order = await orderOfAnswer(testApp, answer.headers.location);
  expect([Number(order.discount_incl_cents), order.coupon_code]).toEqual([discount, 'WELCOME10']);
  expect(Number(order.total_incl_cents)).toBe(goods + 10_000 + Number(order.shipping_incl_cents) - discount);
  expect((await payByCard(customer.agent, order.number)).status).toBe(303);
  expect(await movementsOfOrder(testApp, { accountId: customer.accountId, orderId: order.id })).toEqual([{ kind: 'TopUp', cents: 10_000 }]);
});

test("a mixed cart whose products are below a coupon's minimum does not take it, whatever the top-ups add", async () => {
  let variant = await plainVariant(testApp.db, { stock: 100 });
  for (let skip = 1; variant.priceInclCents >= 4900; skip++) variant = await plainVariant(testApp.db, { stock: 100, skip });
  const quantity = Math.floor(4900 / variant.priceInclCents);
  expect(variant.priceInclCents * quantity).toBeLessThan(5000);
  expect((await customer.calls.addProduct(variant.id, quantity)).status).toBe(200);
  expect((await customer.calls.addTopUp(customer.accountId, 10)).status).toBe(200);
  expect((await customer.calls.applyCoupon('SAVE5')).body).toBe(false);
  expect(await cartCoupon()).toBeNull();
});

test('a top-up paid from the account it tops up is refused at checkout with its message; nothing is placed', async () => {
  expect((await customer.calls.addTopUp(customer.accountId, 10)).status).toBe(200);
  const before = await ordersOfCustomer();
  const answer = await postCheckout(testApp, customer.agent, { Email: demo.customer.email, PrepaidAccountId: String(customer.accountId) });
  expect(answer.status).toBe(400);
  expect(textOf(parseHtml(answer.text), '#checkout-PrepaidAccountId-error')).toBe(resource('fr', 'Sales.Prepaid.TopUpFromItself'));
  expect(await ordersOfCustomer()).toEqual(before);
  expect(await balanceOf(testApp, customer.accountId)).toBe(20_000);
});

test('a top-up order is not offered, nor paid, from its own account on the payment page', async () => {
  expect((await customer.calls.addTopUp(customer.accountId, 10)).status).toBe(200);
  const placed = await postCheckout(testApp, customer.agent, { Email: demo.customer.email, PaymentMethod: 'Card' });
  const order = await orderOfAnswer(testApp, placed.headers.location);
  const page = parseHtml((await customer.agent.get(`/fr/payments?order=${order.number}`)).text);
  expect(attributesOf(page, 'input[name=PrepaidAccountId]', 'value')).not.toContain(String(customer.accountId));
  const paid = await customer.agent.post('/fr/payments/prepaid').type('form').send({ _csrf: customer.token, OrderNumber: order.number, PrepaidAccountId: customer.accountId });
  expect(paid.status).toBe(400);
  expect(textOf(parseHtml(paid.text), '.error-page')).toContain(resource('fr', 'Sales.Prepaid.TopUpFromItself'));
  expect((await testApp.db.selectFrom('orders').select('state').where('id', '=', order.id).executeTakeFirstOrThrow()).state).toBe('Placed');
  expect(await balanceOf(testApp, customer.accountId)).toBe(20_000);
  expect(await movementsOfOrder(testApp, { accountId: customer.accountId, orderId: order.id })).toEqual([]);
});

describe('the credit is what was paid for the line', () => {
  async function placedOrder(lines: { variantId: number; sku: string; cents: number }[], discountCents: number) {
    const orderLines = lines.map((line) => ({ variantId: line.variantId, sku: line.sku, name: line.sku, quantity: 1, unitInclCents: line.cents, unitExclCents: line.cents, totalInclCents: line.cents, totalExclCents: line.cents, taxRateBp: 0 }));
    const subtotal = lines.reduce((sum, line) => sum + line.cents, 0);
    const summary = {
      currency: 'EUR', lines: orderLines, subtotalInclCents: subtotal, subtotalExclCents: subtotal, shipping: null,
      discount: { code: 'LEGACY', inclCents: discountCents, exclCents: discountCents }, taxes: [], totalInclCents: subtotal - discountCents,
      totalExclCents: subtotal - discountCents, taxCents: 0, reverseCharge: false,
    };
    const key = `legacy-${Date.now()}-${Math.random()}`;
    const placed = await placeOrder(testApp.db, { idempotencyKey: key, email: demo.customer.email, userId: customer.userId, culture: 'fr', paymentMethod: 'Card', billing: orderAddress, shipping: orderAddress, summary }, { redeemCoupon: async () => {} });
    await transitionOrder(testApp.db, placed.orderId, 'Paid', 'test');
    return placed.orderId;
  }

  test('an order whose discount fell on its top-up (placed before the rule) credits the amount paid, not the price', async () => {
    const prepaid = await prepaidVariantId(testApp);
    const orderId = await placedOrder([{ variantId: prepaid, sku: 'PREPAID-10', cents: 10_000 }], 500);
    expect(await movementsOfOrder(testApp, { accountId: customer.accountId, orderId })).toEqual([{ kind: 'TopUp', cents: 9_500 }]);
  });

  test('with products, the discount falls on them first; only what they cannot take comes off the credit', async () => {
    const prepaid = await prepaidVariantId(testApp);
    const product = await plainVariant(testApp.db);
    const lines = [{ variantId: product.id, sku: product.sku, cents: 3_000 }, { variantId: prepaid, sku: 'PREPAID-10', cents: 10_000 }];
    expect(await movementsOfOrder(testApp, { accountId: customer.accountId, orderId: await placedOrder(lines, 2_000) })).toEqual([{ kind: 'TopUp', cents: 10_000 }]);
    expect(await movementsOfOrder(testApp, { accountId: customer.accountId, orderId: await placedOrder(lines, 4_000) })).toEqual([{ kind: 'TopUp', cents: 9_000 }]);
  });
});
