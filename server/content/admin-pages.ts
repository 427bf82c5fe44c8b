// The pages of a content item's back-office editor (server/content/admin-routes.ts): what each one shows
// and the view it renders (views/pages/backoffice/content/).
import type { Request, Response } from 'express';
import { cultures, type Culture } from '../config';
import { listRevisions } from '../backoffice/revisions';
import { currentPreviewToken } from '../backoffice/preview';
import { revokeForm } from '../backoffice/preview-routes';
import { NotFound } from '../http/errors';
import { appLocals } from '../http/locals';
import { renderPage } from '../http/render';
import { pageOrigin } from '../http/site-url';
import { pageNumberOf, totalPagesOf } from '../shared/paging';
import { shopDateFormat } from '../shared/time-zone';
import type { EditorContext, ItemEditor } from './admin-editor';
import { hasDependents, type ItemRecord, itemLabel, listItems } from './admin-items';
import { publishingState } from './admin-fields';

const contextOf = (req: Request, res: Response): EditorContext => ({ db: appLocals(req).db, culture: res.locals.culture, now: Date.now() });

/** Resource keys translated (a BadInput's fields, an editor's own checks). */
export function translated(res: Response, errors: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(errors).map(([name, key]) => [name, res.locals.t(key)]));
}

export const itemHref = (editor: ItemEditor, res: Response, id: number) => res.locals.href(`${editor.path}/${id}`);

/** Rows a list page shows. */
export const LIST_PAGE_SIZE = 50;

export async function renderList(editor: ItemEditor, req: Request, res: Response): Promise<void> {
  const context = contextOf(req, res);
  const page = pageNumberOf(req.query.pageindex, 'pageindex');
  const [{ total, items }, choices] = await Promise.all([listItems(context.db, editor.tables, { ...context, offset: (page - 1) * LIST_PAGE_SIZE, limit: LIST_PAGE_SIZE }), editor.choices(context)]);
  const pages = totalPagesOf(total, LIST_PAGE_SIZE);
  if (page > pages) throw new NotFound();
  const rows = items.map((item) => ({ ...item, state: editor.publishable ? publishingState(item.columns, context.now) : null, href: itemHref(editor, res, item.id) }));
  const pageHref = (number: number) => `${res.locals.href(editor.path)}${number > 1 ? `?pageindex=${number}` : ''}`;
  const paging = { page, pages, previous: page > 1 ? pageHref(page - 1) : null, next: page < pages ? pageHref(page + 1) : null };
  await renderPage(req, res, 'backoffice/content/list', { title: res.locals.t(editor.titles.list), editor, rows, choices, cultures, paging });
}

/** Signed preview links of each culture the item is written in (shared with anyone until the item changes). */
async function previewLinks(editor: ItemEditor, req: Request, record: ItemRecord): Promise<{ culture: Culture; href: string }[]> {
  if (!editor.preview) return [];
  const token = await currentPreviewToken(appLocals(req).db, req.app.locals.config.SESSION_SECRET, { entity: editor.tables.entity, id: record.id });
  if (!token) return [];
  return cultures.filter((culture) => record.translations[culture]).map((culture) => ({ culture, href: `${pageOrigin(req)}${req.app.locals.config.BASE_PATH}/${culture}/preview/${token}` }));
}

export async function renderForm(
  editor: ItemEditor,
  req: Request,
  res: Response,
  { record, values, errors, status, conflict = false }: { record: ItemRecord | null; values: Record<string, string> | null; errors: Record<string, string>; status: number; conflict?: boolean },
): Promise<void> {
  const context = contextOf(req, res);
  const shown = values ?? editor.formValues(record!);
  const label = record ? itemLabel(editor.tables, record, context.culture) : '';
  const embedPath = record && editor.embedPath?.(record, context.culture);
  await renderPage(req, res, 'backoffice/content/edit', {
    title: record ? res.locals.t(editor.titles.edit, { name: label }) : res.locals.t(editor.titles.create),
    editor,
    record,
    form: editor.form,
    values: shown,
    errors,
    conflict,
    cultures,
    choices: await editor.choices(context),
    action: record ? itemHref(editor, res, record.id) : res.locals.href(editor.path),
    previews: record ? await previewLinks(editor, req, record) : [],
    revokePreviews: record && editor.preview ? revokeForm(res, { entity: editor.tables.entity, id: record.id }, itemHref(editor, res, record.id)) : null,
    embedUrl: embedPath ? `${pageOrigin(req)}${req.app.locals.config.BASE_PATH}${embedPath}` : null,
  }, status);
}

export async function renderDelete(editor: ItemEditor, req: Request, res: Response, record: ItemRecord, { error, status }: { error?: string; status: number }): Promise<void> {
  const blocked = error ?? ((await hasDependents(appLocals(req).db, editor.tables, record.id)) ? 'BackOffice.Items.HasChildren' : null);
  const label = itemLabel(editor.tables, record, res.locals.culture as Culture);
  await renderPage(req, res, 'backoffice/content/delete', { title: res.locals.t('BackOffice.Items.DeleteTitle', { name: label }), editor, record, label, blocked }, status);
}

export async function renderRevisions(editor: ItemEditor, req: Request, res: Response, record: ItemRecord): Promise<void> {
  const revisions = await listRevisions(appLocals(req).db, { entity: editor.tables.entity, entityId: record.id });
  const date = shopDateFormat(res.locals.culture, { dateStyle: 'medium', timeStyle: 'short' });
  const label = itemLabel(editor.tables, record, res.locals.culture as Culture);
  await renderPage(req, res, 'backoffice/content/revisions', {
    title: res.locals.t('BackOffice.Items.RevisionsTitle', { name: label }),
    editor,
    record,
    revisions: revisions.map((revision) => ({ ...revision, date: date.format(revision.createdAt) })),
  });
}
