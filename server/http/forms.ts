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

// Stands for the site's own origin: a return URL is only ever answered as a path of it, so which host
// the request named (or a proxy forwarded) does not matter.
const SITE = 'https://site.invalid';
// Characters browsers drop or turn into slashes (tabs, newlines, other controls, backslashes), and
// slashes spelled encoded, which a later decoding would turn into //host.
const SUSPECT = /[\u0000-\u001f\u007f\\]|%(?:2f|5c|09|0a|0d)/i;

/**
 * Keeps returnUrl on this site: the value is parsed with the URL parser against the site's origin, and
 * kept only when it stays on that origin under the base path; it comes back normalised and encoded
 * (ASCII, safe in a Location or HX-Redirect header). Anything else (another origin or scheme, //host,
 * tabs, backslashes, encoded slashes, a path outside the base path) gives the fallback.
 */
export function safeReturnUrl(value: unknown, fallback: string, basePath = ''): string {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || SUSPECT.test(value)) return fallback;
  let url: URL;
  try {
    url = new URL(value, SITE);
  } catch {
    return fallback;
  }
  const underBase = !basePath || url.pathname === basePath || url.pathname.startsWith(`${basePath}/`);
  if (url.origin !== SITE || !underBase || url.pathname.startsWith('//')) return fallback;
  return url.pathname + url.search + url.hash;
}
