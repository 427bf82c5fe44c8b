import { type Kysely, sql } from 'kysely';

/**
 * How much of a payment the provider has refunded so far (integer cents): a REFUND notification for
 * part of a payment adds to it; the one that reaches the payment's amount makes the payment Refunded.
 * Payments already Refunded count as wholly refunded.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('payments').addColumn('refunded_cents', 'integer', (column) => column.notNull().defaultTo(0)).execute();
  await sql`update payments set refunded_cents = amount_cents where state = 'Refunded'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('payments').dropColumn('refunded_cents').execute();
}
