// Placing an order: one transaction per order holds the order row (which claims the idempotency key),
// its lines, the stock taken, the coupon redeemed, the cart emptied and the first state.
import { randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { Db } from '../db';
import type { Database } from '../db/schema';
import { emptyCart, updateCart } from '../cart/data';
import { takeStock } from '../catalog/stock-moves';
import { CouponExhausted, redeemCoupon } from '../coupons/discount';
import { orderNumber } from '../shared/order-numbers';
import type { OrderAddress, OrderSummary, OrderSummaryLine } from './model';
import { insertOrder, insertOrderLines, queueOrderMail, setOrderNumber } from './data';
import { findOrderByKey } from './reads';
import { changeState, recordState } from './transitions';
import type { PaymentMethod } from './tables';

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
  /** Who places it as a guest (orders/access.ts visitorKey): a repeated key answers the order only to this visitor or its user. */
  placedBy?: string;
  /**
   * The confirmation page's absolute address for the order's number (the mail's link): when given, the
   * confirmation mail is queued in `order_mails` in the same transaction (sent by orders/mail.ts sendDueOrderMails).
   */
  confirmationLink?: (number: string) => string;
  now?: number;
}

export type OrderErrorCode = 'OutOfStock' | 'UnknownVariant' | 'NotForSale' | 'InvalidQuantity' | 'EmptyCart' | 'CouponExhausted' | 'CartChanged';

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

export type RedeemCoupon = (trx: Transaction<Database>, input: { code: string; orderId: number; userId: number | null; email: string }) => Promise<void>;

export interface PlacedOrder {
  orderId: number;
  number: string;
  created: boolean;
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

/** The order that a key already made, as placeOrder answers it (created: false), or null. */
async function knownOrder(db: Db | Transaction<Database>, idempotencyKey: string): Promise<PlacedOrder | null> {
  const known = await findOrderByKey(db, { idempotencyKey });
  return known ? { orderId: known.id, number: known.number, created: false } : null;
}

/**
 * Empties the cart inside the order's transaction and checks that what it held is what the order sells
 * (by variant and quantity). Two tabs placing one cart with two keys: the second finds the rows gone
 * (PostgreSQL waits on the first one's row locks, SQLite runs one writer at a time): CartChanged.
 */
async function takeCart(trx: Transaction<Database>, cartId: number, lines: OrderSummaryLine[]): Promise<void> {
  const count = (rows: { variantId: number; quantity: number }[]) => {
    const map = new Map<number, number>();
    for (const row of rows) map.set(row.variantId, (map.get(row.variantId) ?? 0) + row.quantity);
    return map;
  };
  const held = count(await emptyCart(trx, { cartId }));
  const sold = count(lines);
  const same = held.size === sold.size && [...sold].every(([variantId, quantity]) => held.get(variantId) === quantity);
  if (!same || held.size === 0) throw new OrderError('CartChanged');
}

/** Takes each line's stock, in variant order, so two orders lock the same stock rows in the same order. */
async function takeLinesStock(trx: Transaction<Database>, orderId: number, lines: OrderSummaryLine[], now: number): Promise<void> {
  for (const line of [...lines].sort((a, b) => a.variantId - b.variantId)) {
    if (!Number.isInteger(line.quantity) || line.quantity <= 0) throw new OrderError('InvalidQuantity', line.variantId);
    const refusal = await takeStock(trx, { orderId, variantId: line.variantId, quantity: line.quantity, now });
    if (refusal) throw new OrderError(refusal, line.variantId);
  }
}

async function redeemDiscount(trx: Transaction<Database>, redeem: RedeemCoupon, input: PlaceOrderInput, orderId: number): Promise<void> {
  if (!input.summary.discount) return;
  try {
    await redeem(trx, { code: input.summary.discount.code, orderId, userId: input.userId, email: input.email });
  } catch (error) {
    if (error instanceof CouponExhausted) throw new OrderError('CouponExhausted');
    throw error;
  }
}

/** Everything an order writes, inside its transaction, in the order that lets a second attempt stop early. */
async function writeOrder(trx: Transaction<Database>, input: PlaceOrderInput, redeem: RedeemCoupon | null, now: number): Promise<PlacedOrder> {
  // SQLite runs one transaction at a time: a submit that waited may find its order made.
  const raced = await knownOrder(trx, input.idempotencyKey);
  if (raced) return raced;
  const orderId = await insertOrder(trx, { input, pendingNumber: `pending-${randomUUID()}`, now });
  const number = orderNumber(orderId, now);
  await setOrderNumber(trx, { orderId, number });
  // The mail is queued with the order (due at once) and rolls back with it: a crash or SMTP failure after the commit only delays it.
  if (input.confirmationLink) await queueOrderMail(trx, { orderId, culture: input.culture, link: input.confirmationLink(number), now });
  // The cart first: a second order of the same cart (another tab, another key) stops here.
  if (input.cartId !== undefined) await takeCart(trx, input.cartId, input.summary.lines);
  await takeLinesStock(trx, orderId, input.summary.lines, now);
  await insertOrderLines(trx, { orderId, summary: input.summary });
  if (redeem) await redeemDiscount(trx, redeem, input, orderId);
  if (input.cartId !== undefined) await updateCart(trx, { cartId: input.cartId, set: { coupon_code: null, pickup_point: null }, now });
  await recordState(trx, { orderId, from: null, to: 'Placed', note: '', now });
  if (input.paymentMethod === 'BankTransfer') await changeState(trx, orderId, 'AwaitingPayment', '', now);
  return { orderId, number, created: true };
}

/**
 * Places an order from a cart summary in one transaction. A known idempotency key answers the order
 * it already made (created: false), also when the same submit races itself: the second insert of the
 * key waits for the first transaction and fails on the unique index, and the order it made is read.
 * Throws OrderError (OutOfStock, UnknownVariant, NotForSale, InvalidQuantity, EmptyCart, CouponExhausted,
 * CartChanged): nothing is then written.
 * Bank transfer orders end AwaitingPayment; card orders stay Placed until the payment says Paid.
 */
export async function placeOrder(db: Db, input: PlaceOrderInput, deps: { redeemCoupon?: RedeemCoupon } = {}): Promise<PlacedOrder> {
  const known = await knownOrder(db, input.idempotencyKey);
  if (known) return known;
  if (input.summary.lines.length === 0) throw new OrderError('EmptyCart');
  checkTotals(input.summary);
  const redeem = input.summary.discount ? (deps.redeemCoupon ?? redeemCoupon) : null;
  const now = input.now ?? Date.now();
  try {
    return await db.transaction().execute((trx) => writeOrder(trx, input, redeem, now));
  } catch (error) {
    if (error instanceof OrderError) throw error;
    // The same key committed by a parallel submit: the unique index refused this one.
    const existing = await knownOrder(db, input.idempotencyKey);
    if (existing) return existing;
    throw error;
  }
}
