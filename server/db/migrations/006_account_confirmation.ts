import type { Kysely } from 'kysely';
import { withId } from './helpers';

/**
 * Registration confirms the address by an emailed link before the account can sign in, so nobody can
 * hold an account on someone else's address and the register form never tells whether one exists.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('email_confirmed_at', 'bigint').execute();

  await withId(db, db.schema.createTable('email_confirmations'))
    .addColumn('user_id', 'integer', (column) => column.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'varchar(64)', (column) => column.notNull().unique())
    .addColumn('expires_at', 'bigint', (column) => column.notNull())
    .addColumn('used_at', 'bigint')
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('email_confirmations').execute();
  await db.schema.alterTable('users').dropColumn('email_confirmed_at').execute();
}
