// What each page of the pages editor shows, and the view it renders (views/pages/backoffice/pages/).
import type { Request, Response } from 'express';
import { cultures, type Culture } from '../../config';
import { publishingState, publishingValues } from '../../content/admin-fields';
import { type EditorBlock, listEditorBlocks } from '../../content/editor-blocks-data';
import { type EditorPage, findEditorPage, listEditorPages } from '../../content/editor-data';
import { BadInput, NotFound } from '../../http/errors';
import { appLocals } from '../../http/locals';
import { renderPage } from '../../http/render';
import { pageOrigin } from '../../http/site-url';
import { shopDateFormat } from '../../shared/time-zone';
import { actorIdOf } from '../access';
import { listRevisions } from '../revisions';
import { pathId } from '../../shared/ids';
import { previewUrl } from '../preview';
import { revokeForm } from '../preview-routes';
import { blockForms, blockTypeNames, blockValues } from './block-fields';
import { newPageForm, pageForm } from './forms';

export interface FormState {
  values: Record<string, unknown>;
  errors: Record<string, string>;
}

const blank: FormState = { values: {}, errors: {} };

/** The culture being edited (?language= or the posted Language), the request's own by default. */
export function languageOf(value: unknown, fallback: Culture): Culture {
  if (value === undefined || value === '') return fallback;
  if (typeof value === 'string' && (cultures as readonly string[]).includes(value)) return value as Culture;
  throw new BadInput({ Language: 'BackOffice.Pages.InvalidLanguage' });
}

/** A change's identity: database, who, which page (the path's id), from which version (already checked). */
export function changeOf(req: Request, res: Response, version: string) {
  return { db: appLocals(req).db, actorId: actorIdOf(res), pageId: pathId(req.params.id), version: Number(version) };
}

export const pagesHref = (res: Response, path = '') => res.locals.href(`backoffice/pages${path}`);
export const editHref = (res: Response, pageId: number, language: Culture) => pagesHref(res, `/${pageId}?language=${language}`);

/** A BadInput's field messages (resource keys) translated, as a form's own messages are. */
export const translated = (res: Response, errors: Record<string, string>) => Object.fromEntries(Object.entries(errors).map(([name, key]) => [name, res.locals.t(key)]));

const titleOf = (page: EditorPage, culture: Culture) => page.translations[culture]?.title ?? Object.values(page.translations)[0]?.title ?? page.key;

export async function renderList(req: Request, res: Response): Promise<void> {
  const now = Date.now();
  const culture = res.locals.culture;
  const list = (await listEditorPages(appLocals(req).db)).map((page) => ({
    ...page,
    title: titleOf(page, culture),
    state: publishingState({ status: page.status, publish_at: page.publishAt, unpublish_at: page.unpublishAt }, now),
    filled: Object.keys(page.translations),
  }));
  await renderPage(req, res, 'backoffice/pages/list', { title: res.locals.t('BackOffice.Pages.Title'), section: 'pages', pages: list });
}

export async function renderNew(req: Request, res: Response, state: FormState = blank, status = 200): Promise<void> {
  await renderPage(req, res, 'backoffice/pages/new', { title: res.locals.t('BackOffice.Pages.NewTitle'), section: 'pages', form: newPageForm, values: state.values, errors: state.errors }, status);
}

export async function loadPage(req: Request, pageId: number): Promise<EditorPage> {
  const page = await findEditorPage(appLocals(req).db, { pageId });
  if (!page) throw new NotFound();
  return page;
}

/** The form's values from the stored page, in one culture. */
export function pageValues(page: EditorPage, language: Culture): Record<string, string> {
  const texts = page.translations[language];
  return {
    Title: texts?.title ?? '',
    Slug: texts?.slug ?? '',
    Summary: texts?.summary ?? '',
    BodyHtml: texts?.bodyHtml ?? '',
    ...publishingValues({ status: page.status, publish_at: page.publishAt, unpublish_at: page.unpublishAt }),
    Version: String(page.version),
  };
}

function blockViews(req: Request, res: Response, page: EditorPage, blocks: EditorBlock[], language: Culture) {
  const site = `${pageOrigin(req)}${res.locals.basePath}`;
  return blocks.map((block, index) => ({
    ...block,
    first: index === 0,
    last: index === blocks.length - 1,
    filled: Object.keys(block.texts),
    editHref: pagesHref(res, `/${page.id}/blocks/${block.id}?language=${language}`),
    embedUrl: `${site}/widget/page/${page.key}/block/${block.id}`,
  }));
}

export interface EditOptions {
  language: Culture;
  state?: FormState;
  /** The save was refused: someone else saved first (the posted values are shown again). */
  conflict?: boolean;
}

export async function renderEdit(req: Request, res: Response, page: EditorPage, { language, state, conflict = false }: EditOptions, status = 200): Promise<void> {
  const blocks = await listEditorBlocks(appLocals(req).db, { pageId: page.id });
  await renderPage(req, res, 'backoffice/pages/edit', {
    title: res.locals.t('BackOffice.Pages.EditTitle', { name: titleOf(page, language) }),
    section: 'pages',
    page,
    language,
    cultures,
    filled: Object.keys(page.translations),
    form: pageForm,
    values: state?.values ?? pageValues(page, language),
    errors: state?.errors ?? {},
    conflict: conflict ? { href: editHref(res, page.id, language), version: page.version } : null,
    blocks: blockViews(req, res, page, blocks, language),
    blockTypes: blockTypeNames,
    previewUrl: await previewUrl(req, res, { entity: 'page', id: page.id }, language),
    revokePreviews: revokeForm(res, { entity: 'page', id: page.id }, editHref(res, page.id, language)),
  }, status);
}

export async function renderDelete(req: Request, res: Response, page: EditorPage, status = 200, errors: Record<string, string> = {}): Promise<void> {
  const name = titleOf(page, res.locals.culture);
  await renderPage(req, res, 'backoffice/pages/delete', { title: res.locals.t('BackOffice.Items.DeleteTitle', { name }), section: 'pages', page, name, errors }, status);
}

export async function renderRevisions(req: Request, res: Response, page: EditorPage): Promise<void> {
  const format = shopDateFormat(res.locals.culture, { dateStyle: 'medium', timeStyle: 'short' });
  const revisions = (await listRevisions(appLocals(req).db, { entity: 'page', entityId: page.id })).map((revision) => ({ ...revision, date: format.format(revision.createdAt) }));
  const name = titleOf(page, res.locals.culture);
  await renderPage(req, res, 'backoffice/pages/revisions', { title: res.locals.t('BackOffice.Items.RevisionsTitle', { name }), section: 'pages', page, name, revisions });
}

export interface BlockFormOptions {
  language: Culture;
  type: string;
  block: EditorBlock | null;
  state?: FormState;
  conflict?: boolean;
}

export async function renderBlockForm(req: Request, res: Response, page: EditorPage, { language, type, block, state, conflict = false }: BlockFormOptions, status = 200): Promise<void> {
  const values = state?.values ?? { ...blockValues(type, block?.settings, block?.texts[language]), Version: String(page.version) };
  await renderPage(req, res, 'backoffice/pages/block', {
    title: res.locals.t(block ? 'BackOffice.Pages.EditBlock' : 'BackOffice.Pages.NewBlock', { type: res.locals.t(`BackOffice.Pages.Blocks.${type}`) }),
    section: 'pages',
    page,
    language,
    type,
    block,
    fields: blockForms[type],
    values,
    errors: state?.errors ?? {},
    conflict: conflict ? { href: block ? pagesHref(res, `/${page.id}/blocks/${block.id}?language=${language}`) : editHref(res, page.id, language) } : null,
    backHref: editHref(res, page.id, language),
  }, status);
}
