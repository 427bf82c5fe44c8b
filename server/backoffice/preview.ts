// Signed preview links: {app}/{culture}/preview/{token} shows a content item as it is now (a draft, a
// scheduled item) on the visitor's own template, to anyone holding the link until it expires. The token
// is entity.id.expiry.signature, signed with HMAC-SHA256 under SESSION_SECRET; a forged, altered or
// expired one is a 404. Previews are never kept by a cache or indexed. Each content kind registers how
// its item renders (registerPreview); the pages editor registers 'page' (server/backoffice/pages/).
import { createHmac, timingSafeEqual } from 'node:crypto';
import { type Request, type Response, Router } from 'express';
import { NotFound } from '../http/errors';

export const PREVIEW_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;
const TOKEN = /^([a-z][a-z-]{0,39})\.([1-9]\d{0,9})\.(\d{13})\.([A-Za-z0-9_-]{43})$/;

/** Renders one item of a content kind as its visitor's page would, whatever its state; false: no such item. */
export type PreviewRenderer = (req: Request, res: Response, id: number) => Promise<boolean>;

const renderers = new Map<string, PreviewRenderer>();

/** Called once by a content kind's back-office module: previews of `entity` render through `render`. */
export function registerPreview(entity: string, render: PreviewRenderer): void {
  renderers.set(entity, render);
}

function signatureOf(secret: string, payload: string): string {
  return createHmac('sha256', secret).update(`preview:${payload}`).digest('base64url');
}

/** A token for the item, valid for `days` (7 by default). */
export function previewToken(secret: string, { entity, id, now = Date.now(), days = PREVIEW_DAYS }: { entity: string; id: number; now?: number; days?: number }): string {
  const payload = `${entity}.${id}.${String(now + days * DAY_MS).padStart(13, '0')}`;
  return `${payload}.${signatureOf(secret, payload)}`;
}

/** What a token names, or null when it is malformed, forged, altered or expired. */
export function readPreviewToken(secret: string, token: string, now = Date.now()): { entity: string; id: number; expiresAt: number } | null {
  const match = TOKEN.exec(token);
  if (!match) return null;
  const [, entity, id, expiresAt, signature] = match;
  const expected = Buffer.from(signatureOf(secret, `${entity}.${id}.${expiresAt}`));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  if (Number(expiresAt) <= now) return null;
  return { entity, id: Number(id), expiresAt: Number(expiresAt) };
}

/** The preview address of an item, in `culture` (the request's by default): the editor's preview button and share box. */
export function previewUrl(req: Request, res: Response, item: { entity: string; id: number }, culture: string = res.locals.culture): string {
  return `${res.locals.basePath}/${culture}/preview/${previewToken(req.app.locals.config.SESSION_SECRET, item)}`;
}

/** {app}/{culture}/preview/{token}: mounted ahead of the page cache, so a preview is never kept. */
export function previewRoutes(): Router {
  const router = Router({ mergeParams: true });
  router.get('/preview/:token', async (req, res) => {
    const target = readPreviewToken(req.app.locals.config.SESSION_SECRET, String(req.params.token));
    const render = target && renderers.get(target.entity);
    if (!target || !render) throw new NotFound();
    res.set('Cache-Control', 'private, no-store');
    res.set('X-Robots-Tag', 'noindex');
    if (!(await render(req, res, target.id))) throw new NotFound();
  });
  return router;
}
