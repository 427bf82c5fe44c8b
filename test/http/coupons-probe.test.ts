// Every seeded coupon against every kind of cart line (issue 28, item 2, in the spirit of a probe): a
// product, a prepaid top-up, a birth-list line and the mixes, paid by card through the sandbox provider
// and from a prepaid account, as the demo customer. Each case asserts what the coupon call answered,
// the discount and total the order holds, what the payment took and what the top-up credited: no coupon
// discounts a top-up, the percentage and the minimum count the other lines alone, the credit is what was
// paid. Run on PostgreSQL too: DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx jest test/http/coupons-probe.test.ts
import { randomBytes } from 'node:crypto';
import { upsertBirthListItem, insertBirthList } from '../../server/birth-lists/data';
import { insertPrepaidAccount } from '../../server/prepaid/data';
import { useTestApp } from '../support/app';
import { type Agent, demo, signedIn } from './accounts-helpers';
import { plainVariant } from './cart-helpers';
import { userIdOf } from './checkout-helpers';
import { freshCustomerState, jsonCalls, movementsOfOrder, orderOfAnswer, payByCard, postCheckout } from './coupons-helpers';
import { prepaidVariantId } from './prepaid-helpers';

const testApp = useTestApp();

/** The seeded coupons (server/db/seed/coupons.ts) and the discount each gives on `goods` cents, or null when it does not apply. */
const coupons: Record<string, (goods: number) => number | null> = {
  WELCOME10: (goods) => Math.floor((goods * 1000 * 2 + 10_000) / 20_000),
  SAVE5: (goods) => (goods >= 5000 ? 500 : null),
  FIRST10: (goods) => Math.floor((goods * 2000 * 2 + 10_000) / 20_000),
  CLAIRE15: (goods) => Math.floor((goods * 1500 * 2 + 10_000) / 20_000),
  SUMMER2024: () => null,
};
const carts = ['product', 'top-up', 'birth-list', 'product + top-up', 'birth-list + top-up'] as const;
const payments = ['card', 'prepaid account'] as const;
const TOP_UP_CARDS = 10;

let shopper: { agent: Agent; calls: ReturnType<typeof jsonCalls>; userId: number; accountId: number; walletId: number; listToken: string };
let product: { id: number; quantity: number };
let listed: { id: number; quantity: number };

/** A variant of at least 60.00 a line (SAVE5's minimum is 50.00), the `skip`-th plain one. */
async function sixtyEuroLine(skip: number) {
  const variant = await plainVariant(testApp.db, { stock: 500, skip });
  return { id: variant.id, quantity: Math.ceil(6000 / variant.priceInclCents) };
}

/** A second prepaid product and the customer's account on it: the wallet that pays for top-ups of the first. */
async function walletOf(userId: number): Promise<number> {
  const { db } = testApp;
  const card = await db.selectFrom('product_variants').selectAll().where('id', '=', await prepaidVariantId(testApp)).executeTakeFirstOrThrow();
  const { id: _id, ...columns } = card;
  const variant = await db.insertInto('product_variants').values({ ...columns, sku: 'PREPAID-WALLET', is_default: 0, position: 1 }).returning('id').executeTakeFirstOrThrow();
  return insertPrepaidAccount(db, { userId, variantId: variant.id, name: 'Porte-monnaie', currency: 'EUR', now: Date.now() });
}

beforeAll(async () => {
  const session = await signedIn(testApp, demo.customer);
  const userId = await userIdOf(testApp, demo.customer.email);
  const account = await testApp.db.selectFrom('prepaid_accounts').select('id').where('user_id', '=', userId).orderBy('id').executeTakeFirstOrThrow();
  [product, listed] = [await sixtyEuroLine(0), await sixtyEuroLine(1)];
  const listToken = randomBytes(24).toString('base64url');
  const listId = await insertBirthList(testApp.db, { userId: await userIdOf(testApp, demo.staff.email), token: listToken, fields: { childName: 'Léa', birthDate: '2026-03-14', message: '' } });
  await upsertBirthListItem(testApp.db, { birthListId: listId, variantId: listed.id, quantity: 1000 });
  shopper = { agent: session.agent, calls: jsonCalls(session.agent, session.token), userId, accountId: account.id, walletId: await walletOf(userId), listToken };
});

beforeEach(async () => {
  // Each case starts from no cart and unused coupons (WELCOME10 and CLAIRE15 are once per customer).
  await freshCustomerState(testApp, { userId: shopper.userId, accountId: shopper.accountId, balanceCents: 0 });
  await testApp.db.updateTable('prepaid_accounts').set({ balance_cents: 10_000_000 }).where('id', '=', shopper.walletId).execute();
  await testApp.db.deleteFrom('coupon_redemptions').execute();
  await testApp.db.updateTable('coupons').set({ used_count: 0 }).execute();
});

/** Fills the cart as the shopper does; answers the tax-incl total of the lines a coupon may discount. */
async function fill(kind: (typeof carts)[number]): Promise<{ goods: number; topUp: number }> {
  const { calls } = shopper;
  if (kind.includes('product')) expect((await calls.addProduct(product.id, product.quantity)).status).toBe(200);
  if (kind.includes('birth-list')) expect((await calls.addFromBirthList(shopper.listToken, listed.id, listed.quantity)).status).toBe(200);
  if (kind.includes('top-up')) expect((await calls.addTopUp(shopper.accountId, TOP_UP_CARDS)).status).toBe(200);
  const items = ((await calls.cart()).body as { Items: { ItemOrigin: string; Quantity: number; UnitPriceTaxIncl: number }[] }).Items;
  const total = (prepaid: boolean) => items.filter((item) => (item.ItemOrigin === 'Prepaid') === prepaid).reduce((sum, item) => sum + Math.round(item.UnitPriceTaxIncl * 100) * item.Quantity, 0);
  return { goods: total(false), topUp: total(true) };
}

const cases = Object.keys(coupons).flatMap((code) => carts.flatMap((cart) => payments.map((payment) => [code, cart, payment] as const)));

test.each(cases)('%s on a cart of %s, paid by %s', async (code, cart, payment) => {
  const { goods, topUp } = await fill(cart);
  expect(topUp).toBe(cart.includes('top-up') ? TOP_UP_CARDS * 1000 : 0);
  const discount = goods > 0 ? coupons[code](goods) : null;
  expect((await shopper.calls.applyCoupon(code)).body).toBe(discount !== null);
  const overrides: Record<string, string> = payment === 'card' ? { PaymentMethod: 'Card' } : { PrepaidAccountId: String(shopper.walletId) };
  const answer = await postCheckout(testApp, shopper.agent, { Email: demo.customer.email, ...overrides });
  expect(answer.status).toBe(303);
  let order = await orderOfAnswer(testApp, answer.headers.location);
  expect([Number(order.discount_incl_cents), order.coupon_code]).toEqual(discount === null ? [0, null] : [discount, code]);
  expect(Number(order.total_incl_cents)).toBe(goods + topUp + Number(order.shipping_incl_cents) - (discount ?? 0));
  if (payment === 'card') expect((await payByCard(shopper.agent, order.number)).status).toBe(303);
  order = await orderOfAnswer(testApp, answer.headers.location);
  expect(order.state).toBe('Paid');
  const paidFromWallet = await movementsOfOrder(testApp, { accountId: shopper.walletId, orderId: order.id });
  expect(paidFromWallet).toEqual(payment === 'card' ? [] : [{ kind: 'Payment', cents: -Number(order.total_incl_cents) }]);
  expect(await movementsOfOrder(testApp, { accountId: shopper.accountId, orderId: order.id })).toEqual(topUp ? [{ kind: 'TopUp', cents: topUp }] : []);
  const redeemed = await testApp.db.selectFrom('coupon_redemptions').select('id').where('order_id', '=', order.id).execute();
  expect(redeemed).toHaveLength(discount === null ? 0 : 1);
});
