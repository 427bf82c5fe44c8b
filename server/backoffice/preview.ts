// Signed preview links: {app}/{culture}/preview/{token} shows a content item as it is now (a draft, a
// scheduled item) on the visitor's own template, to anyone holding the link, while the link lives. The
// token is entity.id.version.generation.expiry.signature, signed with HMAC-SHA256 under SESSION_SECRET.
// A link dies with the draft it shows: it answers 404 once the item is saved again (another version),
// deleted, or its links revoked (the generation raised, server/backoffice/preview-data.ts), and after
// PREVIEW_DAYS; a forged or altered one too. Previews are never kept by a cache or indexed. Each content
// kind registers its table and how its item renders (registerPreview); the pages editor registers 'page'.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { type Request, type Response, Router } from 'express';
import type { Db } from '../db';
import { NotFound } from '../http/errors';
import { previewStateOf, type PreviewState } from './preview-data';

export const PREVIEW_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;
const TOKEN = /^([a-z][a-z-]{0,39})\.([1-9]\d{0,9})\.([1-9]\d{0,9})\.(0|[1-9]\d{0,9})\.(\d{13})\.([A-Za-z0-9_-]{43})$/;

/** Renders one item of a content kind as its visitor's page would, whatever its state; false: no such item. */
export type PreviewRenderer = (req: Request, res: Response, id: number) => Promise<boolean>;

/** A content kind: its revision entity ('news-post') and its versioned table ('news_posts'). */
export interface PreviewKind {
  entity: string;
  table: string;
}

const kinds = new Map<string, { table: string; render: PreviewRenderer }>();

/** Called once by a content kind's back-office module: previews of `kind.entity` render through `render`. */
export function registerPreview(kind: PreviewKind, render: PreviewRenderer): void {
  kinds.set(kind.entity, { table: kind.table, render });
}

/** The registered kind of an entity name, or NotFound (the revoke address names it). */
export function previewKindOf(entity: string): PreviewKind {
  const kind = kinds.get(entity);
  if (!kind) throw new NotFound();
  return { entity, table: kind.table };
}

function signatureOf(secret: string, payload: string): string {
  return createHmac('sha256', secret).update(`preview:${payload}`).digest('base64url');
}

export interface PreviewTarget extends PreviewState {
  entity: string;
  id: number;
}

/** A token for the item at this version and preview generation, valid for `days` (7 by default). */
export function previewToken(secret: string, { entity, id, version, generation, now = Date.now(), days = PREVIEW_DAYS }: PreviewTarget & { now?: number; days?: number }): string {
  const payload = `${entity}.${id}.${version}.${generation}.${String(now + days * DAY_MS).padStart(13, '0')}`;
  return `${payload}.${signatureOf(secret, payload)}`;
}

/** What a token names, or null when it is malformed, forged, altered or expired. */
export function readPreviewToken(secret: string, token: string, now = Date.now()): (PreviewTarget & { expiresAt: number }) | null {
  const match = TOKEN.exec(token);
  if (!match) return null;
  const [, entity, id, version, generation, expiresAt, signature] = match;
  const expected = Buffer.from(signatureOf(secret, `${entity}.${id}.${version}.${generation}.${expiresAt}`));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  if (Number(expiresAt) <= now) return null;
  return { entity, id: Number(id), version: Number(version), generation: Number(generation), expiresAt: Number(expiresAt) };
}

/** A token for the item as it is now (its current version and generation); null when it is gone. */
export async function currentPreviewToken(db: Db, secret: string, { entity, id }: { entity: string; id: number }): Promise<string | null> {
  const state = await previewStateOf(db, { ...previewKindOf(entity), id });
  return state && previewToken(secret, { entity, id, ...state });
}

/** The preview address of an item, in `culture` (the request's by default): the editor's preview button and share box. */
export async function previewUrl(req: Request, res: Response, item: { entity: string; id: number }, culture: string = res.locals.culture): Promise<string> {
  const token = await currentPreviewToken(req.app.locals.db, req.app.locals.config.SESSION_SECRET, item);
  if (!token) throw new NotFound();
  return `${res.locals.basePath}/${culture}/preview/${token}`;
}

/** Whether the link still shows its draft: the item there, at the token's version and generation. */
async function isLive(db: Db, target: PreviewTarget, kind: PreviewKind): Promise<boolean> {
  const state = await previewStateOf(db, { ...kind, id: target.id });
  return state !== null && state.version === target.version && state.generation === target.generation;
}

/** {app}/{culture}/preview/{token}: mounted ahead of the page cache, so a preview is never kept. */
export function previewRoutes(): Router {
  const router = Router({ mergeParams: true });
  router.get('/preview/:token', async (req, res) => {
    const target = readPreviewToken(req.app.locals.config.SESSION_SECRET, String(req.params.token));
    const kind = target && kinds.get(target.entity);
    if (!target || !kind || !(await isLive(req.app.locals.db, target, { entity: target.entity, table: kind.table }))) throw new NotFound();
    res.set('Cache-Control', 'private, no-store');
    res.set('X-Robots-Tag', 'noindex');
    if (!(await kind.render(req, res, target.id))) throw new NotFound();
  });
  return router;
}
