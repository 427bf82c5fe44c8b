// Placing an order and moving it through its states. One transaction per order: the order row (which
// claims the idempotency key), its lines, the stock taken, the coupon redeemed and the first state.
import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Db } from '../db';
import { isPostgres } from '../db/migrations/helpers';
import { toBoolean, toNumber } from '../db/normalise';
import { isSellable, stockState } from '../../common/stock';
import type { Database } from '../db/schema';
import type { CartLine, CartSummary } from '../cart/cart';
import { CouponExhausted, redeemCoupon } from '../coupons/discount';
import { canTransition, type OrderState } from './states';
import type { AccountType, PaymentMethod } from './tables';

type Executor = Kysely<Database> | Transaction<Database>;

/** An address as the order keeps it (a snapshot, JSON in orders.billing_address / shipping_address). */
export interface OrderAddress {
  firstName: string;
  lastName: string;
  company: string;
  street1: string;
  street2: string;
  postalCode: string;
  city: string;
  countryId: number;
  phone: string;
  vatNumber: string;
  accountType: AccountType;
}

/** A line as placeOrder takes it: a cart line's (server/cart/cart.ts CartLine) product and amounts. */
export interface OrderSummaryLine extends Pick<CartLine, 'variantId' | 'sku' | 'name' | 'quantity' | 'unitInclCents' | 'unitExclCents' | 'totalInclCents' | 'totalExclCents'> {
  /** The line's tax rate; derived from the summary's taxes when absent. */
  taxRateBp?: number;
}

/** What placeOrder needs of a cart: its CartSummary (server/cart/cart.ts) without the cart's own id and count. */
export interface OrderSummary extends Omit<CartSummary, 'cartId' | 'itemsCount' | 'lines'> {
  lines: OrderSummaryLine[];
}

export interface PlaceOrderInput {
  /** One per rendered checkout form: a retried or doubled submit with the same key gets the same order. */
  idempotencyKey: string;
  summary: OrderSummary;
  email: string;
  userId: number | null;
  culture: string;
  paymentMethod: PaymentMethod;
  billing: OrderAddress;
  shipping: OrderAddress;
  /** Units of the order's currency per 1 EUR × 1,000,000 when it was placed (1,000,000 for EUR). */
  ratePpm?: number;
  vatNumber?: string;
  /** JSON of the saved pickup point payload (carts.pickup_point), or null. */
  pickupPoint?: string | null;
  /**
   * The cart the order comes from: emptied in the same transaction (its coupon and pickup point too).
   * What it held then must be exactly the summary's lines, else CartChanged (another tab's order took it).
   */
  cartId?: number;
  /** Who places it as a guest (orders/routes.ts visitorKey): a repeated key answers the order only to this visitor or its user. */
  placedBy?: string;
  /**
   * The confirmation page's absolute address for the order's number (the mail's link): when given, the
   * confirmation mail is queued in `order_mails` in the same transaction (sent by orders/mail.ts sendDueOrderMails).
   */
  confirmationLink?: (number: string) => string;
  now?: number;
}

export type OrderErrorCode = 'OutOfStock' | 'UnknownVariant' | 'NotForSale' | 'InvalidQuantity' | 'EmptyCart' | 'CouponExhausted' | 'CartChanged';

/** Card orders still Placed (not paid) this long after they were placed are cancelled by cancelUnpaidOrders. */
export const ORDER_PAYMENT_TIMEOUT_MINUTES = 60;

/** A clean, expected refusal to place an order (nothing was written). */
export class OrderError extends Error {
  constructor(
    readonly code: OrderErrorCode,
    readonly variantId: number | null = null,
  ) {
    super(code === 'OutOfStock' ? `Not enough stock for variant ${variantId}` : code);
    this.name = 'OrderError';
  }
}

/** A state change the transitions table (states.ts) does not allow. */
export class OrderTransitionError extends Error {
  constructor(
    readonly from: OrderState,
    readonly to: OrderState,
  ) {
    super(`An order cannot go from ${from} to ${to}`);
    this.name = 'OrderTransitionError';
  }
}

export type RedeemCoupon = (trx: Transaction<Database>, input: { code: string; orderId: number; userId: number | null; email: string }) => Promise<void>;

/** The human order number: the year it was placed and the order id, e.g. 2026-000123. */
export function orderNumber(id: number, at: number): string {
  return `${new Date(at).getUTCFullYear()}-${String(id).padStart(6, '0')}`;
}

/** Money must add up before anything is written: lines + shipping - discount = total; incl = excl + tax. */
export function checkTotals(summary: OrderSummary): void {
  const sum = (key: 'totalInclCents' | 'totalExclCents') => summary.lines.reduce((total, line) => total + line[key], 0);
  const problems: string[] = [];
  const all = [summary.subtotalInclCents, summary.subtotalExclCents, summary.totalInclCents, summary.totalExclCents, summary.taxCents];
  if (!all.every(Number.isInteger)) problems.push('amounts are not integer cents');
  if (sum('totalInclCents') !== summary.subtotalInclCents || sum('totalExclCents') !== summary.subtotalExclCents) problems.push('lines do not add up to the subtotal');
  const incl = summary.subtotalInclCents + (summary.shipping?.inclCents ?? 0) - (summary.discount?.inclCents ?? 0);
  const excl = summary.subtotalExclCents + (summary.shipping?.exclCents ?? 0) - (summary.discount?.exclCents ?? 0);
  if (incl !== summary.totalInclCents || excl !== summary.totalExclCents) problems.push('lines + shipping - discount is not the total');
  if (summary.totalInclCents !== summary.totalExclCents + summary.taxCents) problems.push('incl is not excl + tax');
  if (problems.length) throw new Error(`Order totals do not reconcile: ${problems.join('; ')}`);
}

function lineRate(line: OrderSummaryLine, summary: OrderSummary): number {
  if (line.taxRateBp !== undefined) return line.taxRateBp;
  if (summary.reverseCharge) return 0;
  if (summary.taxes.length === 1) return summary.taxes[0].rateBp;
  if (line.unitExclCents <= 0) return 0;
  const derived = ((line.unitInclCents - line.unitExclCents) * 10_000) / line.unitExclCents;
  const rates = summary.taxes.map((tax) => tax.rateBp);
  return rates.length ? rates.reduce((best, rate) => (Math.abs(rate - derived) < Math.abs(best - derived) ? rate : best)) : Math.round(derived);
}

/**
 * Takes `quantity` units of a variant from its active warehouses, in warehouse order, each with a
 * conditional update (`quantity >= taken`), so two checkouts can never both take the last unit: the
 * database re-checks the condition on the locked row. What is taken is recorded per warehouse in
 * order_stock (cancelOrder puts it back). A variant no longer for sale (isSellable: inactive variant or
 * product, sale ended) is NotForSale; managed stock that cannot cover it: OutOfStock (the transaction
 * rolls back whatever was taken). NoManagement is not counted; OnOrder takes what there is and sells beyond it.
 */
async function takeStock(trx: Transaction<Database>, orderId: number, variantId: number, quantity: number, now: number): Promise<void> {
  const variant = await trx
    .selectFrom('product_variants as v')
    .innerJoin('products as p', 'p.id', 'v.product_id')
    .select(['v.stock_mode', 'v.is_active', 'v.low_stock_threshold', 'p.is_active as product_active', 'p.available_until'])
    .where('v.id', '=', variantId)
    .executeTakeFirst();
  if (!variant) throw new OrderError('UnknownVariant', variantId);
  const stock = async () => {
    const rows = await trx
      .selectFrom('variant_stock')
      .innerJoin('warehouses', 'warehouses.id', 'variant_stock.warehouse_id')
      .select(['variant_stock.warehouse_id', 'variant_stock.quantity'])
      .where('variant_stock.variant_id', '=', variantId)
      .where('warehouses.is_active', '=', 1)
      .where('variant_stock.quantity', '>', 0)
      .orderBy('warehouses.position')
      .orderBy('warehouses.id')
      .execute();
    return rows.map((row) => ({ warehouseId: row.warehouse_id, quantity: toNumber(row.quantity) }));
  };
  let rows = variant.stock_mode === 'NoManagement' ? [] : await stock();
  const total = rows.reduce((sum, row) => sum + row.quantity, 0);
  const isActive = toBoolean(variant.is_active) && toBoolean(variant.product_active);
  const availableUntil = variant.available_until === null ? null : toNumber(variant.available_until);
  if (!isSellable({ isActive, stockState: 'InStock' }, { availableUntil, now })) throw new OrderError('NotForSale', variantId);
  if (!isSellable({ isActive, stockState: stockState(variant.stock_mode, total, variant.low_stock_threshold) }, { availableUntil, now })) {
    throw new OrderError('OutOfStock', variantId);
  }
  if (variant.stock_mode === 'NoManagement') return;
  let need = quantity;
  for (let attempt = 0; attempt < 10 && need > 0; attempt++) {
    if (attempt > 0) rows = await stock();
    const available = rows.reduce((sum, row) => sum + row.quantity, 0);
    if (available === 0 || (available < need && variant.stock_mode === 'Managed')) break;
    for (const row of rows) {
      const take = Math.min(need, row.quantity);
      if (take <= 0) continue;
      const result = await trx
        .updateTable('variant_stock')
        .set((eb) => ({ quantity: eb('quantity', '-', take) }))
        .where('variant_id', '=', variantId)
        .where('warehouse_id', '=', row.warehouseId)
        .where('quantity', '>=', take)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) > 0) {
        need -= take;
        await recordTaken(trx, orderId, variantId, row.warehouseId, take);
      }
      if (need === 0) return;
    }
  }
  if (need > 0 && variant.stock_mode === 'Managed') throw new OrderError('OutOfStock', variantId);
}

async function recordTaken(trx: Transaction<Database>, orderId: number, variantId: number, warehouseId: number, quantity: number): Promise<void> {
  const updated = await trx
    .updateTable('order_stock')
    .set((eb) => ({ quantity: eb('quantity', '+', quantity) }))
    .where('order_id', '=', orderId)
    .where('variant_id', '=', variantId)
    .where('warehouse_id', '=', warehouseId)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) await trx.insertInto('order_stock').values({ order_id: orderId, variant_id: variantId, warehouse_id: warehouseId, quantity }).execute();
}

/**
 * Empties the cart inside the order's transaction and checks that what it deleted is what the order
 * sells (by variant and quantity). Two tabs placing one cart with two keys: the second finds the rows
 * gone (PostgreSQL waits on the first one's row locks, SQLite runs one writer at a time): CartChanged.
 */
async function takeCart(trx: Transaction<Database>, cartId: number, lines: OrderSummaryLine[]): Promise<void> {
  if (isPostgres(trx as unknown as Kysely<unknown>)) {
    await trx.selectFrom('cart_items').select('id').where('cart_id', '=', cartId).orderBy('id').forUpdate().execute();
  }
  const deleted = await trx.deleteFrom('cart_items').where('cart_id', '=', cartId).returning(['variant_id', 'quantity']).execute();
  const count = (rows: { variantId: number; quantity: number }[]) => {
    const map = new Map<number, number>();
    for (const row of rows) map.set(row.variantId, (map.get(row.variantId) ?? 0) + row.quantity);
    return map;
  };
  const held = count(deleted.map((row) => ({ variantId: toNumber(row.variant_id), quantity: toNumber(row.quantity) })));
  const sold = count(lines);
  const same = held.size === sold.size && [...sold].every(([variantId, quantity]) => held.get(variantId) === quantity);
  if (!same || held.size === 0) throw new OrderError('CartChanged');
}

async function findByKey(db: Executor, key: string) {
  return db.selectFrom('orders').select(['id', 'number']).where('idempotency_key', '=', key).executeTakeFirst();
}

async function recordState(trx: Transaction<Database>, orderId: number, from: OrderState | null, to: OrderState, note: string, now: number) {
  await trx.insertInto('order_state_history').values({ order_id: orderId, from_state: from, to_state: to, note, created_at: now }).execute();
}

/**
 * Places an order from a cart summary in one transaction. A known idempotency key answers the order
 * it already made (created: false), also when the same submit races itself: the second insert of the
 * key waits for the first transaction and fails on the unique index, and the order it made is read.
 * Throws OrderError (OutOfStock, UnknownVariant, NotForSale, InvalidQuantity, EmptyCart, CouponExhausted,
 * CartChanged): nothing is then written.
 * Bank transfer orders end AwaitingPayment; card orders stay Placed until the payment says Paid.
 */
export async function placeOrder(
  db: Db,
  input: PlaceOrderInput,
  deps: { redeemCoupon?: RedeemCoupon } = {},
): Promise<{ orderId: number; number: string; created: boolean }> {
  const known = await findByKey(db, input.idempotencyKey);
  if (known) return { orderId: known.id, number: known.number, created: false };
  const { summary } = input;
  if (summary.lines.length === 0) throw new OrderError('EmptyCart');
  checkTotals(summary);
  const redeem = summary.discount ? (deps.redeemCoupon ?? redeemCoupon) : null;
  const now = input.now ?? Date.now();
  try {
    return await db.transaction().execute(async (trx) => {
      // SQLite runs one transaction at a time: a submit that waited may find its order made.
      const raced = await findByKey(trx, input.idempotencyKey);
      if (raced) return { orderId: raced.id, number: raced.number, created: false };
      const inserted = await trx
        .insertInto('orders')
        .values({
          number: `pending-${randomUUID()}`,
          user_id: input.userId,
          email: input.email,
          culture: input.culture,
          state: 'Placed',
          currency: summary.currency,
          rate_ppm: input.ratePpm ?? 1_000_000,
          subtotal_incl_cents: summary.subtotalInclCents,
          subtotal_excl_cents: summary.subtotalExclCents,
          shipping_incl_cents: summary.shipping?.inclCents ?? 0,
          shipping_excl_cents: summary.shipping?.exclCents ?? 0,
          discount_incl_cents: summary.discount?.inclCents ?? 0,
          discount_excl_cents: summary.discount?.exclCents ?? 0,
          tax_cents: summary.taxCents,
          total_incl_cents: summary.totalInclCents,
          total_excl_cents: summary.totalExclCents,
          taxes: JSON.stringify(summary.taxes),
          coupon_code: summary.discount?.code ?? null,
          shipping_method_id: summary.shipping?.methodId ?? null,
          payment_method: input.paymentMethod,
          reverse_charge: summary.reverseCharge ? 1 : 0,
          vat_number: input.vatNumber ?? '',
          billing_address: JSON.stringify(input.billing),
          shipping_address: JSON.stringify(input.shipping),
          pickup_point: input.pickupPoint ?? null,
          idempotency_key: input.idempotencyKey,
          placed_by: input.placedBy ?? '',
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const orderId = toNumber(inserted.id);
      const number = orderNumber(orderId, now);
      await trx.updateTable('orders').set({ number }).where('id', '=', orderId).execute();
      // The mail is queued with the order (due at once) and rolls back with it: a crash or SMTP failure after the commit only delays it.
      if (input.confirmationLink) {
        await trx
          .insertInto('order_mails')
          .values({ order_id: orderId, kind: 'Confirmation', culture: input.culture, link: input.confirmationLink(number), next_attempt_at: now, created_at: now })
          .execute();
      }
      // The cart first: a second order of the same cart (another tab, another key) stops here.
      if (input.cartId !== undefined) await takeCart(trx, input.cartId, summary.lines);
      // Lines and stock in variant order, so two orders lock the same stock rows in the same order.
      const lines = [...summary.lines].sort((a, b) => a.variantId - b.variantId);
      for (const line of lines) {
        if (!Number.isInteger(line.quantity) || line.quantity <= 0) throw new OrderError('InvalidQuantity', line.variantId);
        await takeStock(trx, orderId, line.variantId, line.quantity, now);
      }
      await trx
        .insertInto('order_lines')
        .values(
          summary.lines.map((line) => ({
            order_id: orderId,
            variant_id: line.variantId,
            sku: line.sku,
            name: line.name,
            quantity: line.quantity,
            unit_incl_cents: line.unitInclCents,
            unit_excl_cents: line.unitExclCents,
            total_incl_cents: line.totalInclCents,
            total_excl_cents: line.totalExclCents,
            tax_rate_bp: lineRate(line, summary),
          })),
        )
        .execute();
      if (redeem && summary.discount) {
        try {
          await redeem(trx, { code: summary.discount.code, orderId, userId: input.userId, email: input.email });
        } catch (error) {
          if (error instanceof CouponExhausted) throw new OrderError('CouponExhausted');
          throw error;
        }
      }
      if (input.cartId !== undefined) {
        await trx.updateTable('carts').set({ coupon_code: null, pickup_point: null, updated_at: now }).where('id', '=', input.cartId).execute();
      }
      await recordState(trx, orderId, null, 'Placed', '', now);
      if (input.paymentMethod === 'BankTransfer') await changeState(trx, orderId, 'AwaitingPayment', '', now);
      return { orderId, number, created: true };
    });
  } catch (error) {
    if (error instanceof OrderError) throw error;
    // The same key committed by a parallel submit: the unique index refused this one.
    const existing = await findByKey(db, input.idempotencyKey);
    if (existing) return { orderId: existing.id, number: existing.number, created: false };
    throw error;
  }
}

async function changeState(trx: Transaction<Database>, orderId: number, to: OrderState, note: string, now: number, byProvider = false) {
  const order = await trx.selectFrom('orders').select('state').where('id', '=', orderId).executeTakeFirst();
  if (!order) throw new Error(`No order ${orderId}`);
  const from = order.state;
  if (from === to) return { from, to, changed: false };
  if (!canTransition(from, to, { byProvider })) throw new OrderTransitionError(from, to);
  // Conditional on the state read: a parallel change makes this one fail rather than skip a check.
  const result = await trx.updateTable('orders').set({ state: to, updated_at: now }).where('id', '=', orderId).where('state', '=', from).executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw new OrderTransitionError(from, to);
  await recordState(trx, orderId, from, to, note, now);
  return { from, to, changed: true };
}

/**
 * Moves an order to another state when the table in states.ts allows it, with a history row.
 * Asking for the state it is already in changes nothing (changed: false): a payment notification
 * delivered twice is harmless. Anything else not in the table throws OrderTransitionError.
 */
export async function transitionOrder(
  db: Executor,
  orderId: number,
  to: OrderState,
  note = '',
): Promise<{ from: OrderState; to: OrderState; changed: boolean }> {
  if (db.isTransaction) return changeState(db as Transaction<Database>, orderId, to, note, Date.now());
  return db.transaction().execute((trx) => changeState(trx, orderId, to, note, Date.now()));
}

/**
 * Cancels an order inside the caller's transaction: the state change (through the transition table),
 * the recorded stock put back, the coupon use released. A second call changes nothing. A Paid order is
 * refunded, not cancelled, unless the provider itself voided the payment (`paymentVoided`: an
 * authorisation cancelled before capture, so no money was taken).
 */
export async function cancelOrderIn(
  trx: Transaction<Database>,
  orderId: number,
  reason: string,
  { now = Date.now(), paymentVoided = false }: { now?: number; paymentVoided?: boolean } = {},
): Promise<{ changed: boolean }> {
  const order = await trx.selectFrom('orders').select('state').where('id', '=', orderId).executeTakeFirst();
  if (!order) throw new Error(`No order ${orderId}`);
  if (order.state === 'Cancelled') return { changed: false };
  const change = await changeState(trx, orderId, 'Cancelled', reason, now, paymentVoided);
  if (!change.changed) return { changed: false };
  const taken = await trx.selectFrom('order_stock').selectAll().where('order_id', '=', orderId).orderBy('variant_id').orderBy('warehouse_id').execute();
  for (const row of taken) {
    const back = await trx
      .updateTable('variant_stock')
      .set((eb) => ({ quantity: eb('quantity', '+', row.quantity) }))
      .where('variant_id', '=', row.variant_id)
      .where('warehouse_id', '=', row.warehouse_id)
      .executeTakeFirst();
    if (Number(back.numUpdatedRows) === 0) {
      await trx.insertInto('variant_stock').values({ variant_id: row.variant_id, warehouse_id: row.warehouse_id, quantity: row.quantity }).execute();
    }
  }
  const redemptions = await trx.deleteFrom('coupon_redemptions').where('order_id', '=', orderId).returning('coupon_id').execute();
  for (const redemption of redemptions) {
    await trx
      .updateTable('coupons')
      .set((eb) => ({ used_count: eb('used_count', '-', 1) }))
      .where('id', '=', redemption.coupon_id)
      .where('used_count', '>', 0)
      .execute();
  }
  return { changed: true };
}

/**
 * Cancels an order in one transaction: the state goes to Cancelled through the transitions table, the
 * stock it took (order_stock) goes back to its warehouses and its coupon use is released (the redemption
 * row deleted, used_count decremented). Done once: an order already Cancelled answers changed: false and
 * puts nothing back (also when two calls race: the conditional state change lets one through). A state
 * the table does not allow to cancel (Paid, Shipped...) throws OrderTransitionError.
 */
export async function cancelOrder(db: Db, orderId: number, reason: string, now = Date.now()): Promise<{ changed: boolean }> {
  try {
    return await db.transaction().execute((trx) => cancelOrderIn(trx, orderId, reason, { now }));
  } catch (error) {
    // A parallel cancel won the conditional state change: this one is the second call.
    if (error instanceof OrderTransitionError && error.to === 'Cancelled') {
      const order = await db.selectFrom('orders').select('state').where('id', '=', orderId).executeTakeFirst();
      if (order?.state === 'Cancelled') return { changed: false };
    }
    throw error;
  }
}

/**
 * The payment timeout: card orders still Placed ORDER_PAYMENT_TIMEOUT_MINUTES after they were placed are
 * cancelled (stock and coupon use released). One order's failure (say it was paid meanwhile) does not
 * stop the others. Answers the numbers of the orders cancelled. Server startup runs it on a timer.
 */
export async function cancelUnpaidOrders(db: Db, now = Date.now()): Promise<string[]> {
  const before = now - ORDER_PAYMENT_TIMEOUT_MINUTES * 60_000;
  const due = await db
    .selectFrom('orders')
    .select(['id', 'number'])
    .where('state', '=', 'Placed')
    .where('payment_method', '=', 'Card')
    .where('created_at', '<=', before)
    .orderBy('id')
    .execute();
  const cancelled: string[] = [];
  for (const order of due) {
    try {
      if ((await cancelOrder(db, order.id, 'PaymentTimeout', now)).changed) cancelled.push(order.number);
    } catch (error) {
      if (!(error instanceof OrderTransitionError)) throw error;
    }
  }
  return cancelled;
}

export interface OrderView {
  id: number;
  number: string;
  userId: number | null;
  email: string;
  culture: string;
  state: OrderState;
  currency: string;
  ratePpm: number;
  subtotalInclCents: number;
  subtotalExclCents: number;
  shippingInclCents: number;
  shippingExclCents: number;
  discountInclCents: number;
  discountExclCents: number;
  taxCents: number;
  totalInclCents: number;
  totalExclCents: number;
  taxes: OrderSummary['taxes'];
  couponCode: string | null;
  shippingMethodId: number | null;
  paymentMethod: PaymentMethod;
  reverseCharge: boolean;
  vatNumber: string;
  billing: OrderAddress;
  shipping: OrderAddress;
  pickupPoint: unknown;
  /** The guest visitor who placed it (a hash, orders/routes.ts visitorKey; '' when unknown or a customer's). */
  placedBy: string;
  createdAt: number;
  lines: Required<OrderSummaryLine>[];
  history: { from: OrderState | null; to: OrderState; note: string; at: number }[];
}

async function loadOrder(db: Executor, where: { id?: number; number?: string }): Promise<OrderView | null> {
  let query = db.selectFrom('orders').selectAll();
  if (where.id !== undefined) query = query.where('id', '=', where.id);
  if (where.number !== undefined) query = query.where('number', '=', where.number);
  const row = await query.executeTakeFirst();
  if (!row) return null;
  const [lines, history] = await Promise.all([
    db.selectFrom('order_lines').selectAll().where('order_id', '=', row.id).orderBy('id').execute(),
    db.selectFrom('order_state_history').selectAll().where('order_id', '=', row.id).orderBy('id').execute(),
  ]);
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
