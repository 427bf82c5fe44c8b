// The audit log's one writer and its reader: every action staff take for a customer (an order paid
// from a prepaid account, a refund accepted, refused or made, a customer edited, a delivery address
// changed, an order put back in a cart) leaves a row, in the transaction of the change where there is one.
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { toNumber } from '../db/normalise';

type Executor = Kysely<Database> | Transaction<Database>;

export interface AuditEntry {
  actorId: number | null;
  action: string;
  entity: string;
  entityId: string | number;
  before?: unknown;
  after?: unknown;
}

const json = (value: unknown) => (value === undefined || value === null ? null : JSON.stringify(value));

export async function writeAudit(db: Executor, entry: AuditEntry, now = Date.now()): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({ actor_id: entry.actorId, action: entry.action, entity: entry.entity, entity_id: String(entry.entityId), before_json: json(entry.before), after_json: json(entry.after), created_at: now })
    .execute();
}

/** An entity's history, newest first (the staff pages show it). */
export async function auditOf(db: Executor, { entity, entityId, limit = 50 }: { entity: string; entityId: string | number; limit?: number }) {
  const rows = await db
    .selectFrom('audit_log as a')
    .leftJoin('users as u', 'u.id', 'a.actor_id')
    .select(['a.id', 'a.action', 'a.before_json', 'a.after_json', 'a.created_at', 'u.email as actor'])
    .where('a.entity', '=', entity)
    .where('a.entity_id', '=', String(entityId))
    .orderBy('a.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ id: toNumber(row.id), action: row.action, actor: row.actor ?? null, before: row.before_json, after: row.after_json, at: toNumber(row.created_at) }));
}
