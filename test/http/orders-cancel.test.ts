// Orders that do not go through: placeOrder refuses an item no longer for sale, a bad quantity and a cart
// that changed under it; cancelOrder puts back the stock each warehouse gave and releases the coupon use,
// once; cancelUnpaidOrders cancels card orders left unpaid past the timeout. SQLite and PostgreSQL.
import {
  cancelOrder,
  cancelUnpaidOrders,
  ORDER_PAYMENT_TIMEOUT_MINUTES,
  OrderError,
  type OrderSummary,
  OrderTransitionError,
  type PlaceOrderInput,
  placeOrder,
  transitionOrder,
} from '../../server/orders/orders';
import { useTestApp } from '../support/app';

const testApp = useTestApp();

const address = { firstName: 'Anne', lastName: 'Martin', company: '', street1: '1 rue de la Paix', street2: '', postalCode: '75002', city: 'Paris', countryId: 1, phone: '', vatNumber: '', accountType: 'Private' as const };

type Variant = { id: number; sku: string; product_id: number; price_incl_cents: number; price_excl_cents: number; warehouses: number[] };

/** A managed variant (the n-th active one from the end) with `units` per warehouse, in warehouse order. */
async function variantWithStock(units: number[], nth = 0): Promise<Variant> {
  const { db } = testApp;
  const variant = await db.selectFrom('product_variants').select(['id', 'sku', 'product_id', 'price_incl_cents', 'price_excl_cents']).where('is_active', '=', 1).orderBy('id', 'desc').offset(nth).limit(1).executeTakeFirstOrThrow();
  await db.updateTable('product_variants').set({ stock_mode: 'Managed' }).where('id', '=', variant.id).execute();
  await db.updateTable('products').set({ is_active: 1, available_until: null }).where('id', '=', variant.product_id).execute();
  await db.deleteFrom('variant_stock').where('variant_id', '=', variant.id).execute();
  const warehouses = (await db.selectFrom('warehouses').select('id').where('is_active', '=', 1).orderBy('position').orderBy('id').execute()).map((w) => w.id);
  for (const [i, quantity] of units.entries()) await db.insertInto('variant_stock').values({ variant_id: variant.id, warehouse_id: warehouses[i], quantity }).execute();
  return { ...variant, warehouses: warehouses.slice(0, units.length) };
}

function summaryFor(variant: Variant, quantity = 1, discount: { code: string; inclCents: number; exclCents: number } | null = null): OrderSummary {
  const lineIncl = variant.price_incl_cents * quantity;
  const lineExcl = variant.price_excl_cents * quantity;
  const incl = lineIncl + 600 - (discount?.inclCents ?? 0);
  const excl = lineExcl + 500 - (discount?.exclCents ?? 0);
  return {
    currency: 'EUR',
    lines: [{ variantId: variant.id, sku: variant.sku, name: 'Test', quantity, unitInclCents: variant.price_incl_cents, unitExclCents: variant.price_excl_cents, totalInclCents: lineIncl, totalExclCents: lineExcl }],
    subtotalInclCents: lineIncl,
    subtotalExclCents: lineExcl,
    shipping: { methodId: 1, inclCents: 600, exclCents: 500 },
    discount,
    taxes: [{ rateBp: 2000, cents: incl - excl }],
    totalInclCents: incl,
    totalExclCents: excl,
    taxCents: incl - excl,
    reverseCharge: false,
  };
}

function input(summary: OrderSummary, key: string, extra: Partial<PlaceOrderInput> = {}): PlaceOrderInput {
  return { idempotencyKey: key, summary, email: 'buyer@example.com', userId: null, culture: 'fr', paymentMethod: 'Card', billing: address, shipping: address, ...extra };
}

async function stockByWarehouse(variant: Variant): Promise<number[]> {
  const rows = await testApp.db.selectFrom('variant_stock').select(['warehouse_id', 'quantity']).where('variant_id', '=', variant.id).execute();
  return variant.warehouses.map((id) => Number(rows.find((row) => row.warehouse_id === id)?.quantity ?? 0));
}

async function newCoupon(code: string, usageLimit: number | null = 5) {
  const inserted = await testApp.db
    .insertInto('coupons')
    .values({ code, kind: 'Amount', value: 100, currency: 'EUR', min_order_cents: 0, valid_from: null, valid_until: null, usage_limit: usageLimit, per_customer_limit: null, used_count: 0, user_id: null, is_active: 1, created_at: Date.now() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

async function newCart(variantId: number, quantity: number): Promise<number> {
  const now = Date.now();
  const cart = await testApp.db.insertInto('carts').values({ token: `t-${now}-${Math.random()}`.replace('.', ''), user_id: null, currency: 'EUR', created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow();
  await testApp.db.insertInto('cart_items').values({ cart_id: cart.id, variant_id: variantId, quantity, origin: 'Catalog', item_key: '', created_at: now }).execute();
  return cart.id;
}

const orderIdOf = async (key: string) => (await testApp.db.selectFrom('orders').select('id').where('idempotency_key', '=', key).executeTakeFirst())?.id;

describe('placeOrder refusals', () => {
  test('an inactive product or one whose sale ended: NotForSale, nothing written', async () => {
    const variant = await variantWithStock([5]);
    await testApp.db.updateTable('products').set({ is_active: 0 }).where('id', '=', variant.product_id).execute();
    await expect(placeOrder(testApp.db, input(summaryFor(variant), 'nfs-1'))).rejects.toMatchObject({ code: 'NotForSale', variantId: variant.id });
    await testApp.db.updateTable('products').set({ is_active: 1, available_until: Date.now() - 1000 }).where('id', '=', variant.product_id).execute();
    await expect(placeOrder(testApp.db, input(summaryFor(variant), 'nfs-2'))).rejects.toBeInstanceOf(OrderError);
    await expect(placeOrder(testApp.db, input(summaryFor(variant), 'nfs-2'))).rejects.toMatchObject({ code: 'NotForSale' });
    expect(await orderIdOf('nfs-1')).toBeUndefined();
    expect(await orderIdOf('nfs-2')).toBeUndefined();
    expect(await stockByWarehouse(variant)).toEqual([5]);
    // A sale that ends later still sells.
    await testApp.db.updateTable('products').set({ available_until: Date.now() + 3_600_000 }).where('id', '=', variant.product_id).execute();
    expect((await placeOrder(testApp.db, input(summaryFor(variant), 'nfs-3'))).created).toBe(true);
    await testApp.db.updateTable('products').set({ available_until: null }).where('id', '=', variant.product_id).execute();
  });

  test('a quantity that is not a positive whole number: InvalidQuantity', async () => {
    const variant = await variantWithStock([5]);
    const summary = summaryFor(variant);
    summary.lines[0].quantity = 0;
    await expect(placeOrder(testApp.db, input(summary, 'qty-1'))).rejects.toMatchObject({ code: 'InvalidQuantity', variantId: variant.id });
    expect(await orderIdOf('qty-1')).toBeUndefined();
  });

  test('a cart that no longer holds what the summary sells: CartChanged, nothing written', async () => {
    const variant = await variantWithStock([5]);
    const cartId = await newCart(variant.id, 2);
    // Two tabs summarised the same cart; the first order empties it.
    expect((await placeOrder(testApp.db, input(summaryFor(variant, 2), 'tab-1', { cartId }))).created).toBe(true);
    await expect(placeOrder(testApp.db, input(summaryFor(variant, 2), 'tab-2', { cartId }))).rejects.toMatchObject({ code: 'CartChanged' });
    expect(await orderIdOf('tab-2')).toBeUndefined();
    expect(await stockByWarehouse(variant)).toEqual([3]);
    // A quantity changed since the summary: refused, and the cart keeps its line.
    const other = await newCart(variant.id, 3);
    await expect(placeOrder(testApp.db, input(summaryFor(variant, 1), 'tab-3', { cartId: other }))).rejects.toMatchObject({ code: 'CartChanged' });
    expect(await testApp.db.selectFrom('cart_items').select('quantity').where('cart_id', '=', other).execute()).toEqual([{ quantity: 3 }]);
    expect(await stockByWarehouse(variant)).toEqual([3]);
  });

  test('two keys for one cart in parallel: exactly one order', async () => {
    const variant = await variantWithStock([10]);
    const cartId = await newCart(variant.id, 1);
    const outcomes = await Promise.allSettled(Array.from({ length: 8 }, (_, i) => placeOrder(testApp.db, input(summaryFor(variant, 1), `par-${i}`, { cartId }))));
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    for (const o of outcomes) if (o.status === 'rejected') expect(o.reason).toMatchObject({ code: 'CartChanged' });
    expect(await stockByWarehouse(variant)).toEqual([9]);
  });
});

describe('cancelOrder', () => {
  test('puts back the stock each warehouse gave and releases the coupon use, once', async () => {
    const variant = await variantWithStock([2, 5]);
    const couponId = await newCoupon('CANCEL-ONCE');
    const placed = await placeOrder(testApp.db, input(summaryFor(variant, 3, { code: 'CANCEL-ONCE', inclCents: 100, exclCents: 83 }), 'cancel-1'));
    expect(await stockByWarehouse(variant)).toEqual([0, 4]);
    const taken = await testApp.db.selectFrom('order_stock').select(['warehouse_id', 'quantity']).where('order_id', '=', placed.orderId).orderBy('warehouse_id').execute();
    expect(taken.map((row) => [row.warehouse_id, Number(row.quantity)])).toEqual([[variant.warehouses[0], 2], [variant.warehouses[1], 1]].sort((a, b) => a[0] - b[0]));
    expect((await testApp.db.selectFrom('coupons').select('used_count').where('id', '=', couponId).executeTakeFirstOrThrow()).used_count).toBe(1);

    expect(await cancelOrder(testApp.db, placed.orderId, 'Customer')).toEqual({ changed: true });
    expect(await stockByWarehouse(variant)).toEqual([2, 5]);
    expect((await testApp.db.selectFrom('coupons').select('used_count').where('id', '=', couponId).executeTakeFirstOrThrow()).used_count).toBe(0);
    expect(await testApp.db.selectFrom('coupon_redemptions').select('id').where('order_id', '=', placed.orderId).execute()).toHaveLength(0);
    const order = await testApp.db.selectFrom('orders').select('state').where('id', '=', placed.orderId).executeTakeFirstOrThrow();
    expect(order.state).toBe('Cancelled');
    const history = await testApp.db.selectFrom('order_state_history').select(['from_state', 'to_state', 'note']).where('order_id', '=', placed.orderId).orderBy('id').execute();
    expect(history.at(-1)).toEqual({ from_state: 'Placed', to_state: 'Cancelled', note: 'Customer' });

    // Called again (and twice in parallel): nothing more goes back.
    expect(await cancelOrder(testApp.db, placed.orderId, 'Customer')).toEqual({ changed: false });
    expect(await stockByWarehouse(variant)).toEqual([2, 5]);
    expect((await testApp.db.selectFrom('coupons').select('used_count').where('id', '=', couponId).executeTakeFirstOrThrow()).used_count).toBe(0);
    expect(await testApp.db.selectFrom('order_state_history').select('id').where('order_id', '=', placed.orderId).where('to_state', '=', 'Cancelled').execute()).toHaveLength(1);
  });

  test('two parallel cancels of one order: processed once', async () => {
    const variant = await variantWithStock([4], 1);
    const placed = await placeOrder(testApp.db, input(summaryFor(variant, 3), 'cancel-par'));
    expect(await stockByWarehouse(variant)).toEqual([1]);
    const results = await Promise.all(Array.from({ length: 5 }, () => cancelOrder(testApp.db, placed.orderId, 'Race')));
    expect(results.filter((r) => r.changed)).toHaveLength(1);
    expect(await stockByWarehouse(variant)).toEqual([4]);
  });

  test('a paid order cannot be cancelled: OrderTransitionError, nothing put back', async () => {
    const variant = await variantWithStock([4], 2);
    const placed = await placeOrder(testApp.db, input(summaryFor(variant, 1), 'cancel-paid'));
    await transitionOrder(testApp.db, placed.orderId, 'Paid');
    await expect(cancelOrder(testApp.db, placed.orderId, 'Late')).rejects.toBeInstanceOf(OrderTransitionError);
    expect(await stockByWarehouse(variant)).toEqual([3]);
  });
});

describe('cancelUnpaidOrders', () => {
  test(`cancels card orders still Placed after ${ORDER_PAYMENT_TIMEOUT_MINUTES} minutes, and nothing else`, async () => {
    const variant = await variantWithStock([20], 3);
    const couponId = await newCoupon('SWEEP-ONE');
    const now = Date.now();
    const old = now - ORDER_PAYMENT_TIMEOUT_MINUTES * 60_000 - 1000;
    const stale = await placeOrder(testApp.db, input(summaryFor(variant, 2, { code: 'SWEEP-ONE', inclCents: 100, exclCents: 83 }), 'sweep-stale', { now: old }));
    const recent = await placeOrder(testApp.db, input(summaryFor(variant, 1), 'sweep-recent', { now: now - 5 * 60_000 }));
    const bank = await placeOrder(testApp.db, input(summaryFor(variant, 1), 'sweep-bank', { now: old, paymentMethod: 'BankTransfer' }));
    const paid = await placeOrder(testApp.db, input(summaryFor(variant, 1), 'sweep-paid', { now: old }));
    await transitionOrder(testApp.db, paid.orderId, 'Paid');
    expect(await stockByWarehouse(variant)).toEqual([15]);

    expect(await cancelUnpaidOrders(testApp.db, now)).toEqual([stale.number]);
    const states = await testApp.db.selectFrom('orders').select(['id', 'state']).where('id', 'in', [stale.orderId, recent.orderId, bank.orderId, paid.orderId]).execute();
    const stateOf = (id: number) => states.find((s) => s.id === id)?.state;
    expect([stateOf(stale.orderId), stateOf(recent.orderId), stateOf(bank.orderId), stateOf(paid.orderId)]).toEqual(['Cancelled', 'Placed', 'AwaitingPayment', 'Paid']);
    expect(await stockByWarehouse(variant)).toEqual([17]);
    expect((await testApp.db.selectFrom('coupons').select('used_count').where('id', '=', couponId).executeTakeFirstOrThrow()).used_count).toBe(0);
    const note = await testApp.db.selectFrom('order_state_history').select('note').where('order_id', '=', stale.orderId).where('to_state', '=', 'Cancelled').executeTakeFirstOrThrow();
    expect(note.note).toBe('PaymentTimeout');

    // A second sweep finds nothing more to do.
    expect(await cancelUnpaidOrders(testApp.db, now)).toEqual([]);
    expect(await stockByWarehouse(variant)).toEqual([17]);
  });
});
