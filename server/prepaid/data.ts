// The one data module of the prepaid tables (migration 017): accounts scoped to their owner, the
// movements of an account, and the ledger's writes. A debit is one conditional UPDATE (balance >= amount),
// so parallel payments on PostgreSQL wait for each other's row lock and each sees the balance the one
// before left: exactly the payments that fit succeed. Other features go through these functions.
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { toBoolean, toNumber } from '../db/normalise';
import type { MovementKind } from './tables';

type Executor = Kysely<Database> | Transaction<Database>;

export interface PrepaidAccount {
  id: number;
  userId: number;
  variantId: number;
  name: string;
  currency: string;
  balanceCents: number;
  notify: boolean;
  lowBalanceCents: number;
}

export interface Movement {
  id: number;
  kind: MovementKind;
  amountCents: number;
  balanceAfterCents: number;
  orderNumber: string | null;
  createdAt: number;
}

const accountColumns = ['id', 'user_id', 'variant_id', 'name', 'currency', 'balance_cents', 'notify', 'low_balance_cents'] as const;

type AccountRow = { id: number; user_id: number; variant_id: number; name: string; currency: string; balance_cents: number; notify: number; low_balance_cents: number };

function toAccount(row: AccountRow): PrepaidAccount {
  return {
    id: toNumber(row.id),
    userId: toNumber(row.user_id),
    variantId: toNumber(row.variant_id),
    name: row.name,
    currency: row.currency,
    balanceCents: toNumber(row.balance_cents),
    notify: toBoolean(row.notify),
    lowBalanceCents: toNumber(row.low_balance_cents),
  };
}

/** A customer's accounts, oldest first. */
export async function listAccounts(db: Executor, { userId }: { userId: number }): Promise<PrepaidAccount[]> {
  const rows = await db.selectFrom('prepaid_accounts').select(accountColumns).where('user_id', '=', userId).orderBy('id').execute();
  return rows.map(toAccount);
}

/** One of the customer's accounts; someone else's is not found (null). */
export async function findAccount(db: Executor, { userId, accountId }: { userId: number; accountId: number }): Promise<PrepaidAccount | null> {
  const row = await db.selectFrom('prepaid_accounts').select(accountColumns).where('id', '=', accountId).where('user_id', '=', userId).executeTakeFirst();
  return row ? toAccount(row) : null;
}

export async function insertPrepaidAccount(db: Executor, input: { userId: number; variantId: number; name: string; currency: string; now: number }): Promise<number> {
  const row = await db
    .insertInto('prepaid_accounts')
    .values({ user_id: input.userId, variant_id: input.variantId, name: input.name, currency: input.currency, created_at: input.now, updated_at: input.now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return toNumber(row.id);
}

/** Turns the low-balance mail on or off; false when the account is not the customer's. */
export async function setNotify(db: Executor, { userId, accountId, notify }: { userId: number; accountId: number; notify: boolean }): Promise<boolean> {
  const result = await db
    .updateTable('prepaid_accounts')
    .set({ notify: notify ? 1 : 0, updated_at: Date.now() })
    .where('id', '=', accountId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function countMovements(db: Executor, { accountId }: { accountId: number }): Promise<number> {
  const row = await db.selectFrom('prepaid_movements').select((eb) => eb.fn.countAll().as('count')).where('account_id', '=', accountId).executeTakeFirstOrThrow();
  return toNumber(row.count as number);
}

/** A page of an account's movements, newest first. */
export async function listMovements(db: Executor, { accountId, offset, limit }: { accountId: number; offset: number; limit: number }): Promise<Movement[]> {
  const rows = await db
    .selectFrom('prepaid_movements as m')
    .leftJoin('orders as o', 'o.id', 'm.order_id')
    .select(['m.id', 'm.kind', 'm.amount_cents', 'm.balance_after_cents', 'o.number', 'm.created_at'])
    .where('m.account_id', '=', accountId)
    .orderBy('m.id', 'desc')
    .offset(offset)
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    id: toNumber(row.id),
    kind: row.kind,
    amountCents: toNumber(row.amount_cents),
    balanceAfterCents: toNumber(row.balance_after_cents),
    orderNumber: row.number ?? null,
    createdAt: toNumber(row.created_at),
  }));
}

/**
 * Adds (positive) or takes (negative) money, inside the caller's transaction, and records the movement.
 * Taking more than the balance changes nothing and answers null (the conditional update matches no
 * row); otherwise answers the balance after it.
 */
export async function moveMoney(
  trx: Transaction<Database>,
  input: { accountId: number; amountCents: number; kind: MovementKind; orderId: number | null; note?: string; now: number },
): Promise<number | null> {
  const updated = await trx
    .updateTable('prepaid_accounts')
    .set((eb) => ({ balance_cents: eb('balance_cents', '+', input.amountCents), updated_at: input.now }))
    .where('id', '=', input.accountId)
    .where('balance_cents', '>=', Math.max(0, -input.amountCents))
    .returning('balance_cents')
    .executeTakeFirst();
  if (!updated) return null;
  const balance = toNumber(updated.balance_cents);
  await trx
    .insertInto('prepaid_movements')
    .values({ account_id: input.accountId, kind: input.kind, amount_cents: input.amountCents, balance_after_cents: balance, order_id: input.orderId, note: input.note ?? '', created_at: input.now })
    .execute();
  return balance;
}

/** Whether the order already has a movement of this kind on the account (a top-up or payment is made once). */
export async function hasMovement(trx: Executor, { accountId, orderId, kind }: { accountId: number; orderId: number; kind: MovementKind }): Promise<boolean> {
  const row = await trx.selectFrom('prepaid_movements').select('id').where('account_id', '=', accountId).where('order_id', '=', orderId).where('kind', '=', kind).executeTakeFirst();
  return Boolean(row);
}

/** The account an order was paid from, with what it took (positive cents), or null. */
export async function paymentOfOrder(db: Executor, { orderId }: { orderId: number }): Promise<{ accountId: number; cents: number } | null> {
  const row = await db.selectFrom('prepaid_movements').select(['account_id', 'amount_cents']).where('order_id', '=', orderId).where('kind', '=', 'Payment').executeTakeFirst();
  return row ? { accountId: toNumber(row.account_id), cents: -toNumber(row.amount_cents) } : null;
}

/** The order's lines that buy an account's prepaid product: the accounts of the order's customer whose variant it holds. */
export async function topUpLines(trx: Executor, { orderId }: { orderId: number }) {
  const rows = await trx
    .selectFrom('order_lines as l')
    .innerJoin('orders as o', 'o.id', 'l.order_id')
    .innerJoin('prepaid_accounts as a', (join) => join.onRef('a.variant_id', '=', 'l.variant_id').onRef('a.user_id', '=', 'o.user_id'))
    .select(['a.id as account_id', 'a.currency as account_currency', 'l.total_incl_cents', 'o.currency', 'o.rate_ppm', 'o.subtotal_incl_cents', 'o.discount_incl_cents'])
    .where('l.order_id', '=', orderId)
    .orderBy('l.id')
    .execute();
  return rows.map((row) => ({
    accountId: toNumber(row.account_id),
    accountCurrency: row.account_currency,
    totalInclCents: toNumber(row.total_incl_cents),
    currency: row.currency,
    ratePpm: toNumber(row.rate_ppm),
    orderSubtotalInclCents: toNumber(row.subtotal_incl_cents),
    orderDiscountInclCents: toNumber(row.discount_incl_cents),
  }));
}

/** Whether the order buys this variant (an account's prepaid product: the order tops that account up). */
export async function orderBuysVariant(db: Executor, { orderId, variantId }: { orderId: number; variantId: number }): Promise<boolean> {
  const row = await db.selectFrom('order_lines').select('id').where('order_id', '=', orderId).where('variant_id', '=', variantId).executeTakeFirst();
  return Boolean(row);
}

/** The prepaid products (variant ids) of a customer's accounts: the variants the cart may take for them. */
export async function isPrepaidVariant(db: Executor, { variantId }: { variantId: number }): Promise<boolean> {
  const row = await db.selectFrom('prepaid_accounts').select('id').where('variant_id', '=', variantId).executeTakeFirst();
  return Boolean(row);
}

/**
 * Which of these variants are prepaid products (the variant of some account): the cart's top-up lines,
 * to which no coupon applies (docs/prepaid-accounts.md).
 */
export async function prepaidVariantIds(db: Executor, { variantIds }: { variantIds: number[] }): Promise<Set<number>> {
  if (!variantIds.length) return new Set();
  const rows = await db.selectFrom('prepaid_accounts').select('variant_id').distinct().where('variant_id', 'in', variantIds).execute();
  return new Set(rows.map((row) => toNumber(row.variant_id)));
}

/** Who the low-balance mail goes to. */
export async function accountOwner(db: Executor, { accountId }: { accountId: number }) {
  return db
    .selectFrom('prepaid_accounts as a')
    .innerJoin('users as u', 'u.id', 'a.user_id')
    .select(['u.email', 'u.first_name as firstName', 'u.culture'])
    .where('a.id', '=', accountId)
    .executeTakeFirst();
}

/** The order a prepaid payment acts on, locked on PostgreSQL until the transaction ends. */
export async function orderForPayment(trx: Transaction<Database>, { orderId, postgres }: { orderId: number; postgres: boolean }) {
  const query = trx.selectFrom('orders').select(['id', 'number', 'user_id', 'state', 'currency', 'total_incl_cents']).where('id', '=', orderId);
  const row = await (postgres ? query.forUpdate() : query).executeTakeFirst();
  return row ? { id: toNumber(row.id), number: row.number, userId: row.user_id === null ? null : toNumber(row.user_id), state: row.state, currency: row.currency, totalInclCents: toNumber(row.total_incl_cents) } : null;
}

/** The catalog price of one unit of an account's prepaid product (what a Quantity of 1 adds). */
export async function unitCentsOf(db: Executor, { variantId }: { variantId: number }): Promise<number> {
  const row = await db.selectFrom('product_variants').select('price_incl_cents').where('id', '=', variantId).executeTakeFirst();
  return toNumber(row?.price_incl_cents ?? 0);
}

/** What has been refunded to an account for an order so far (cents). */
export async function refundedForOrder(db: Executor, { accountId, orderId }: { accountId: number; orderId: number }): Promise<number> {
  const row = await db.selectFrom('prepaid_movements').select((eb) => eb.fn.sum<number>('amount_cents').as('n')).where('account_id', '=', accountId).where('order_id', '=', orderId).where('kind', '=', 'Refund').executeTakeFirst();
  return toNumber(row?.n);
}

/**
 * What an order credited to each account (its TopUp movements) and what has been taken back of it since
 * (Refund movements below zero, positive cents here), with the account's balance and currency and the
 * order's currency and rate. On PostgreSQL the accounts are locked until the transaction ends, so a
 * payment at the same moment waits and sees the balance after the take-back.
 */
export async function topUpCreditsOfOrder(trx: Transaction<Database>, { orderId, postgres }: { orderId: number; postgres: boolean }) {
  const credited = await trx
    .selectFrom('prepaid_movements')
    .select(['account_id', 'kind', 'amount_cents'])
    .where('order_id', '=', orderId)
    .where((eb) => eb.or([eb('kind', '=', 'TopUp'), eb.and([eb('kind', '=', 'Refund'), eb('amount_cents', '<', 0)])]))
    .execute();
  const byAccount = new Map<number, { creditedCents: number; takenBackCents: number }>();
  for (const row of credited) {
    const entry = byAccount.get(toNumber(row.account_id)) ?? { creditedCents: 0, takenBackCents: 0 };
    if (row.kind === 'TopUp') entry.creditedCents += toNumber(row.amount_cents);
    else entry.takenBackCents -= toNumber(row.amount_cents);
    byAccount.set(toNumber(row.account_id), entry);
  }
  if (byAccount.size === 0) return [];
  const order = await trx.selectFrom('orders').select(['currency', 'rate_ppm']).where('id', '=', orderId).executeTakeFirstOrThrow();
  const query = trx.selectFrom('prepaid_accounts').select(['id', 'currency', 'balance_cents']).where('id', 'in', [...byAccount.keys()]).orderBy('id');
  const accounts = await (postgres ? query.forUpdate() : query).execute();
  return accounts.map((account) => ({
    accountId: toNumber(account.id),
    accountCurrency: account.currency,
    balanceCents: toNumber(account.balance_cents),
    orderCurrency: order.currency,
    ratePpm: toNumber(order.rate_ppm),
    ...byAccount.get(toNumber(account.id))!,
  }));
}
