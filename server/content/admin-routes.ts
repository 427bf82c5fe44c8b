// The back office's editor of one kind of content item (news posts and categories, FAQ categories and
// entries, projects and their categories), under {culture}/backoffice/{kind}: list, create, edit with
// every culture, delete (a confirmation page), move up / down, revisions with restore, preview. Every
// change goes through server/backoffice/revisions.ts (version check, revision, audit, caches cleared).
// Mounted behind requireBackOffice() by server/backoffice/routes.ts.
import { type Request, type Response, Router } from 'express';
import { actorIdOf } from '../backoffice/access';
import { createWithRevision, deleteWithVersion, restoreRevision, saveWithVersion, versionOf, VersionConflict } from '../backoffice/revisions';
import { BadInput, Conflict, NotFound } from '../http/errors';
import { seeOther, setFlash } from '../http/forms';
import { appLocals } from '../http/locals';
import { pathId } from '../shared/ids';
import type { EditorContext, ItemEditor } from './admin-editor';
import { createItem, deleteItem, findItem, type ItemRecord, type ItemValues, writeItem } from './admin-items';
import { itemHref, renderDelete, renderForm, renderList, renderRevisions, translated } from './admin-pages';
import { moveWithAudit } from './admin-move';

const contextOf = (req: Request, res: Response): EditorContext => ({ db: appLocals(req).db, culture: res.locals.culture, now: Date.now() });

async function recordOrThrow(editor: ItemEditor, req: Request): Promise<ItemRecord> {
  const record = await findItem(appLocals(req).db, editor.tables, { id: pathId(req.params.id) });
  if (!record) throw new NotFound();
  return record;
}

type Parsed = { ok: true; item: ItemValues; values: Record<string, string> } | { ok: false; values: Record<string, string>; errors: Record<string, string> };

/** The declaration's checks, then the editor's own (a category that exists, a culture begun without its title). */
async function parsePost(editor: ItemEditor, req: Request, res: Response, id: number | null = null): Promise<Parsed> {
  const result = editor.form.validate(req.body, res.locals.t);
  if (!result.ok) return { ok: false, values: result.values, errors: result.errors as Record<string, string> };
  const { values, errors } = await editor.itemValues(result.data, { ...contextOf(req, res), id });
  if (Object.keys(errors).length > 0) return { ok: false, values: result.values, errors: translated(res, errors) };
  return { ok: true, item: values, values: result.values };
}

/** A save refused inside its transaction: a slug clash (400) or a stale version (409, the input kept). */
async function refused(editor: ItemEditor, req: Request, res: Response, error: unknown, values: Record<string, string>, record: ItemRecord | null) {
  if (error instanceof BadInput) return renderForm(editor, req, res, { record, values, errors: translated(res, error.fields), status: 400 });
  if (error instanceof VersionConflict) {
    return renderForm(editor, req, res, { record, values: { ...values, Version: String(error.currentVersion) }, errors: {}, status: 409, conflict: true });
  }
  throw error;
}

async function create(editor: ItemEditor, req: Request, res: Response): Promise<void> {
  const parsed = await parsePost(editor, req, res);
  if (!parsed.ok) return renderForm(editor, req, res, { record: null, values: parsed.values, errors: parsed.errors, status: 400 });
  const { db } = appLocals(req);
  let id: number;
  try {
    id = await createWithRevision(db, {
      entity: editor.tables.entity,
      actorId: actorIdOf(res),
      insert: (tx) => createItem(tx, editor.tables, parsed.item, Date.now()),
      snapshot: (tx, created) => findItem(tx, editor.tables, { id: created }),
    });
  } catch (error) {
    return refused(editor, req, res, error, parsed.values, null);
  }
  setFlash(req, 'success', 'BackOffice.Items.Created');
  seeOther(res, itemHref(editor, res, id));
}

async function save(editor: ItemEditor, req: Request, res: Response): Promise<void> {
  const record = await recordOrThrow(editor, req);
  const parsed = await parsePost(editor, req, res, record.id);
  if (!parsed.ok) return renderForm(editor, req, res, { record, values: parsed.values, errors: parsed.errors, status: 400 });
  const { db } = appLocals(req);
  const { tables } = editor;
  try {
    await saveWithVersion(db, {
      entity: tables.entity, table: tables.table, id: record.id, actorId: actorIdOf(res), expectedVersion: versionOf(req.body?.Version), action: 'update',
      snapshot: (tx) => findItem(tx, tables, { id: record.id }),
      write: (tx) => writeItem(tx, tables, { id: record.id, values: parsed.item }),
    });
  } catch (error) {
    return refused(editor, req, res, error, parsed.values, record);
  }
  setFlash(req, 'success', 'BackOffice.Items.Saved');
  seeOther(res, itemHref(editor, res, record.id));
}

async function remove(editor: ItemEditor, req: Request, res: Response): Promise<void> {
  const record = await recordOrThrow(editor, req);
  const { tables } = editor;
  try {
    await deleteWithVersion(appLocals(req).db, {
      entity: tables.entity, table: tables.table, id: record.id, actorId: actorIdOf(res), expectedVersion: versionOf(req.body?.Version),
      snapshot: (tx) => findItem(tx, tables, { id: record.id }),
      remove: (tx) => deleteItem(tx, tables, { id: record.id }),
    });
  } catch (error) {
    if (!(error instanceof Conflict)) throw error;
    return renderDelete(editor, req, res, record, { error: error.resourceKey, status: 409 });
  }
  setFlash(req, 'success', 'BackOffice.Items.Deleted');
  seeOther(res, res.locals.href(editor.path));
}

async function restore(editor: ItemEditor, req: Request, res: Response): Promise<void> {
  const record = await recordOrThrow(editor, req);
  const { tables } = editor;
  await restoreRevision<ItemRecord>(appLocals(req).db, {
    entity: tables.entity, table: tables.table, id: record.id, actorId: actorIdOf(res), expectedVersion: versionOf(req.body?.Version), revisionId: pathId(req.params.revision),
    snapshot: (tx) => findItem(tx, tables, { id: record.id }),
    apply: (tx, snapshot) => writeItem(tx, tables, { id: record.id, values: { columns: snapshot.columns, translations: snapshot.translations, gallery: snapshot.gallery } }),
  });
  setFlash(req, 'success', 'BackOffice.Items.Restored');
  seeOther(res, itemHref(editor, res, record.id));
}

async function preview(editor: ItemEditor, req: Request, res: Response): Promise<void> {
  const record = await recordOrThrow(editor, req);
  res.set('Cache-Control', 'private, no-store');
  if (!editor.preview || !(await editor.preview(req, res, record, res.locals.culture))) throw new NotFound();
}

/** The editor's routes; `editor.path` is relative to the culture segment ('backoffice/news'). */
export function itemEditorRoutes(editor: ItemEditor): Router {
  const router = Router({ mergeParams: true });
  const base = `/${editor.path}`;
  const run = (handler: (editor: ItemEditor, req: Request, res: Response) => Promise<void>) => (req: Request, res: Response) => handler(editor, req, res);
  router.get(base, run(renderList));
  router.get(`${base}/new`, run((e, req, res) => renderForm(e, req, res, { record: null, values: e.blank(contextOf(req, res)), errors: {}, status: 200 })));
  router.post(base, run(create));
  router.get(`${base}/:id`, run(async (e, req, res) => renderForm(e, req, res, { record: await recordOrThrow(e, req), values: null, errors: {}, status: 200 })));
  router.post(`${base}/:id`, run(save));
  router.get(`${base}/:id/delete`, run(async (e, req, res) => renderDelete(e, req, res, await recordOrThrow(e, req), { status: 200 })));
  router.post(`${base}/:id/delete`, run(remove));
  router.post(`${base}/:id/move`, run(async (e, req, res) => {
    await moveWithAudit(e, req, res, await recordOrThrow(e, req));
    seeOther(res, res.locals.href(e.path));
  }));
  router.get(`${base}/:id/revisions`, run(async (e, req, res) => renderRevisions(e, req, res, await recordOrThrow(e, req))));
  router.post(`${base}/:id/revisions/:revision/restore`, run(restore));
  router.get(`${base}/:id/preview`, run(preview));
  return router;
}
