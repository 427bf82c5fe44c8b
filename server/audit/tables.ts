import type { Generated } from 'kysely';

/** The audit log (migration 018): one row per action staff (or the system) took on an entity. */
export interface AuditTables {
  audit_log: {
    id: Generated<number>;
    /** The account that acted (null when the system did, or the account is gone). */
    actor_id: number | null;
    action: string;
    entity: string;
    entity_id: string;
    /** The entity's relevant state before and after, as JSON (null when there was none). */
    before_json: string | null;
    after_json: string | null;
    created_at: number | string;
  };
}
