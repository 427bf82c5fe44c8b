import { parse as parseCookies } from 'cookie';
import type { NextFunction, Request, Response } from 'express';
import { consentCookieName } from '../../widgets/consent/settings';
import { csrfTokenFor } from './security';
import { pageOrigin } from './site-url';

/** Stands for the visitor's CSRF token in a kept answer; each visitor's own is put in when it is sent. */
const TOKEN = 'csrf-token-of-this-visitor-b5d2';

interface KeptAnswer {
  expires: number;
  headers: Record<string, string>;
  /** The body, encoded once, cut where the visitor's token goes. */
  parts: Buffer[];
}

/**
 * Which visitors see the same answer: the origin the page names itself by (from the Host header when
 * PUBLIC_URL is unset: one forged Host must not reach anyone else), the address, the shape asked for
 * and the consent choices.
 */
function keyOf(req: Request): string {
  const consent = parseCookies(req.get('Cookie') ?? '')[consentCookieName] ?? '';
  const shape = [req.get('HX-Request'), req.get('HX-Target'), req.get('HX-History-Restore-Request')].join('|');
  return JSON.stringify([pageOrigin(req), req.originalUrl, shape, consent]);
}

/** Only a page or fragment for nobody in particular: no account, no notice waiting, nothing private. */
function isShared(res: Response): boolean {
  const flash = res.locals.flash as unknown[] | undefined;
  return !res.locals.user && !(flash && flash.length > 0);
}

function keepable(res: Response, body: unknown): body is string {
  const cacheControl = String(res.get('Cache-Control') ?? '');
  return (
    typeof body === 'string' &&
    res.statusCode === 200 &&
    /^text\/html/.test(String(res.get('Content-Type') ?? '')) &&
    !/no-store/.test(cacheControl) &&
    !res.get('Location') &&
    isShared(res)
  );
}

/** Straight to the socket: no re-encoding of the page and no ETag hashing of it for every visitor. */
function send(req: Request, res: Response, kept: KeptAnswer): void {
  const token = kept.parts.length > 1 ? Buffer.from(csrfTokenFor(req)) : null;
  const body = token ? Buffer.concat(kept.parts.flatMap((part, index) => (index === 0 ? [part] : [token, part]))) : kept.parts[0];
  res.status(200).set(kept.headers).set('Content-Length', String(body.length));
  res.end(body);
}

/**
 * Whole answers of the catalog and content pages, kept `ttlMs` for every visitor who is not signed in:
 * the same list, product or CMS page is rendered once, not once per visitor, which is what lets a
 * list page serve at close to a static file's rate (see the README's benchmark). What differs per
 * visitor is in the key (address, htmx shape, consent cookie) or put in when sending (the CSRF token);
 * a signed-in visitor, a waiting notice, a non-200 answer or a no-store page is never kept.
 * Data changes show within ttlMs (the catalog's own caches keep 30 s too); clear() drops everything.
 */
export function pageCache(options: { ttlMs: number; maxEntries: number }) {
  const answers = new Map<string, KeptAnswer>();

  function keep(key: string, res: Response, body: string): void {
    const headers: Record<string, string> = {};
    for (const name of ['Content-Type', 'Cache-Control', 'Vary']) if (res.get(name)) headers[name] = String(res.get(name));
    const parts = body.split(TOKEN).map((part) => Buffer.from(part));
    answers.delete(key);
    answers.set(key, { expires: Date.now() + options.ttlMs, headers, parts });
    while (answers.size > options.maxEntries) answers.delete(answers.keys().next().value!);
  }

  function middleware(req: Request, res: Response, next: NextFunction): void {
    if (req.method !== 'GET' || !isShared(res)) return next();
    const key = keyOf(req);
    const kept = answers.get(key);
    if (kept && kept.expires > Date.now()) return send(req, res, kept);
    Object.defineProperty(res.locals, 'csrfToken', { get: () => TOKEN, enumerable: true, configurable: true });
    const original = res.send.bind(res);
    res.send = (body?: unknown) => {
      res.send = original;
      if (keepable(res, body)) keep(key, res, body);
      const withToken = typeof body === 'string' && body.includes(TOKEN);
      return original(withToken ? body.split(TOKEN).join(csrfTokenFor(req)) : body);
    };
    next();
  }

  return Object.assign(middleware, { clear: () => answers.clear() });
}
