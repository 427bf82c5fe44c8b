// An order read back whole: the row, its lines and its state history.
import type { Kysely, Transaction } from 'kysely';
import { toBoolean, toNumber } from '../db/normalise';
import type { Database } from '../db/schema';
import { variantOptions } from '../catalog/variant-options';
import type { OrderAddress, OrderView } from './model';

type Executor = Kysely<Database> | Transaction<Database>;
type OrderRow = Awaited<ReturnType<typeof orderRow>>;

function orderRow(db: Executor, where: { id: number } | { number: string }) {
  const query = db.selectFrom('orders').selectAll();
  return ('id' in where ? query.where('id', '=', where.id) : query.where('number', '=', where.number)).executeTakeFirst();
}

function orderOf(row: NonNullable<OrderRow>): Omit<OrderView, 'lines' | 'history'> {
  return {
    id: row.id,
    number: row.number,
    userId: row.user_id,
    email: row.email,
    culture: row.culture,
    state: row.state,
    currency: row.currency,
    ratePpm: toNumber(row.rate_ppm),
    subtotalInclCents: row.subtotal_incl_cents,
    subtotalExclCents: row.subtotal_excl_cents,
    shippingInclCents: row.shipping_incl_cents,
    shippingExclCents: row.shipping_excl_cents,
    discountInclCents: row.discount_incl_cents,
    discountExclCents: row.discount_excl_cents,
    taxCents: row.tax_cents,
    totalInclCents: row.total_incl_cents,
    totalExclCents: row.total_excl_cents,
    taxes: JSON.parse(row.taxes) as OrderView['taxes'],
    couponCode: row.coupon_code,
    shippingMethodId: row.shipping_method_id,
    paymentMethod: row.payment_method,
    reverseCharge: toBoolean(row.reverse_charge),
    vatNumber: row.vat_number,
    billing: JSON.parse(row.billing_address) as OrderAddress,
    shipping: JSON.parse(row.shipping_address) as OrderAddress,
    pickupPoint: row.pickup_point ? (JSON.parse(row.pickup_point) as unknown) : null,
    placedBy: row.placed_by,
    createdAt: toNumber(row.created_at),
  };
}

async function loadOrder(db: Executor, where: { id: number } | { number: string }): Promise<OrderView | null> {
  const row = await orderRow(db, where);
  if (!row) return null;
  const [lines, history] = await Promise.all([
    db.selectFrom('order_lines').selectAll().where('order_id', '=', row.id).orderBy('id').execute(),
    db.selectFrom('order_state_history').selectAll().where('order_id', '=', row.id).orderBy('id').execute(),
  ]);
  const options = await variantOptions(db, { variantIds: lines.map((line) => line.variant_id), culture: row.culture });
  return {
    ...orderOf(row),
    lines: lines.map((line) => ({
      variantId: line.variant_id,
      sku: line.sku,
      name: line.name,
      quantity: line.quantity,
      unitInclCents: line.unit_incl_cents,
      unitExclCents: line.unit_excl_cents,
      totalInclCents: line.total_incl_cents,
      totalExclCents: line.total_excl_cents,
      taxRateBp: line.tax_rate_bp,
      options: options.get(line.variant_id) ?? null,
    })),
    history: history.map((entry) => ({ from: entry.from_state, to: entry.to_state, note: entry.note, at: toNumber(entry.created_at) })),
  };
}

export function findOrderByNumber(db: Executor, number: string): Promise<OrderView | null> {
  return loadOrder(db, { number });
}

export function findOrderById(db: Executor, id: number): Promise<OrderView | null> {
  return loadOrder(db, { id });
}

/** The order a checkout form's idempotency key made, with who placed it (to show it only to them), or undefined. */
export function findOrderByKey(db: Executor, { idempotencyKey }: { idempotencyKey: string }) {
  return db
    .selectFrom('orders')
    .select(['id', 'number', 'payment_method as paymentMethod', 'user_id as userId', 'placed_by as placedBy'])
    .where('idempotency_key', '=', idempotencyKey)
    .executeTakeFirst();
}

/**
 * What has been bought from a birth list, by variant: the lines that name it (order_lines.birth_list_id,
 * migration 016) of paid orders (Paid or Shipped), less what a refund request has refunded of each line
 * (server/refunds); a cancelled or refunded order gives its lines back.
 */
export async function boughtForBirthList(db: Executor, { birthListId }: { birthListId: number }): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('order_lines as l')
    .innerJoin('orders as o', 'o.id', 'l.order_id')
    .select((eb) => [
      'l.variant_id',
      'l.quantity',
      eb
        .selectFrom('refund_request_lines as rl')
        .innerJoin('refund_requests as r', 'r.id', 'rl.request_id')
        .select((inner) => inner.fn.coalesce(inner.fn.sum<number | string>('rl.quantity'), inner.lit(0)).as('n'))
        .whereRef('rl.order_line_id', '=', 'l.id')
        .where('r.state', '=', 'Refunded')
        .as('refunded'),
    ])
    .where('l.birth_list_id', '=', birthListId)
    .where('o.state', 'in', ['Paid', 'Shipped'])
    .execute();
  const bought = new Map<number, number>();
  for (const row of rows) {
    const kept = toNumber(row.quantity) - toNumber(row.refunded);
    if (kept > 0) bought.set(row.variant_id, (bought.get(row.variant_id) ?? 0) + kept);
  }
  return bought;
}
