// The one data module of the refund tables (migration 018): a customer's requests scoped to them, the
// staff's list and detail, an order's lines with what is still open to a refund, and the requests'
// state changes (conditional on the state read, so a doubled or raced action changes nothing).
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { isPostgres } from '../db/migrations/helpers';
import { toNumber } from '../db/normalise';
import type { RefundState } from './tables';

type Executor = Kysely<Database> | Transaction<Database>;

export interface RefundableLine {
  id: number;
  sku: string;
  name: string;
  quantity: number;
  unitInclCents: number;
  /** Quantity in requests not refused (requested, accepted or refunded). */
  requested: number;
}

export interface RefundRequestView {
  id: number;
  orderId: number;
  orderNumber: string;
  userId: number;
  email: string;
  culture: string;
  firstName: string;
  state: RefundState;
  currency: string;
  amountCents: number;
  refundedCents: number;
  reason: string;
  staffNote: string;
  createdAt: number;
  lines: { orderLineId: number; sku: string; name: string; quantity: number; unitInclCents: number; amountCents: number }[];
}

/** The order's lines with the quantity already in requests that were not refused. */
export async function refundableLines(db: Executor, { orderId }: { orderId: number }): Promise<RefundableLine[]> {
  const rows = await db
    .selectFrom('order_lines as l')
    .select((eb) => [
      'l.id', 'l.sku', 'l.name', 'l.quantity', 'l.unit_incl_cents',
      eb
        .selectFrom('refund_request_lines as rl')
        .innerJoin('refund_requests as r', 'r.id', 'rl.request_id')
        .select((inner) => inner.fn.coalesce(inner.fn.sum<number>('rl.quantity'), inner.lit(0)).as('n'))
        .whereRef('rl.order_line_id', '=', 'l.id')
        .where('r.state', '<>', 'Refused')
        .as('requested'),
    ])
    .where('l.order_id', '=', orderId)
    // A top-up (a line of a prepaid account's product) is not refunded as an order line: the money it
    // put on the account is the account's, spent or not (docs/refunds.md).
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom('prepaid_accounts as a').select('a.id').whereRef('a.variant_id', '=', 'l.variant_id'))))
    .orderBy('l.id')
    .execute();
  return rows.map((row) => ({ id: toNumber(row.id), sku: row.sku, name: row.name, quantity: toNumber(row.quantity), unitInclCents: toNumber(row.unit_incl_cents), requested: toNumber(row.requested) }));
}

/** What the order's requests not refused ask in all (cents). */
export async function requestedCents(db: Executor, { orderId }: { orderId: number }): Promise<number> {
  const row = await db.selectFrom('refund_requests').select((eb) => eb.fn.sum<number>('amount_cents').as('n')).where('order_id', '=', orderId).where('state', '<>', 'Refused').executeTakeFirst();
  return toNumber(row?.n);
}

/** The order's state, its row locked until the transaction ends (PostgreSQL): two requests of one order are checked one after the other. */
export async function lockedOrderState(trx: Transaction<Database>, { orderId }: { orderId: number }): Promise<string> {
  const query = trx.selectFrom('orders').select('state').where('id', '=', orderId);
  return (await (isPostgres(trx as unknown as Kysely<unknown>) ? query.forUpdate() : query).executeTakeFirstOrThrow()).state;
}

export async function insertRequest(
  trx: Transaction<Database>,
  input: { orderId: number; userId: number; currency: string; reason: string; lines: { orderLineId: number; quantity: number; unitInclCents: number }[]; now: number },
): Promise<number> {
  const amounts = input.lines.map((line) => line.quantity * line.unitInclCents);
  const request = await trx
    .insertInto('refund_requests')
    .values({ order_id: input.orderId, user_id: input.userId, state: 'Requested', currency: input.currency, amount_cents: amounts.reduce((sum, cents) => sum + cents, 0), reason: input.reason, created_at: input.now, updated_at: input.now })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('refund_request_lines')
    .values(input.lines.map((line, index) => ({ request_id: request.id, order_line_id: line.orderLineId, quantity: line.quantity, unit_incl_cents: line.unitInclCents, amount_cents: amounts[index] })))
    .execute();
  return toNumber(request.id);
}

function requestQuery(db: Executor) {
  return db
    .selectFrom('refund_requests as r')
    .innerJoin('orders as o', 'o.id', 'r.order_id')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .select(['r.id', 'r.order_id', 'o.number', 'r.user_id', 'u.email', 'u.culture', 'u.first_name', 'r.state', 'r.currency', 'r.amount_cents', 'r.refunded_cents', 'r.reason', 'r.staff_note', 'r.created_at']);
}

type RequestRow = Awaited<ReturnType<ReturnType<typeof requestQuery>['execute']>>[number];

function toView(row: RequestRow, lines: RefundRequestView['lines'] = []): RefundRequestView {
  return {
    id: toNumber(row.id), orderId: toNumber(row.order_id), orderNumber: row.number, userId: toNumber(row.user_id), email: row.email, culture: row.culture, firstName: row.first_name,
    state: row.state, currency: row.currency, amountCents: toNumber(row.amount_cents), refundedCents: toNumber(row.refunded_cents), reason: row.reason, staffNote: row.staff_note,
    createdAt: toNumber(row.created_at), lines,
  };
}

async function linesOf(db: Executor, requestId: number): Promise<RefundRequestView['lines']> {
  const rows = await db
    .selectFrom('refund_request_lines as rl')
    .innerJoin('order_lines as l', 'l.id', 'rl.order_line_id')
    .select(['rl.order_line_id', 'l.sku', 'l.name', 'rl.quantity', 'rl.unit_incl_cents', 'rl.amount_cents'])
    .where('rl.request_id', '=', requestId)
    .orderBy('rl.id')
    .execute();
  return rows.map((row) => ({ orderLineId: toNumber(row.order_line_id), sku: row.sku, name: row.name, quantity: toNumber(row.quantity), unitInclCents: toNumber(row.unit_incl_cents), amountCents: toNumber(row.amount_cents) }));
}

/** One request with its lines; with `userId`, only that customer's (someone else's is null). */
export async function findRequest(db: Executor, { requestId, userId }: { requestId: number; userId?: number }): Promise<RefundRequestView | null> {
  let query = requestQuery(db).where('r.id', '=', requestId);
  if (userId !== undefined) query = query.where('r.user_id', '=', userId);
  const row = await query.executeTakeFirst();
  return row ? toView(row, await linesOf(db, toNumber(row.id))) : null;
}

/** Requests newest first: a customer's (userId), or for staff by state; and how many match. */
export async function listRequests(db: Executor, filter: { userId?: number; state?: RefundState | null; offset: number; limit: number }) {
  let query = requestQuery(db);
  if (filter.userId !== undefined) query = query.where('r.user_id', '=', filter.userId);
  if (filter.state) query = query.where('r.state', '=', filter.state);
  const [rows, count] = await Promise.all([
    query.orderBy('r.id', 'desc').offset(filter.offset).limit(filter.limit).execute(),
    query.clearSelect().select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows: rows.map((row) => toView(row)), total: toNumber(count.n as number) };
}

/** Moves a request from `from` to `to` (and sets what else is given); false when it was no longer in `from`. */
export async function moveRequest(
  db: Executor,
  input: { requestId: number; from: RefundState; to: RefundState; staffNote?: string; refundedCents?: number; now: number },
): Promise<boolean> {
  const result = await db
    .updateTable('refund_requests')
    .set({ state: input.to, updated_at: input.now, ...(input.staffNote === undefined ? {} : { staff_note: input.staffNote }), ...(input.refundedCents === undefined ? {} : { refunded_cents: input.refundedCents }) })
    .where('id', '=', input.requestId)
    .where('state', '=', input.from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
