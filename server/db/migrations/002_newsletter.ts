import type { Kysely } from 'kysely';
import { withId } from './helpers';

export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('newsletter_subscriptions'))
    .addColumn('email', 'varchar(320)', (column) => column.notNull().unique())
    .addColumn('culture', 'varchar(5)', (column) => column.notNull())
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('newsletter_subscriptions').execute();
}
