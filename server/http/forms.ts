import type { NextFunction, Request, Response } from 'express';

export interface Flash {
  type: 'success' | 'error' | 'info';
  /** A resource key, translated when shown. */
  key: string;
  /** Its interpolation values, if any. */
  params?: Record<string, string | number>;
}

declare module 'express-session' {
  interface SessionData {
    flash?: Flash[];
  }
}

/** A notice for the next page a visitor sees: how a no-JS form tells what happened after its redirect. */
export function setFlash(req: Request, type: Flash['type'], key: string, params?: Flash['params']): void {
  req.session.flash = [...(req.session.flash ?? []), params ? { type, key, params } : { type, key }];
}

/** Moves pending notices into the view locals, once. */
export function takeFlash(req: Request, res: Response, next: NextFunction): void {
  res.locals.flash = req.session?.flash ?? [];
  if (req.session?.flash) delete req.session.flash;
  next();
}

/** Post-redirect-get: 303 so a reload never re-posts the form. */
export function seeOther(res: Response, url: string): void {
  res.redirect(303, url);
}

/** Keeps returnUrl on this site: a path starting with a single slash, never another origin. */
export function safeReturnUrl(value: unknown, fallback: string): string {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return fallback;
  return value;
}
