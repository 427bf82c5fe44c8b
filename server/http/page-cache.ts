import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { TLSSocket } from 'node:tls';
import { parse as parseCookies } from 'cookie';
import type { NextFunction, Request, Response } from 'express';
import { consentCookieName } from '../../common/consent-settings';
import { parseMemory, POPUP_MEMORY_COOKIE } from '../../common/popup-memory';
import { type Config, cultures } from '../config';
import { chooseEncoding, compressNow, type Encoding, encodingFor, MIN_COMPRESSED_BYTES } from './compression';
import { csrfCookieName, csrfTokenFor, isCsrfCookieValue, sessionCookieName, signedCsrfToken, splitAtCsrfStandIn, useCsrfStandIn, withCsrfToken } from './security';
import { assemble, spliceEncode, type SplicedAnswer } from './spliced-encoding';
import { pageOrigin } from './site-url';

interface KeptAnswer {
  expires: number;
  /** Every header the answer had when kept (security headers included), less the per-visitor ones. */
  headers: [string, string | number | string[]][];
  /** The same headers as one flat list, Vary naming Accept-Encoding too, for the front door's writeHead. */
  doorHeaders: string[];
  /** The body, encoded once, cut where the visitor's token goes (the stand-in of server/http/security.ts). */
  parts: Buffer[];
  /** The parts' bytes together. */
  length: number;
  /** Compressed once per encoding and token length (server/http/spliced-encoding.ts); null: per request. */
  encoded: Map<string, SplicedAnswer | null | 'building'>;
}

/** What the key is made of, read from Express's request or, at the front door, from node:http's own. */
interface Visit {
  /** The origin the page names itself by (from the Host header when PUBLIC_URL is unset). */
  origin: string;
  /** The address as asked, base path and query included. */
  url: string;
  headers: IncomingHttpHeaders;
  cookies: Record<string, string | undefined>;
}

/**
 * Which visitors see the same answer: the origin the page names itself by (one forged Host must not
 * reach anyone else), the address, the shape asked for, the consent choices, the currency and the
 * popups and banners closed (server/popups/view.ts leaves them out).
 */
function keyOf({ origin, url, headers, cookies }: Visit): string {
  const { [consentCookieName]: consent = '', [currencyCookieName]: currency = '', [POPUP_MEMORY_COOKIE]: closed = '' } = cookies;
  // The asking site's Origin too: a widget fragment kept for one embedding site carries its CORS answer
  // (server/http/widget-embedding.ts), which another site must not be sent.
  const shape = [headers['hx-request'], headers['hx-target'], headers['hx-history-restore-request'], headers.origin].join('|');
  // The remembered items' ids alone, in order: their end dates and anything malformed change no page.
  const closedIds = [...parseMemory(closed).keys()].sort((a, b) => a - b).join('.');
  return JSON.stringify([origin, url, shape, consent, currency, closedIds]);
}

function visitOf(req: Request): Visit {
  return { origin: pageOrigin(req), url: req.originalUrl, headers: req.headers, cookies: cookiesOf(req) };
}

const parsedCookies = new WeakMap<Request, Record<string, string | undefined>>();

function cookiesOf(req: Request): Record<string, string | undefined> {
  let cookies = parsedCookies.get(req);
  if (!cookies) parsedCookies.set(req, (cookies = parseCookies(req.get('Cookie') ?? '')));
  return cookies;
}

/** Kept pages live under /{culture}/ (the culture router keeps them); nothing else is looked up. */
const culturePath = new RegExp(`^/(${cultures.join('|')})(/|$)`);

/** A site-level widget asked in a named culture: `/widget/…?culture={culture}` (the culture is in the key, the address). */
const siteWidgetPath = /^\/widget\//;
const cultureQuery = new RegExp(`[?&]culture=(${cultures.join('|')})(&|$)`);

/** Whether an address (base path removed) may have a kept answer: a culture page, or a site widget asked with ?culture=. */
function mayBeKept(url: string): boolean {
  const path = url.split('?')[0]!;
  return culturePath.test(path) || (siteWidgetPath.test(path) && cultureQuery.test(url));
}

/** The visitor's chosen currency (server/currencies): the header names it, prices may follow it. */
const currencyCookieName = 'currency';

/** A visitor with a cart sees it on every page (the mini cart, rendered on the server): never a kept page. */
export const cartCookieName = 'cart';

function hasCart(req: Request): boolean {
  return Boolean(cookiesOf(req)[cartCookieName]);
}

/** Only a page or fragment for nobody in particular: no account, no notice waiting, nothing private. */
function isShared(res: Response): boolean {
  const flash = res.locals.flash;
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

/** The kept bytes for this visitor, with their token in each gap. */
function plainPieces(kept: KeptAnswer, token: Buffer | null): Buffer[] {
  return kept.parts.flatMap((part, index) => (index > 0 && token ? [token, part] : [part]));
}

/** Headers that belong to one answer or one visitor (the CSRF cookie a first visit sets), never kept. */
const perVisitorHeaders = new Set(['set-cookie', 'content-length', 'etag', 'content-encoding', 'date', 'connection', 'transfer-encoding', 'last-modified']);

/** Compressions of kept answers under way (pageCache().settled() waits for them). */
const underway = new Set<Promise<unknown>>();

/** The kept answer compressed once for this encoding, started the first time it is asked (until then: per request). */
function encodedPieces(kept: KeptAnswer, encoding: Encoding, token: Buffer | null): Buffer[] {
  const key = `${encoding}:${token?.length ?? 0}`;
  const spliced = kept.encoded.get(key);
  if (spliced && spliced !== 'building') return assemble(spliced, token ?? Buffer.alloc(0));
  if (spliced === undefined) {
    kept.encoded.set(key, 'building');
    const work = spliceEncode(encoding, kept.parts, token?.length ?? 0).then(
      (done) => kept.encoded.set(key, done),
      () => kept.encoded.set(key, null),
    );
    underway.add(work);
    void work.finally(() => underway.delete(work));
  }
  return [compressNow(Buffer.concat(plainPieces(kept, token)), encoding)];
}

/** The answer's pieces for this visitor: compressed when it is worth it and the visitor takes it. */
function piecesFor(kept: KeptAnswer, acceptEncoding: string | undefined, token: Buffer | null) {
  const encoding = kept.length >= MIN_COMPRESSED_BYTES ? encodingFor(acceptEncoding) : null;
  const pieces = encoding ? encodedPieces(kept, encoding, token) : plainPieces(kept, token);
  return { encoding, pieces, length: pieces.reduce((sum, piece) => sum + piece.length, 0) };
}

/** The pieces in one go (one writev with the headers), as they are kept: no copy for each visitor. */
function writePieces(res: ServerResponse, pieces: Buffer[]): void {
  res.cork();
  pieces.slice(0, -1).forEach((piece) => res.write(piece));
  res.end(pieces[pieces.length - 1]);
  res.uncork();
}

/**
 * Straight to the socket: no re-encoding of the page, no ETag hashing of it and no copy of it for every
 * visitor (the pieces go out as they are kept, already compressed, with the visitor's token between
 * them, in one writev).
 */
function send(req: Request, res: Response, kept: KeptAnswer): void {
  const token = kept.parts.length > 1 ? Buffer.from(csrfTokenFor(req, res)) : null;
  res.statusCode = 200;
  for (const [name, value] of kept.headers) res.setHeader(name, value);
  res.vary('Accept-Encoding');
  const { encoding, pieces, length } = piecesFor(kept, req.get('Accept-Encoding'), token);
  if (encoding) res.set('Content-Encoding', encoding);
  res.set('Content-Length', String(length));
  writePieces(res, pieces);
}

/** Express's req.protocol, from node:http's request: X-Forwarded-Proto only from a trusted proxy. */
function protocolOf(req: IncomingMessage, trust: (address: string, hop: number) => boolean): string {
  const own = (req.socket as TLSSocket).encrypted ? 'https' : 'http';
  if (!trust(req.socket.remoteAddress ?? '', 0)) return own;
  const forwarded = String(req.headers['x-forwarded-proto'] ?? own);
  return forwarded.split(',')[0]!.trim();
}

/** The kept headers as one flat list for writeHead, with Accept-Encoding in Vary as res.vary would add it. */
function doorHeadersOf(headers: KeptAnswer['headers']): string[] {
  const flat = headers.flatMap(([name, value]) => (Array.isArray(value) ? value.map((one) => [name, one]) : [[name, String(value)]]));
  const vary = flat.find(([name]) => name === 'vary');
  if (!vary) flat.push(['vary', 'Accept-Encoding']);
  else if (!/(^|,)\s*(accept-encoding|\*)\s*(,|$)/i.test(vary[1]!)) vary[1] = `${vary[1]}, Accept-Encoding`;
  return flat.flat();
}

/**
 * Whole answers of the catalog and content pages, kept `ttlMs` for every visitor who is not signed in:
 * the same list, product or CMS page is rendered once, not once per visitor, which is what lets a
 * list page serve at close to a static file's rate (see the README's benchmark). What differs per
 * visitor is in the key (address, htmx shape, consent cookie) or put in when sending (the CSRF token,
 * also into the answer compressed once per encoding);
 * a signed-in visitor, a waiting notice, a non-200 answer or a no-store page is never kept.
 * Data changes show within ttlMs (the catalog's own caches keep 30 s too); clear() drops everything.
 */
export interface FrontDoorOptions {
  config: Pick<Config, 'BASE_PATH' | 'PUBLIC_URL' | 'SESSION_SECRET'>;
  /** Express's compiled trust proxy setting (app.get('trust proxy fn')). */
  trustProxy: (address: string, hop: number) => boolean;
  logAnswer?: (req: IncomingMessage, res: ServerResponse) => void;
}

export function pageCache(options: { ttlMs: number; maxEntries: number }) {
  const answers = new Map<string, KeptAnswer>();
  /** The answers whose send keepAnswers has wrapped already. */
  const keeping = new WeakSet<Response>();

  function keep(key: string, res: Response, body: string): void {
    const headers = Object.entries(res.getHeaders())
      .filter((entry): entry is [string, string | number | string[]] => entry[1] !== undefined && !perVisitorHeaders.has(entry[0]));
    const parts = splitAtCsrfStandIn(body).map((part) => Buffer.from(part));
    answers.delete(key);
    const length = parts.reduce((sum, part) => sum + part.length, 0);
    answers.set(key, { expires: Date.now() + options.ttlMs, headers, doorHeaders: doorHeadersOf(headers), parts, length, encoded: new Map() });
    while (answers.size > options.maxEntries) answers.delete(answers.keys().next().value!);
  }

  function liveAnswer(key: string): KeptAnswer | undefined {
    const kept = answers.get(key);
    return kept && kept.expires > Date.now() ? kept : undefined;
  }

  function keptFor(req: Request, res: Response): { key: string; kept?: KeptAnswer } | null {
    if (req.method !== 'GET' || !isShared(res) || hasCart(req)) return null;
    const key = keyOf(visitOf(req));
    return { key, kept: liveAnswer(key) };
  }

  /** Serves a kept answer to a visitor known to Express (after the session: an account, a notice). */
  function serveKept() {
    return (req: Request, res: Response, next: NextFunction): void => {
      const found = keptFor(req, res);
      if (!found?.kept) return next();
      send(req, res, found.kept);
    };
  }

  /**
   * The front door (server/app.ts puts it ahead of Express's own handling): a kept page for a visitor
   * without a session (no account, no notice: most visitors of a shop) is answered from node:http's own
   * request and answer, without Express's routing, request and answer objects, or a session read; its
   * headers, kept with the page (the security headers included), go out in one writeHead. It answers
   * true when it has sent the page; anything else (not a GET of a culture page or of a site widget with
   * ?culture=, a session or a cart, no CSRF cookie yet: the first page sets it, nothing kept) goes on to Express.
   */
  function frontDoor({ config, trustProxy, logAnswer }: FrontDoorOptions) {
    const basePath = config.BASE_PATH;
    return (req: IncomingMessage, res: ServerResponse): boolean => {
      const url = req.url ?? '';
      if (answers.size === 0 || req.method !== 'GET' || !url.startsWith(basePath)) return false;
      if (!mayBeKept(url.slice(basePath.length))) return false;
      const cookies = parseCookies(req.headers.cookie ?? '');
      const csrfCookie = cookies[csrfCookieName];
      if (cookies[sessionCookieName] || cookies[cartCookieName] || !isCsrfCookieValue(csrfCookie)) return false;
      const origin = config.PUBLIC_URL ?? `${protocolOf(req, trustProxy)}://${req.headers.host}`;
      const kept = liveAnswer(keyOf({ origin, url, headers: req.headers, cookies }));
      if (!kept) return false;
      logAnswer?.(req, res);
      const token = kept.parts.length > 1 ? Buffer.from(signedCsrfToken(config.SESSION_SECRET, csrfCookie)) : null;
      const { encoding, pieces, length } = piecesFor(kept, req.headers['accept-encoding'], token);
      res.writeHead(200, [...kept.doorHeaders, ...(encoding ? ['Content-Encoding', encoding] : []), 'Content-Length', String(length)]);
      writePieces(res, pieces);
      return true;
    };
  }

  /** Keeps the answers of the routes after it (serving them too when kept, for an app without serveKept). */
  function keepAnswers(req: Request, res: Response, next: NextFunction): void {
    // Passed twice (a site-level mount, then the culture router's): the first one keeps the answer.
    if (keeping.has(res)) return next();
    const found = keptFor(req, res);
    if (!found) return next();
    if (found.kept) return send(req, res, found.kept);
    keeping.add(res);
    // Rendered with the stand-in (server/http/security.ts); kept cut at it, sent with this visitor's token.
    useCsrfStandIn(res.locals);
    const original = res.send.bind(res);
    res.send = (body?: unknown) => {
      res.send = original;
      if (keepable(res, body)) keep(found.key, res, body);
      return original(typeof body === 'string' ? withCsrfToken(body, () => csrfTokenFor(req, res)) : body);
    };
    next();
  }

  /**
   * Keeps the site-level widgets after it (server/app.ts) when asked with a known ?culture=: then the
   * culture is in the address, so in the key. Without it the culture comes from the Referer or
   * Accept-Language, which the key does not hold: never kept.
   */
  function keepSiteWidgets(req: Request, res: Response, next: NextFunction): void {
    const asked = req.query.culture;
    if (typeof asked !== 'string' || !(cultures as readonly string[]).includes(asked)) return next();
    keepAnswers(req, res, next);
  }

  /** Resolves once the kept answers' compressions under way are done (for tests and the bench's warm-up). */
  const settled = () => Promise.all([...underway]).then(() => undefined);

  return { serveKept, frontDoor, keepAnswers, keepSiteWidgets, clear: () => answers.clear(), settled };
}
