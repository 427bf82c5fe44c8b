// Moving a content item one place up or down in its list: positions renumbered, the move audited, the
// visitors' caches cleared, in one transaction. The version is not raised: an order is not the item's
// content, so an editor's open form stays current.
import type { Request, Response } from 'express';
import { actorIdOf } from '../backoffice/access';
import { writeAudit } from '../audit/data';
import { clearCatalogCaches } from '../catalog/lists-cache';
import { BadInput } from '../http/errors';
import { appLocals } from '../http/locals';
import { firstText } from '../shared/ids';
import type { ItemEditor } from './admin-editor';
import { type ItemRecord, moveItem } from './admin-items';

export async function moveWithAudit(editor: ItemEditor, req: Request, res: Response, record: ItemRecord): Promise<void> {
  const direction = firstText(req.body?.Direction);
  if (direction !== 'up' && direction !== 'down') throw new BadInput({ Direction: 'BackOffice.Items.InvalidDirection' });
  const { db } = appLocals(req);
  const { entity } = editor.tables;
  await db.transaction().execute(async (trx) => {
    const positions = await moveItem(trx, editor.tables, { id: record.id, direction });
    await writeAudit(trx, { actorId: actorIdOf(res), action: `${entity}.move`, entity, entityId: record.id, before: { position: positions.before }, after: { position: positions.after } });
  });
  clearCatalogCaches(db);
}
