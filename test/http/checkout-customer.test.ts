// The checkout of a signed-in customer (the order is theirs) and an order with a coupon (redeemed once,
// the discount on the order, the totals reconciling).
import { useTestApp } from '../support/app';
import { parseHtml, textOf } from '../support/html';
import { resource } from '../support/resources';
import { demo, signedIn } from './accounts-helpers';
import { cartFor, orderOf, validCheckout } from './checkout-helpers';

const testApp = useTestApp();

async function customerId(): Promise<number> {
  return (await testApp.db.selectFrom('users').select('id').where('email', '=', demo.customer.email).executeTakeFirstOrThrow()).id;
}

test('a signed-in customer checks out: the order is theirs, and only they (not another visitor) open its confirmation', async () => {
  const { agent } = await signedIn(testApp, demo.customer);
  const userId = await customerId();
  const { html, csrf, key, variant } = await cartFor(testApp, { agent, userId, quantity: 1 });
  // The form starts from the account.
  expect(html.querySelector('input[name="Email"]')!.getAttribute('value')).toBe(demo.customer.email);
  const answer = await agent.post('/fr/checkout').type('form').send({ ...(await validCheckout(testApp, { Email: demo.customer.email })), _csrf: csrf, IdempotencyKey: key });
  expect(answer.status).toBe(303);
  const order = await orderOf(testApp, answer.headers.location);
  expect(order.user_id).toBe(userId);
  expect(order.email).toBe(demo.customer.email);
  expect(order.total_incl_cents).toBe(variant.price_incl_cents + 1290);
  const confirmation = await agent.get(answer.headers.location);
  expect(confirmation.status).toBe(200);
  expect(textOf(parseHtml(confirmation.text), 'h1')).toBe(`Commande ${order.number}`);
  const other = await signedIn(testApp, demo.staff);
  expect((await other.agent.get(answer.headers.location)).status).toBe(404);
});

test('an order with a coupon records the redemption and the discount, and its totals reconcile', async () => {
  const coupon = await testApp.db.selectFrom('coupons').select(['id', 'used_count', 'value']).where('code', '=', 'FIRST10').executeTakeFirstOrThrow();
  const { agent, csrf, key, variant, cartId } = await cartFor(testApp, { quantity: 3, couponCode: 'FIRST10' });
  const answer = await agent.post('/fr/checkout').type('form').send({ ...(await validCheckout(testApp, { Email: 'coupon@example.com' })), _csrf: csrf, IdempotencyKey: key });
  expect(answer.status).toBe(303);
  const order = await orderOf(testApp, answer.headers.location);
  // FIRST10 is 20 % of the tax-incl subtotal.
  const subtotal = variant.price_incl_cents * 3;
  expect(order.coupon_code).toBe('FIRST10');
  expect(order.subtotal_incl_cents).toBe(subtotal);
  expect(order.discount_incl_cents).toBe(Math.round((subtotal * coupon.value) / 10_000));
  expect(order.discount_excl_cents).toBeGreaterThan(0);
  expect(order.discount_excl_cents).toBeLessThan(order.discount_incl_cents);
  // lines + shipping - discount = total; incl = excl + tax; the taxes by rate add up to the tax.
  const lines = await testApp.db.selectFrom('order_lines').selectAll().where('order_id', '=', order.id).execute();
  expect(lines.reduce((sum, line) => sum + line.total_incl_cents, 0)).toBe(order.subtotal_incl_cents);
  expect(lines.reduce((sum, line) => sum + line.total_excl_cents, 0)).toBe(order.subtotal_excl_cents);
  expect(order.total_incl_cents).toBe(order.subtotal_incl_cents + order.shipping_incl_cents - order.discount_incl_cents);
  expect(order.total_excl_cents).toBe(order.subtotal_excl_cents + order.shipping_excl_cents - order.discount_excl_cents);
  expect(order.total_incl_cents).toBe(order.total_excl_cents + order.tax_cents);
  expect((JSON.parse(order.taxes) as { cents: number }[]).reduce((sum, tax) => sum + tax.cents, 0)).toBe(order.tax_cents);
  // Redeemed once, for this order; the cart lets go of the code.
  const redemptions = await testApp.db.selectFrom('coupon_redemptions').selectAll().where('coupon_id', '=', coupon.id).execute();
  expect(redemptions).toEqual([expect.objectContaining({ order_id: order.id, email: 'coupon@example.com', user_id: null })]);
  expect((await testApp.db.selectFrom('coupons').select('used_count').where('id', '=', coupon.id).executeTakeFirstOrThrow()).used_count).toBe(coupon.used_count + 1);
  expect((await testApp.db.selectFrom('carts').select('coupon_code').where('id', '=', cartId).executeTakeFirstOrThrow()).coupon_code).toBeNull();
  // The confirmation shows the discount.
  const confirmation = parseHtml((await agent.get(answer.headers.location)).text);
  expect(textOf(confirmation, '.order-discount')).toContain('(FIRST10)');
});

test('a used-up coupon no longer discounts: the checkout is refused with the new total (nothing placed or redeemed), then placed at that total', async () => {
  await testApp.db.updateTable('coupons').set({ usage_limit: 1, used_count: 1 }).where('code', '=', 'SAVE5').execute();
  const { agent, csrf, key, variant, cartId } = await cartFor(testApp, { quantity: 1, couponCode: 'SAVE5' });
  // The summary re-checks the code when the order is placed: gone since the cart took it, the shopper is told first.
  const posted = await validCheckout(testApp, { Email: 'late@example.com' });
  const refused = await agent.post('/fr/checkout').type('form').send({ ...posted, _csrf: csrf, IdempotencyKey: key });
  expect(refused.status).toBe(409);
  const form = parseHtml(refused.text);
  expect(textOf(form, '.form-error')).toBe(resource('fr', 'Checkout.CouponExhausted'));
  expect(form.querySelector('.order-discount')).toBeNull();
  expect(await testApp.db.selectFrom('orders').select('id').where('idempotency_key', '=', key).execute()).toEqual([]);
  expect((await testApp.db.selectFrom('carts').select('coupon_code').where('id', '=', cartId).executeTakeFirstOrThrow()).coupon_code).toBeNull();
  const answer = await agent.post('/fr/checkout').type('form').send({ ...posted, _csrf: csrf, IdempotencyKey: form.querySelector('input[name="IdempotencyKey"]')!.getAttribute('value') });
  expect(answer.status).toBe(303);
  const order = await orderOf(testApp, answer.headers.location);
  expect(order.coupon_code).toBeNull();
  expect(order.discount_incl_cents).toBe(0);
  expect(order.total_incl_cents).toBe(variant.price_incl_cents + 1290);
  expect(await testApp.db.selectFrom('coupon_redemptions').select('id').where('order_id', '=', order.id).execute()).toHaveLength(0);
});
