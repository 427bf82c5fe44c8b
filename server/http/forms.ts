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

/**
 * Whether a request is a script's call that wants a JSON answer, rather than a form posted without JS
 * that wants a redirect (or its page again): a JSON body, an X-Requested-With header, or an Accept
 * header preferring JSON to HTML. HX-Request alone does not count: htmx and the shell's fetch wrapper
 * send it with every request, and they want HTML unless they say otherwise.
 */
export function wantsJson(req: Request): boolean {
  return Boolean(req.is('application/json')) || Boolean(req.get('X-Requested-With')) || req.accepts(['html', 'json']) === 'json';
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
