// A coupon that lapses between the cart and the order (issue 28, item 3): used up by parallel checkouts,
// or expired meanwhile, the checkout is refused with Checkout.CouponExhausted and the new total (the
// page again, 409; a JSON caller its 409 with the message), the code leaves the cart, and nothing is ever
// placed at a price the shopper did not see. Run on PostgreSQL too:
// DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx jest test/http/checkout-coupon-lapse.test.ts
import { formatMoney } from '../../server/shared/money';
import { useTestApp } from '../support/app';
import { attributeOf, parseHtml, textOf } from '../support/html';
import { resource } from '../support/resources';
import { cartFor, validCheckout } from './checkout-helpers';

const testApp = useTestApp();
const spaced = (text: string) => text.replace(/\s+/g, ' ').trim();
const money = (cents: number) => spaced(formatMoney({ cents, currency: 'EUR' }, 'fr'));

async function couponRow(code: string) {
  return testApp.db.selectFrom('coupons').select(['id', 'used_count', 'valid_until']).where('code', '=', code).executeTakeFirstOrThrow();
}

async function cartCoupon(cartId: number): Promise<string | null> {
  return (await testApp.db.selectFrom('carts').select('coupon_code').where('id', '=', cartId).executeTakeFirstOrThrow()).coupon_code;
}

/** A coupon of its own for one test: `usageLimit` uses of 20 %. */
async function newCoupon(code: string, usageLimit: number | null = null): Promise<number> {
  const row = await testApp.db
    .insertInto('coupons')
    .values({ code, kind: 'Percent', value: 2000, currency: 'EUR', min_order_cents: 0, valid_from: null, valid_until: null, usage_limit: usageLimit, per_customer_limit: null, used_count: 0, user_id: null, is_active: 1, created_at: Date.now() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The checkout page's shown total and discount (the summary's rows). */
function shownTotals(html: ReturnType<typeof parseHtml>) {
  return { total: spaced(textOf(html, '.order-total .amount')), discount: html.querySelector('.order-discount') ? spaced(textOf(html, '.order-discount .amount')) : null };
}

test('parallel checkouts on a coupon of 10 uses: exactly 10 orders carry it, the others are refused with the new total, none at full price', async () => {
  await newCoupon('RACE10', 10);
  const carts = [];
  for (let n = 0; n < 20; n++) carts.push(await cartFor(testApp, { couponCode: 'RACE10', stock: 1000, quantity: 1 }));
  const price = Number(carts[0].variant.price_incl_cents);
  for (const cart of carts) expect(shownTotals(cart.html).discount).not.toBeNull();
  const posted = await validCheckout(testApp);
  const answers = await Promise.all(carts.map((cart) => cart.agent.post('/fr/checkout').type('form').send({ ...posted, _csrf: cart.csrf, IdempotencyKey: cart.key })));
  expect(answers.map((answer) => answer.status).sort()).toEqual([...Array(10).fill(303), ...Array(10).fill(409)]);
  const orders = await testApp.db.selectFrom('orders').select(['id', 'coupon_code', 'discount_incl_cents', 'subtotal_incl_cents']).where('idempotency_key', 'in', carts.map((cart) => cart.key)).execute();
  expect(orders).toHaveLength(10);
  for (const order of orders) expect([order.coupon_code, Number(order.discount_incl_cents)]).toEqual(['RACE10', Math.floor((price * 2000 * 2 + 10_000) / 20_000)]);
  expect(Number((await couponRow('RACE10')).used_count)).toBe(10);
  for (const [n, answer] of answers.entries()) {
    if (answer.status !== 409) continue;
    const html = parseHtml(answer.text);
    expect(textOf(html, '.form-error')).toBe(resource('fr', 'Checkout.CouponExhausted'));
    // The total shown is the cart's without the coupon, and the cart holds the code no more.
    expect(shownTotals(html).discount).toBeNull();
    expect(await cartCoupon(carts[n].cartId)).toBeNull();
  }
  // The shopper saw the new total: the form shown again places the order at that total.
  const refused = answers.findIndex((answer) => answer.status === 409);
  const again = parseHtml(answers[refused].text);
  const shown = shownTotals(again).total;
  const retry = await carts[refused].agent.post('/fr/checkout').type('form').send({ ...posted, _csrf: carts[refused].csrf, IdempotencyKey: attributeOf(again, 'input[name="IdempotencyKey"]', 'value') });
  expect(retry.status).toBe(303);
  const order = await testApp.db.selectFrom('orders').select(['total_incl_cents', 'discount_incl_cents', 'coupon_code']).where('number', '=', retry.headers.location.split('/').pop()!).executeTakeFirstOrThrow();
  expect([Number(order.discount_incl_cents), order.coupon_code]).toEqual([0, null]);
  expect(money(Number(order.total_incl_cents))).toBe(shown);
});

test('a coupon that expires between the checkout page and the submit: refused with the new total, nothing placed', async () => {
  await newCoupon('EXPIRING');
  const cart = await cartFor(testApp, { couponCode: 'EXPIRING', quantity: 1 });
  expect(shownTotals(cart.html).discount).not.toBeNull();
  await testApp.db.updateTable('coupons').set({ valid_until: Date.now() - 1000 }).where('code', '=', 'EXPIRING').execute();
  const answer = await cart.agent.post('/fr/checkout').type('form').send({ ...(await validCheckout(testApp)), _csrf: cart.csrf, IdempotencyKey: cart.key });
  expect(answer.status).toBe(409);
  const html = parseHtml(answer.text);
  expect(textOf(html, '.form-error')).toBe(resource('fr', 'Checkout.CouponExhausted'));
  expect(shownTotals(html).discount).toBeNull();
  expect(await testApp.db.selectFrom('orders').select('id').where('idempotency_key', '=', cart.key).execute()).toEqual([]);
  expect(await cartCoupon(cart.cartId)).toBeNull();
  expect(Number((await couponRow('EXPIRING')).used_count)).toBe(0);
});

test('a JSON caller gets the 409 with the message and the new amounts; nothing placed', async () => {
  await newCoupon('USEDUP', 1);
  const cart = await cartFor(testApp, { couponCode: 'USEDUP', quantity: 1 });
  await testApp.db.updateTable('coupons').set({ used_count: 1 }).where('code', '=', 'USEDUP').execute();
  const answer = await cart.agent
    .post('/fr/checkout')
    .set('Accept', 'application/json')
    .set('X-CSRF-Token', cart.csrf)
    .send({ ...(await validCheckout(testApp)), IdempotencyKey: cart.key });
  expect(answer.status).toBe(409);
  expect(answer.type).toBe('application/json');
  expect(answer.body).toMatchObject({ Message: resource('fr', 'Checkout.CouponExhausted'), DiscountTaxInclHtml: null, CurrencyCode: 'EUR' });
  // The new total: the line at its full price and the posted method's shipping (express, to France).
  const price = Number(cart.variant.price_incl_cents);
  const method = await testApp.db.selectFrom('shipping_methods').select(['price_incl_cents', 'free_from_cents']).where('code', '=', 'express').executeTakeFirstOrThrow();
  const shipping = method.free_from_cents !== null && price >= Number(method.free_from_cents) ? 0 : Number(method.price_incl_cents);
  expect(Math.round(answer.body.AmountTaxIncl * 100)).toBe(price + shipping);
  expect(await testApp.db.selectFrom('orders').select('id').where('idempotency_key', '=', cart.key).execute()).toEqual([]);
  expect(await cartCoupon(cart.cartId)).toBeNull();
});
