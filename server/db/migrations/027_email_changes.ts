import { type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import { withId } from './helpers';

const notNull = (column: ColumnDefinitionBuilder) => column.notNull();

/**
 * A change of an account's e-mail address waits here until the link mailed to the NEW address is
 * followed (server/accounts/email-changes.ts): the same single-use, expiring token shape as
 * password_resets, plus the address asked for and who asked (the account itself, or a staff member).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('email_changes'))
    .addColumn('user_id', 'integer', (column) => column.notNull().references('users.id').onDelete('cascade'))
    .addColumn('new_email', 'varchar(320)', notNull)
    .addColumn('requested_by', 'integer', (column) => column.references('users.id').onDelete('set null'))
    .addColumn('token_hash', 'varchar(64)', (column) => column.notNull().unique())
    .addColumn('expires_at', 'bigint', notNull)
    .addColumn('used_at', 'bigint')
    .addColumn('created_at', 'bigint', notNull)
    .execute();
  await db.schema.createIndex('email_changes_user').on('email_changes').columns(['user_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('email_changes').execute();
}
