import path from 'node:path';
import ejs from 'ejs';
import type { Request, Response } from 'express';
import { csrfTokenFor, useCsrfStandIn, withCsrfToken } from './security';

export const viewsDir = path.resolve(__dirname, '../../views');
export const widgetsDir = path.resolve(__dirname, '../../widgets');

export type Shape = 'document' | 'region';

/** A request sent by htmx or the shell's fetch wrapper (both send HX-Request: true). */
export function isHtmxRequest(req: Request): boolean {
  return req.get('HX-Request') === 'true';
}

/**
 * The one place that decides how much HTML a page answer carries: a direct load gets the whole
 * document; an htmx request that targets an element (the page region, a modal body) gets the
 * region only, unless it is a history restore, which needs the whole document.
 */
export function shapeOf(req: Request): Shape {
  const targeted = isHtmxRequest(req) && Boolean(req.get('HX-Target'));
  return targeted && req.get('HX-History-Restore-Request') !== 'true' ? 'region' : 'document';
}

/**
 * Whether the request asks for one element's fragment alone: an htmx (or shell fetch) request whose
 * target is that element (a widget's root, a results list, the modal body), not a history restore. A
 * route answering either the fragment or the whole page at one URL decides with this, not with
 * HX-Request alone, which boosted links send too.
 */
export function wantsFragment(req: Request, targetId: string): boolean {
  return shapeOf(req) === 'region' && req.get('HX-Target') === targetId;
}

export interface PageModel {
  title: string;
  [key: string]: unknown;
}

/** Renders one template file. Compiled templates are kept in production only, so edits show at once in development. */
export function renderFile(req: Request, file: string, locals: object): Promise<string> {
  const cache = req.app.locals.config.NODE_ENV === 'production';
  return ejs.renderFile(file, locals, { cache, rmWhitespace: false, async: false });
}

/** Renders views/pages/{view}.ejs as a document (inside the layout) or as the page region alone. */
export async function renderPage(req: Request, res: Response, view: string, model: PageModel, status = 200): Promise<void> {
  const locals = { ...res.locals, ...model };
  const body = await renderFile(req, path.join(viewsDir, 'pages', `${view}.ejs`), locals);
  const shape = shapeOf(req);
  // Pages carry the visitor's CSRF token and session-dependent parts: never for a shared cache.
  res.status(status).vary('HX-Request').vary('HX-Target').type('html');
  // A route showing secrets (recovery codes, a TOTP key) sets no-store first; every other page is revalidated.
  if (!/no-store/.test(String(res.get('Cache-Control') ?? ''))) res.set('Cache-Control', 'private, no-cache');
  if (shape === 'region') {
    return void res.send(`<title>${ejs.escapeXML(documentTitle(res, model.title))}</title>\n${body}`);
  }
  const layoutModel = await req.app.locals.layoutModel(req, res);
  const documentLocals = { ...locals, ...layoutModel, body, documentTitle: documentTitle(res, model.title) };
  res.send(await renderFile(req, path.join(viewsDir, 'layouts', 'main.ejs'), documentLocals));
}

/** Renders a widget's fragment alone: widgets/{name}/{name}.ejs, the same file its page includes. */
export async function renderWidget(req: Request, res: Response, widget: string, model: object, status = 200): Promise<void> {
  const html = await renderFile(req, path.join(widgetsDir, widget, `${widget}.ejs`), widgetLocals(res, model));
  res.status(status).vary('HX-Request').type('html').send(withVisitorToken(req, res, html));
}

/**
 * A widget's locals: the answer's, copied without running their getters, with the CSRF stand-in of
 * server/http/security.ts for the token. Reading res.locals.csrfToken issues the visitor's CSRF cookie;
 * a fragment with no form (a news list, a FAQ) must not set a cookie, least of all beside a public Cache-Control.
 */
function widgetLocals(res: Response, model: object): object {
  const locals = Object.defineProperties({}, Object.getOwnPropertyDescriptors(res.locals));
  useCsrfStandIn(locals);
  return Object.assign(locals, model);
}

/**
 * The visitor's token where the widget printed the stand-in, read only then. Under the page cache
 * res.locals.csrfToken is the stand-in itself, which the cache cuts at when it keeps the answer.
 */
function withVisitorToken(req: Request, res: Response, html: string): string {
  return withCsrfToken(html, () => String(res.locals.csrfToken ?? csrfTokenFor(req, res)));
}

function documentTitle(res: Response, title: string): string {
  const siteName = res.locals.t('Core.SiteName');
  return title && title !== siteName ? `${title} | ${siteName}` : siteName;
}
