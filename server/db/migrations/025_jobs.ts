import { type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import { withId } from './helpers';

const notNull = (column: ColumnDefinitionBuilder) => column.notNull();

/**
 * Background jobs shared by every app instance (server/cluster/jobs.ts). scheduled_jobs holds one row per
 * job: the instance that claims it moves next_run_at forward in one conditional update, so of N instances
 * exactly one runs each interval (a runner killed mid-run simply leaves the next interval to whoever
 * claims it). job_runs logs each run (epoch ms), which is how the scale-out suite counts them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('scheduled_jobs')
    .addColumn('name', 'varchar(60)', (column) => column.primaryKey())
    .addColumn('next_run_at', 'bigint', notNull)
    .addColumn('holder', 'varchar(120)', (column) => column.notNull().defaultTo(''))
    .execute();
  await withId(db, db.schema.createTable('job_runs'))
    .addColumn('name', 'varchar(60)', notNull)
    .addColumn('instance', 'varchar(120)', notNull)
    .addColumn('started_at', 'bigint', notNull)
    .addColumn('finished_at', 'bigint')
    .addColumn('failed', 'integer', (column) => column.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('job_runs_name_started').on('job_runs').columns(['name', 'started_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('job_runs').execute();
  await db.schema.dropTable('scheduled_jobs').execute();
}
