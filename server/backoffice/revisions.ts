// One mechanism for every item the back office edits: optimistic concurrency (a save names the version
// it started from, posted in the hidden field `Version`; a stale one is a VersionConflict, nothing is
// written), a revision (JSON snapshot of the item with all its translations) per saved version, and an
// audit row (before and after) for every change, all in one transaction. Restoring a revision is a new
// save of its snapshot, so it is itself a new revision. docs/back-office.md shows how a section uses it.
import type { Transaction } from 'kysely';
import { writeAudit } from '../audit/data';
import { clearCatalogCaches } from '../catalog/lists-cache';
import type { Db } from '../db';
import type { Database } from '../db/schema';
import { toNumber } from '../db/normalise';
import { BadInput, Conflict, NotFound } from '../http/errors';

export type Tx = Transaction<Database>;

/** The tables carrying a `version` column (migration 019). */
export type VersionedTable = 'pages' | 'news_posts' | 'news_categories' | 'faq_categories' | 'faq_entries' | 'projects' | 'project_categories' | 'popups' | 'menus'
  | 'home_banners' | 'home_slides' | 'home_partners' | 'home_testimonies' | 'image_map_banners' | 'image_map_hotspots' | 'products';

/** Raised when the item was saved by someone else since the form was opened. */
export class VersionConflict extends Conflict {
  constructor(readonly currentVersion: number) {
    super('BackOffice.Conflict');
  }
}

/** The posted `Version` field: a whole number from 1; anything else is a 400 on that field. */
export function versionOf(value: unknown): number {
  const text = typeof value === 'string' ? value.trim() : '';
  if (!/^[1-9]\d{0,8}$/.test(text)) throw new BadInput({ Version: 'BackOffice.InvalidVersion' });
  return Number(text);
}

interface Versioned {
  /** The revision's kind, also the audit entity: 'page', 'news-post', 'faq-entry' ... */
  entity: string;
  table: VersionedTable;
  id: number;
  actorId: number;
  /** The whole item as a revision keeps it (read inside the transaction). */
  snapshot(tx: Tx): Promise<unknown>;
}

export interface VersionedSave extends Versioned {
  expectedVersion: number;
  /** The audit action: 'update', 'publish', 'restore', 'block.add' ... */
  action: string;
  /** The change itself (the item's own columns, translations, blocks), inside the transaction. */
  write(tx: Tx): Promise<void>;
}

async function currentVersion(tx: Tx, table: VersionedTable, id: number): Promise<number | null> {
  const row = await (tx as unknown as Db).selectFrom(table as 'pages').select('version').where('id', '=', id).executeTakeFirst();
  return row ? toNumber(row.version) : null;
}

/** Raises the version from the expected one, or throws NotFound / VersionConflict. */
async function claimVersion(tx: Tx, { table, id, expectedVersion }: { table: VersionedTable; id: number; expectedVersion: number }): Promise<number> {
  const result = await (tx as unknown as Db)
    .updateTable(table as 'pages')
    .set((eb) => ({ version: eb('version', '+', 1) }))
    .where('id', '=', id)
    .where('version', '=', expectedVersion)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 1) return expectedVersion + 1;
  const found = await currentVersion(tx, table, id);
  if (found === null) throw new NotFound();
  throw new VersionConflict(found);
}

async function writeRevision(tx: Tx, entry: { entity: string; id: number; version: number; snapshot: unknown; actorId: number }, now: number): Promise<void> {
  await tx
    .insertInto('revisions')
    .values({ entity: entry.entity, entity_id: entry.id, version: entry.version, snapshot: JSON.stringify(entry.snapshot), user_id: entry.actorId, created_at: now })
    .execute();
}

/** A change to an existing item: version claimed, change written, revision and audit row, one transaction. */
export async function saveWithVersion(db: Db, save: VersionedSave): Promise<{ version: number }> {
  const now = Date.now();
  const version = await db.transaction().execute(async (tx) => {
    const before = await save.snapshot(tx);
    const claimed = await claimVersion(tx, save);
    await save.write(tx);
    const after = await save.snapshot(tx);
    await writeRevision(tx, { ...save, version: claimed, snapshot: after }, now);
    await writeAudit(tx, { actorId: save.actorId, action: `${save.entity}.${save.action}`, entity: save.entity, entityId: save.id, before, after }, now);
    return claimed;
  });
  clearCatalogCaches(db);
  return { version };
}

/** A new item: inserted, its first revision (version 1) and the audit row, one transaction. */
export async function createWithRevision(
  db: Db,
  create: { entity: string; actorId: number; insert(tx: Tx): Promise<number>; snapshot(tx: Tx, id: number): Promise<unknown> },
): Promise<number> {
  const now = Date.now();
  const id = await db.transaction().execute(async (tx) => {
    const created = await create.insert(tx);
    const after = await create.snapshot(tx, created);
    await writeRevision(tx, { entity: create.entity, id: created, version: 1, snapshot: after, actorId: create.actorId }, now);
    await writeAudit(tx, { actorId: create.actorId, action: `${create.entity}.create`, entity: create.entity, entityId: created, after }, now);
    return created;
  });
  clearCatalogCaches(db);
  return id;
}

/** Deletes an item at the expected version (a stale one is a conflict); audited with its last state. */
export async function deleteWithVersion(db: Db, remove: Versioned & { expectedVersion: number; remove(tx: Tx): Promise<void> }): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const before = await remove.snapshot(tx);
    await claimVersion(tx, remove);
    await remove.remove(tx);
    await writeAudit(tx, { actorId: remove.actorId, action: `${remove.entity}.delete`, entity: remove.entity, entityId: remove.id, before });
  });
  clearCatalogCaches(db);
}

export interface RevisionSummary {
  id: number;
  version: number;
  author: string | null;
  createdAt: number;
}

/** An item's revisions, newest first. */
export async function listRevisions(db: Db, { entity, entityId, limit = 50 }: { entity: string; entityId: number; limit?: number }): Promise<RevisionSummary[]> {
  const rows = await db
    .selectFrom('revisions')
    .leftJoin('users', 'users.id', 'revisions.user_id')
    .select(['revisions.id', 'revisions.version', 'revisions.created_at', 'users.email'])
    .where('revisions.entity', '=', entity)
    .where('revisions.entity_id', '=', entityId)
    .orderBy('revisions.version', 'desc')
    .orderBy('revisions.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ id: row.id, version: toNumber(row.version), author: row.email ?? null, createdAt: toNumber(row.created_at) }));
}

/** One revision's snapshot, of that item only (another item's revision id is a 404). */
export async function findRevision(db: Db, { entity, entityId, revisionId }: { entity: string; entityId: number; revisionId: number }): Promise<{ version: number; snapshot: unknown } | null> {
  const row = await db
    .selectFrom('revisions')
    .select(['version', 'snapshot'])
    .where('id', '=', revisionId)
    .where('entity', '=', entity)
    .where('entity_id', '=', entityId)
    .executeTakeFirst();
  return row ? { version: toNumber(row.version), snapshot: JSON.parse(row.snapshot) } : null;
}

/**
 * Restores a revision: its snapshot saved again through `apply` as a new version (so the restore is
 * itself a revision, and can be undone the same way). A stale expected version is a conflict.
 */
export async function restoreRevision<S>(
  db: Db,
  restore: Versioned & { expectedVersion: number; revisionId: number; apply(tx: Tx, snapshot: S): Promise<void> },
): Promise<{ version: number }> {
  const revision = await findRevision(db, { entity: restore.entity, entityId: restore.id, revisionId: restore.revisionId });
  if (!revision) throw new NotFound();
  return saveWithVersion(db, { ...restore, action: 'restore', write: (tx) => restore.apply(tx, revision.snapshot as S) });
}
