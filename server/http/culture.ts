import type { NextFunction, Request, Response } from 'express';
import { type Culture, cultures } from '../config';
import { NotFound } from './errors';

export function isCulture(value: unknown): value is Culture {
  return typeof value === 'string' && (cultures as readonly string[]).includes(value);
}

/** Sets what views need to speak the request's culture: culture, t (translator), href (link builder). */
export function useCulture(req: Request, res: Response, culture: Culture): void {
  const base: string = req.app.locals.config.BASE_PATH;
  res.locals.culture = culture;
  res.locals.basePath = base;
  res.locals.t = req.app.locals.localization.translator(culture);
  res.locals.href = (path = '') => `${base}/${culture}/${path.replace(/^\//, '')}`;
}

/** Reads the {culture} segment: an unknown culture is a 404, a known one sets the request's culture. */
export function cultureSegment(req: Request, res: Response, next: NextFunction): void {
  const value = req.params.culture;
  if (!isCulture(value)) return next(new NotFound());
  useCulture(req, res, value);
  next();
}

/** The visitor's best culture from Accept-Language, else the configured default. */
function preferredCulture(req: Request): Culture {
  // Without the header acceptsLanguages() answers the first culture; the configured default must win then.
  const preferred = req.get('Accept-Language') ? req.acceptsLanguages(...cultures) : false;
  return preferred ? (preferred.slice(0, 2) as Culture) : req.app.locals.config.DEFAULT_CULTURE;
}

/** `/` goes to the visitor's best culture. */
export function redirectToBestCulture(req: Request, res: Response): void {
  res.vary('Accept-Language').redirect(302, `${req.app.locals.config.BASE_PATH}/${preferredCulture(req)}/`);
}

/** The culture named by the first segment of an on-site address (a Referer), if any. */
function cultureOfReferer(req: Request): Culture | null {
  const referer = req.get('Referer');
  if (!referer) return null;
  try {
    const base: string = req.app.locals.config.BASE_PATH;
    const path = new URL(referer).pathname.slice(base.length);
    const segment = path.split('/')[1];
    return isCulture(segment) ? segment : null;
  } catch {
    return null;
  }
}

/**
 * For the spec's site-level addresses without a {culture} segment ({site}/widget/catalog/…): the culture
 * comes from ?culture=, else the page that asked (Referer), else Accept-Language, else the default.
 */
export function siteCulture(req: Request, res: Response, next: NextFunction): void {
  const asked = req.query.culture;
  const culture = (isCulture(asked) ? asked : null) ?? cultureOfReferer(req) ?? preferredCulture(req);
  res.vary('Accept-Language').vary('Referer');
  useCulture(req, res, culture);
  next();
}
