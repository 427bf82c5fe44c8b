import type { Kysely } from 'kysely';
import { withId } from './helpers';

/** Messages sent with the contact form (server/contact): kept for the shop, and emailed to it. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('contact_messages'))
    .addColumn('name', 'varchar(100)', (column) => column.notNull())
    .addColumn('email', 'varchar(320)', (column) => column.notNull())
    .addColumn('phone', 'varchar(40)', (column) => column.notNull())
    .addColumn('subject', 'varchar(20)', (column) => column.notNull())
    .addColumn('order_number', 'varchar(40)', (column) => column.notNull())
    .addColumn('order_date', 'varchar(10)')
    .addColumn('message', 'text', (column) => column.notNull())
    .addColumn('culture', 'varchar(5)', (column) => column.notNull())
    .addColumn('user_id', 'integer', (column) => column.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .execute();
  await db.schema.createIndex('contact_messages_created_at').on('contact_messages').column('created_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('contact_messages').execute();
}
