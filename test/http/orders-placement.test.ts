// placeOrder under load: stock never oversold, a doubled submit is one order, totals reconcile,
// state transitions follow the one table. Runs on SQLite and (DATABASE_URL) PostgreSQL.
import { checkTotals, findOrderByNumber, OrderError, type OrderSummary, type PlaceOrderInput, placeOrder, transitionOrder, OrderTransitionError } from '../../server/orders/orders';
import { transitions } from '../../server/orders/states';
import { useTestApp } from '../support/app';
import { orderAddress } from './checkout-helpers';

const testApp = useTestApp();

/** A managed variant with exactly `units` in one warehouse (its other stock rows emptied). */
async function variantWithStock(units: number, mode: 'Managed' | 'NoManagement' | 'OnOrder' = 'Managed') {
  const { db } = testApp;
  const variant = await db.selectFrom('product_variants').select(['id', 'sku', 'price_incl_cents', 'price_excl_cents']).where('is_active', '=', 1).orderBy('id', 'desc').executeTakeFirstOrThrow();
  await db.updateTable('product_variants').set({ stock_mode: mode }).where('id', '=', variant.id).execute();
  await db.deleteFrom('variant_stock').where('variant_id', '=', variant.id).execute();
  const warehouses = await db.selectFrom('warehouses').select('id').where('is_active', '=', 1).orderBy('position').execute();
  await db.insertInto('variant_stock').values({ variant_id: variant.id, warehouse_id: warehouses[0].id, quantity: units }).execute();
  return { ...variant, warehouses: warehouses.map((w) => w.id) };
}

function summaryFor(variant: { id: number; sku: string; price_incl_cents: number; price_excl_cents: number }, quantity = 1): OrderSummary {
  const lineIncl = variant.price_incl_cents * quantity;
  const lineExcl = variant.price_excl_cents * quantity;
  const shipping = { methodId: 1, inclCents: 600, exclCents: 500 };
  return {
    currency: 'EUR',
    lines: [{ variantId: variant.id, sku: variant.sku, name: 'Test', quantity, unitInclCents: variant.price_incl_cents, unitExclCents: variant.price_excl_cents, totalInclCents: lineIncl, totalExclCents: lineExcl }],
    subtotalInclCents: lineIncl,
    subtotalExclCents: lineExcl,
    shipping,
    discount: null,
    taxes: [{ rateBp: 2000, cents: lineIncl + 600 - lineExcl - 500 }],
    totalInclCents: lineIncl + 600,
    totalExclCents: lineExcl + 500,
    taxCents: lineIncl + 600 - lineExcl - 500,
    reverseCharge: false,
  };
}

function input(summary: OrderSummary, key: string, paymentMethod: 'BankTransfer' | 'Card' = 'BankTransfer'): PlaceOrderInput {
  return { idempotencyKey: key, summary, email: 'buyer@example.com', userId: null, culture: 'fr', paymentMethod, billing: orderAddress, shipping: orderAddress };
}

async function stockOf(variantId: number): Promise<number> {
  const rows = await testApp.db.selectFrom('variant_stock').select('quantity').where('variant_id', '=', variantId).execute();
  return rows.reduce((sum, row) => sum + Number(row.quantity), 0);
}

test('200 concurrent orders for a variant with 5 units: exactly 5 orders, 195 clean OutOfStock answers', async () => {
  const variant = await variantWithStock(5);
  const outcomes = await Promise.allSettled(Array.from({ length: 200 }, (_, i) => placeOrder(testApp.db, input(summaryFor(variant), `race-${i}`))));
  const placed = outcomes.filter((o) => o.status === 'fulfilled');
  const refused = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
  expect(placed).toHaveLength(5);
  expect(refused).toHaveLength(195);
  for (const r of refused) {
    expect(r.reason).toBeInstanceOf(OrderError);
    expect((r.reason as OrderError).code).toBe('OutOfStock');
    expect((r.reason as OrderError).variantId).toBe(variant.id);
  }
  expect(await stockOf(variant.id)).toBe(0);
  const lines = await testApp.db.selectFrom('order_lines').select('order_id').where('variant_id', '=', variant.id).execute();
  expect(lines).toHaveLength(5);
  // Nothing half written by the refused ones.
  const orders = await testApp.db.selectFrom('orders').select('id').where('idempotency_key', 'like', 'race-%').execute();
  expect(orders).toHaveLength(5);
});

test('stock is taken across warehouses and never below zero', async () => {
  const variant = await variantWithStock(2);
  await testApp.db.insertInto('variant_stock').values({ variant_id: variant.id, warehouse_id: variant.warehouses[1], quantity: 2 }).execute();
  const first = await placeOrder(testApp.db, input(summaryFor(variant, 3), 'wh-1'));
  expect(first.created).toBe(true);
  expect(await stockOf(variant.id)).toBe(1);
  await expect(placeOrder(testApp.db, input(summaryFor(variant, 2), 'wh-2'))).rejects.toMatchObject({ code: 'OutOfStock' });
  expect(await stockOf(variant.id)).toBe(1);
  expect(await testApp.db.selectFrom('orders').select('id').where('idempotency_key', '=', 'wh-2').executeTakeFirst()).toBeUndefined();
});

test('NoManagement and OnOrder variants are not limited by stock', async () => {
  const unmanaged = await variantWithStock(0, 'NoManagement');
  expect((await placeOrder(testApp.db, input(summaryFor(unmanaged, 7), 'nm-1'))).created).toBe(true);
  const onOrder = await variantWithStock(2, 'OnOrder');
  expect((await placeOrder(testApp.db, input(summaryFor(onOrder, 5), 'oo-1'))).created).toBe(true);
  expect(await stockOf(onOrder.id)).toBe(0);
});

test('the same checkout submitted 20 times in parallel makes one order', async () => {
  const variant = await variantWithStock(50);
  const results = await Promise.all(Array.from({ length: 20 }, () => placeOrder(testApp.db, input(summaryFor(variant, 2), 'same-submit'))));
  expect(new Set(results.map((r) => r.number)).size).toBe(1);
  expect(results.filter((r) => r.created)).toHaveLength(1);
  expect(await stockOf(variant.id)).toBe(48);
  const orders = await testApp.db.selectFrom('orders').select('id').where('idempotency_key', '=', 'same-submit').execute();
  expect(orders).toHaveLength(1);
  // A later retry answers the same order too.
  const retry = await placeOrder(testApp.db, input(summaryFor(variant, 2), 'same-submit'));
  expect(retry).toEqual({ orderId: results[0].orderId, number: results[0].number, created: false });
});

test('an order keeps its lines, totals, addresses and number; totals reconcile', async () => {
  const variant = await variantWithStock(10);
  const summary = summaryFor(variant, 3);
  const { number } = await placeOrder(testApp.db, { ...input(summary, 'full-1'), ratePpm: 1_000_000 });
  expect(number).toMatch(/^\d{4}-\d{6}$/);
  const order = (await findOrderByNumber(testApp.db, number))!;
  expect(order.state).toBe('AwaitingPayment');
  expect(order.history.map((h) => h.to)).toEqual(['Placed', 'AwaitingPayment']);
  expect(order.lines).toHaveLength(1);
  expect(order.lines[0]).toMatchObject({ quantity: 3, totalInclCents: variant.price_incl_cents * 3, taxRateBp: 2000 });
  const lineSum = order.lines.reduce((s, l) => s + l.totalInclCents, 0);
  expect(lineSum + order.shippingInclCents - order.discountInclCents).toBe(order.totalInclCents);
  expect(order.totalExclCents + order.taxCents).toBe(order.totalInclCents);
  expect(order.billing).toEqual(orderAddress);
  expect(order.currency).toBe('EUR');
  expect(order.ratePpm).toBe(1_000_000);
  expect(() => checkTotals({ ...summary, totalInclCents: summary.totalInclCents + 1 })).toThrow(/reconcile/);
  await expect(placeOrder(testApp.db, input({ ...summary, taxCents: summary.taxCents - 1 }, 'bad-totals'))).rejects.toThrow(/reconcile/);
  await expect(placeOrder(testApp.db, input({ ...summary, lines: [] }, 'empty'))).rejects.toMatchObject({ code: 'EmptyCart' });
});

test('transitions follow the table in states.ts', async () => {
  const variant = await variantWithStock(10);
  const { orderId, number } = await placeOrder(testApp.db, input(summaryFor(variant), 'card-1', 'Card'));
  expect((await findOrderByNumber(testApp.db, number))!.state).toBe('Placed');
  await expect(transitionOrder(testApp.db, orderId, 'Shipped')).rejects.toBeInstanceOf(OrderTransitionError);
  await expect(transitionOrder(testApp.db, orderId, 'Paid', 'psp ref 1')).resolves.toEqual({ from: 'Placed', to: 'Paid', changed: true });
  // A second Paid (a notification delivered twice) changes nothing.
  await expect(transitionOrder(testApp.db, orderId, 'Paid')).resolves.toEqual({ from: 'Paid', to: 'Paid', changed: false });
  await expect(transitionOrder(testApp.db, orderId, 'Cancelled')).rejects.toBeInstanceOf(OrderTransitionError);
  await transitionOrder(testApp.db, orderId, 'Shipped');
  await transitionOrder(testApp.db, orderId, 'Refunded');
  await expect(transitionOrder(testApp.db, orderId, 'Paid')).rejects.toBeInstanceOf(OrderTransitionError);
  const order = (await findOrderByNumber(testApp.db, number))!;
  expect(order.history.map((h) => [h.from, h.to])).toEqual([[null, 'Placed'], ['Placed', 'Paid'], ['Paid', 'Shipped'], ['Shipped', 'Refunded']]);
  expect(order.history[1].note).toBe('psp ref 1');
  expect(transitions.Cancelled).toEqual([]);
});

test('parallel transitions of one order: one wins, the other is refused', async () => {
  const variant = await variantWithStock(10);
  const { orderId } = await placeOrder(testApp.db, input(summaryFor(variant), 'par-1'));
  const results = await Promise.allSettled([transitionOrder(testApp.db, orderId, 'Paid'), transitionOrder(testApp.db, orderId, 'Cancelled')]);
  expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
});
