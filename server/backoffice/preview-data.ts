// The state a preview link is checked against (server/backoffice/preview.ts): the item's version (the
// draft the link shows) and its preview generation (raised when an editor revokes the item's links).
import { writeAudit } from '../audit/data';
import type { Db } from '../db';
import { toNumber } from '../db/normalise';

/** A content kind's previewed item: its revision entity ('news-post') and its table ('news_posts'). */
export interface PreviewItem {
  entity: string;
  table: string;
  id: number;
}

export interface PreviewState {
  version: number;
  generation: number;
}

/** The item's version and preview generation; null when the item is gone. */
export async function previewStateOf(db: Db, { entity, table, id }: PreviewItem): Promise<PreviewState | null> {
  const [item, generation] = await Promise.all([
    db.selectFrom(table as 'pages').select('version').where('id', '=', id).executeTakeFirst(),
    db.selectFrom('preview_generations').select('generation').where('entity', '=', entity).where('entity_id', '=', id).executeTakeFirst(),
  ]);
  if (!item) return null;
  return { version: toNumber(item.version), generation: generation ? toNumber(generation.generation) : 0 };
}

/**
 * Raises the item's preview generation, so every link made before answers 404; audited
 * (`{entity}.preview-revoke`, generations before and after). A missing item changes nothing: false.
 */
export async function revokePreviews(db: Db, { item, actorId }: { item: PreviewItem; actorId: number }): Promise<boolean> {
  return db.transaction().execute(async (tx) => {
    const state = await previewStateOf(tx as unknown as Db, item);
    if (!state) return false;
    // An upsert: two editors revoking at once both raise it, neither fails.
    const raised = await tx
      .insertInto('preview_generations')
      .values({ entity: item.entity, entity_id: item.id, generation: 1 })
      .onConflict((conflict) => conflict.columns(['entity', 'entity_id']).doUpdateSet((eb) => ({ generation: eb('preview_generations.generation', '+', 1) })))
      .returning('generation')
      .executeTakeFirstOrThrow();
    const generation = toNumber(raised.generation);
    await writeAudit(tx, { actorId, action: `${item.entity}.preview-revoke`, entity: item.entity, entityId: item.id, before: { generation: generation - 1 }, after: { generation } });
    return true;
  });
}
