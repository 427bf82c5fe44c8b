import type { Kysely } from 'kysely';
import { withId } from './helpers';

/**
 * Accounts, their roles, and their emailed single-use links. Registration confirms the address by such a
 * link before the account can sign in (email_confirmed_at), so nobody holds an account on someone else's
 * address and the register form never tells whether one exists.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('users'))
    .addColumn('email', 'varchar(320)', (column) => column.notNull().unique())
    .addColumn('password_hash', 'varchar(255)', (column) => column.notNull())
    .addColumn('first_name', 'varchar(100)', (column) => column.notNull().defaultTo(''))
    .addColumn('last_name', 'varchar(100)', (column) => column.notNull().defaultTo(''))
    .addColumn('culture', 'varchar(5)', (column) => column.notNull())
    .addColumn('session_version', 'integer', (column) => column.notNull().defaultTo(1))
    .addColumn('totp_secret', 'varchar(64)')
    .addColumn('totp_enabled_at', 'bigint')
    .addColumn('totp_last_step', 'bigint')
    .addColumn('email_confirmed_at', 'bigint')
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .execute();

  await db.schema
    .createTable('user_roles')
    .addColumn('user_id', 'integer', (column) => column.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role', 'varchar(20)', (column) => column.notNull())
    .addPrimaryKeyConstraint('user_roles_pk', ['user_id', 'role'])
    .execute();

  // Password resets and address confirmations share one shape (server/accounts/tokens.ts).
  for (const table of ['password_resets', 'email_confirmations']) {
    await withId(db, db.schema.createTable(table))
      .addColumn('user_id', 'integer', (column) => column.notNull().references('users.id').onDelete('cascade'))
      .addColumn('token_hash', 'varchar(64)', (column) => column.notNull().unique())
      .addColumn('expires_at', 'bigint', (column) => column.notNull())
      .addColumn('used_at', 'bigint')
      .addColumn('created_at', 'bigint', (column) => column.notNull())
      .execute();
  }

  await withId(db, db.schema.createTable('recovery_codes'))
    .addColumn('user_id', 'integer', (column) => column.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'varchar(64)', (column) => column.notNull())
    .addColumn('used_at', 'bigint')
    .execute();
  await db.schema.createIndex('recovery_codes_user').on('recovery_codes').column('user_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['recovery_codes', 'email_confirmations', 'password_resets', 'user_roles', 'users']) await db.schema.dropTable(table).execute();
}
