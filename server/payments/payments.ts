import { randomBytes } from 'node:crypto';
import { type Selectable, sql } from 'kysely';
import type { Db } from '../db';
import { toNumber } from '../db/normalise';
import type { OrderState } from '../orders/states';
import type { PaymentState, PaymentTables } from './tables';

export interface Payment {
  id: number;
  orderId: number;
  provider: string;
  sessionId: string;
  idempotencyKey: string;
  amountCents: number;
  /** Refunded by the provider so far (partial refunds add up; the whole amount once Refunded by a REFUND). */
  refundedCents: number;
  currency: string;
  state: PaymentState;
  pspReference: string | null;
  createdAt: number;
}

const columns = ['id', 'order_id', 'provider', 'session_id', 'idempotency_key', 'amount_cents', 'refunded_cents', 'currency', 'state', 'psp_reference', 'created_at'] as const;

/** A payment as the payments table (tables.ts) answers these columns. */
type Row = Pick<Selectable<PaymentTables['payments']>, (typeof columns)[number]>;

export function toPayment(row: Row): Payment {
  return {
    id: row.id,
    orderId: row.order_id,
    provider: row.provider,
    sessionId: row.session_id,
    idempotencyKey: row.idempotency_key,
    amountCents: Number(row.amount_cents),
    refundedCents: Number(row.refunded_cents),
    currency: row.currency,
    state: row.state,
    pspReference: row.psp_reference,
    createdAt: toNumber(row.created_at),
  };
}

export async function findPaymentBySession(db: Db, sessionId: string): Promise<Payment | null> {
  const row = await db.selectFrom('payments').select(columns).where('session_id', '=', sessionId).executeTakeFirst();
  return row ? toPayment(row) : null;
}

export async function paymentsOfOrder(db: Db, orderId: number): Promise<Payment[]> {
  const rows = await db.selectFrom('payments').select(columns).where('order_id', '=', orderId).orderBy('id').execute();
  return rows.map(toPayment);
}

/** The same idempotency key was sent again for a different order, amount or currency. */
export class IdempotencyConflict extends Error {
  constructor() {
    super('Idempotency key reused with other parameters');
    this.name = 'IdempotencyConflict';
  }
}

export interface SessionRequest {
  orderId: number;
  amountCents: number;
  currency: string;
  idempotencyKey: string;
  provider: string;
}

/**
 * A payment session for an order: at most one is Pending per order (a partial unique index), so a
 * request for an order that has a pending session gets that one back, whatever its key. The idempotency
 * key is unique too: the same key answers the session it made (also when two requests race: the second
 * insert does nothing and reads the first one's row); the same key with another order, amount or
 * currency is an IdempotencyConflict.
 */
export async function createPaymentSession(db: Db, request: SessionRequest): Promise<{ payment: Payment; created: boolean }> {
  const matches = (payment: Payment) =>
    payment.orderId === request.orderId && payment.amountCents === request.amountCents && payment.currency === request.currency && payment.provider === request.provider;
  const byKey = () => db.selectFrom('payments').select(columns).where('idempotency_key', '=', request.idempotencyKey).executeTakeFirst();
  const pending = () => db.selectFrom('payments').select(columns).where('order_id', '=', request.orderId).where('state', '=', 'Pending').executeTakeFirst();
  // The pending session that made the insert do nothing may have closed before it is read: try again.
  for (let attempt = 0; ; attempt++) {
    const found = await tryCreate(db, request, byKey, pending);
    if (found) {
      if (!matches(found.payment)) throw new IdempotencyConflict();
      return found;
    }
    if (attempt === 2) throw new Error(`No payment session for order ${request.orderId}`);
  }
}

async function tryCreate(db: Db, request: SessionRequest, byKey: () => Promise<Row | undefined>, pending: () => Promise<Row | undefined>) {
  const now = Date.now();
  // No conflict target: a used key and an order's pending session (payments_one_pending) both make it do nothing.
  const inserted = await db
    .insertInto('payments')
    .values({
      order_id: request.orderId,
      provider: request.provider,
      session_id: `CS${randomBytes(12).toString('hex').toUpperCase()}`,
      idempotency_key: request.idempotencyKey,
      amount_cents: request.amountCents,
      currency: request.currency,
      state: 'Pending',
      psp_reference: null,
      created_at: now,
      updated_at: now,
    })
    .onConflict((conflict) => conflict.doNothing())
    .returning('id')
    .executeTakeFirst();
  const row = (await byKey()) ?? (await pending());
  return row ? { payment: toPayment(row), created: Boolean(inserted) } : null;
}

/**
 * Claims a pending session for its first charge: sets its PSP reference, only while it has none, is
 * Pending, its order is in one of `payableStates` and the order has no Authorised payment (one
 * conditional UPDATE, so it holds when raced). False when another submit or event came first.
 */
export async function claimSession(db: Db, { paymentId, pspReference, payableStates }: { paymentId: number; pspReference: string; payableStates: readonly OrderState[] }): Promise<boolean> {
  const claimed = await db
    .updateTable('payments')
    .set({ psp_reference: pspReference, updated_at: Date.now() })
    .where('id', '=', paymentId)
    .where('psp_reference', 'is', null)
    .where('state', '=', 'Pending')
    .where((eb) =>
      eb.and([
        eb.exists(eb.selectFrom('orders').select(sql.lit(1).as('one')).whereRef('orders.id', '=', 'payments.order_id').where('orders.state', 'in', [...payableStates])),
        eb.not(eb.exists(eb.selectFrom('payments as other').select(sql.lit(1).as('one')).whereRef('other.order_id', '=', 'payments.order_id').where('other.state', '=', 'Authorised'))),
      ]),
    )
    .executeTakeFirst();
  return Number(claimed.numUpdatedRows) === 1;
}

/**
 * Marks a RefundDue payment of the order Refunded (all of it), once staff have paid the money back (a conditional
 * update: a second click, or the provider's REFUND notification first, changes nothing). Answers
 * whether it changed.
 */
export async function markPaymentRefunded(db: Db, input: { orderId: number; paymentId: number; now?: number }): Promise<boolean> {
  const result = await db
    .updateTable('payments')
    .set((eb) => ({ state: 'Refunded', refunded_cents: eb.ref('amount_cents'), updated_at: input.now ?? Date.now() }))
    .where('id', '=', input.paymentId)
    .where('order_id', '=', input.orderId)
    .where('state', '=', 'RefundDue')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
