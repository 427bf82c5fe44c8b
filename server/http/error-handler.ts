import type { NextFunction, Request, Response } from 'express';
import { isCulture, useCulture } from './culture';
import type { Logger } from '../logger';
import { BadInput, Forbidden, HttpError, NotFound } from './errors';
import { seeOther, wantsJson } from './forms';
import { isHtmxRequest, renderPage } from './render';
import { csrfTokenFor } from './security';

/** Anything no route answered. */
export function notFound(_req: Request, _res: Response, next: NextFunction): void {
  next(new NotFound());
}

/** Maps any error to a typed one: csrf-sync and body-parser errors carry their own status. */
function asHttpError(error: unknown): HttpError | null {
  if (error instanceof HttpError) return error;
  const code = (error as { code?: string }).code;
  const status = (error as { status?: number }).status;
  if (code === 'EBADCSRFTOKEN') return new Forbidden('Core.InvalidCsrfToken');
  if (typeof status === 'number' && status >= 400 && status < 500) return new HttpError(status, 'Core.BadInput');
  return null;
}

/**
 * The one error chain: prepare (type it), log (only the unexpected), render (JSON for the API, the
 * page region for htmx, a whole localised page otherwise), and a plain-HTML fallback if rendering fails.
 */
export function errorHandler(logger: Logger) {
  return async (error: unknown, req: Request, res: Response, _next: NextFunction) => {
    const known = asHttpError(error);
    if (!known) logger.error({ err: error, url: req.originalUrl }, 'unhandled error');
    const status = known?.status ?? 500;
    const resourceKey = known?.resourceKey ?? 'Core.ErrorServer';
    if (res.headersSent) return void res.end();
    if (known?.plainText !== undefined) return void res.status(status).type('text').send(known.plainText);
    ensureTranslator(req, res);
    if (status === 401 && isPageLoad(req)) return seeOther(res, loginUrl(req, res));
    const message: string = res.locals.t(resourceKey);
    try {
      if (isApi(req)) return void res.status(status).json(apiBody(res, message, known));
      await renderPage(req, res, 'error', { ...pageText(res, known, message), status }, status);
    } catch (renderError) {
      logger.error({ err: renderError }, 'error page failed to render');
      res.status(status).type('html').send(`<!doctype html><title>${status}</title><p>${status}</p>`);
    }
  };
}

/**
 * A 401 on a page the browser loads itself (a direct visit, a bookmark, no JS) goes to the login page
 * and back; an ajax or API call keeps its 401, on which the shell opens the login page in a modal.
 */
function isPageLoad(req: Request): boolean {
  return (req.method === 'GET' || req.method === 'HEAD') && !isApi(req) && !isHtmxRequest(req);
}

/**
 * Past this, the way back is left out: an address near Node's 16 KB request limit, encoded again, made a
 * Location header that a client (or nginx's 4 KB header buffer) cannot read, instead of the login page.
 */
const longestReturnUrl = 2000;

function loginUrl(req: Request, res: Response): string {
  const back = encodeURIComponent(req.originalUrl);
  return `${res.locals.href('security/login')}${back.length <= longestReturnUrl ? `?returnUrl=${back}` : ''}`;
}

/**
 * The error page's title and message. A page-level BadInput names what is wrong: its fields' messages,
 * translated, each once (a list's bad filter, a non-numeric id), under its own title.
 */
function pageText(res: Response, error: HttpError | null, message: string): { title: string; message: string } {
  const t = res.locals.t;
  if (error instanceof BadInput) {
    const messages = [...new Set(Object.values(error.fields).map((key) => t(key)))];
    return { title: t(error.titleKey), message: messages.length ? messages.join(' ') : message };
  }
  return { title: t(error?.status === 404 ? 'Core.NotFoundTitle' : 'Core.ErrorTitle'), message };
}

/**
 * An API path, or a script's call that wants JSON as routes judge it (wantsJson): the shell's fetch
 * wrapper sends HX-Request with every call, so a behaviour asking for JSON (the customer reference
 * form) says so by its Accept header, not by leaving HX-Request out.
 */
function isApi(req: Request): boolean {
  return req.path.includes('/api/') || wantsJson(req);
}

/** { Message, Errors? } and the fields the call's specification adds (the error's extra). */
function apiBody(res: Response, message: string, error: HttpError | null) {
  const body: Record<string, unknown> = { ...error?.extra, Message: message };
  if (error instanceof BadInput) {
    body.Errors = Object.entries(error.fields).map(([Field, key]) => ({ Field, Message: res.locals.t(key) }));
  }
  return body;
}

/** Errors raised before the culture was known (e.g. an unknown culture) are told in the path's or default culture. */
function ensureTranslator(req: Request, res: Response): void {
  res.locals.errorPage = true;
  if (!Object.hasOwn(res.locals, 'csrfToken')) res.locals.csrfToken = csrfTokenFor(req, res);
  if (Object.hasOwn(res.locals, 't')) return;
  const base: string = req.app.locals.config.BASE_PATH;
  const fromPath = req.originalUrl.slice(base.length).split(/[/?#]/)[1];
  useCulture(req, res, isCulture(fromPath) ? fromPath : req.app.locals.config.DEFAULT_CULTURE);
}
