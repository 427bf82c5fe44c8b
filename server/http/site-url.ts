import type { Request } from 'express';
import type { Config } from '../config';

/**
 * An absolute address on this site for mail and other places read away from the request: PUBLIC_URL,
 * never the Host header of the request that caused it (anyone could otherwise have a reset link to
 * someone else's account lead to their own site).
 */
export function siteUrl(config: Config, path: string): string {
  const origin = config.PUBLIC_URL ?? `http://localhost:${config.PORT}`;
  return `${origin}${config.BASE_PATH}${path}`;
}

/**
 * The origin a page names itself by (canonical link, hreflang, JSON-LD, sitemap): PUBLIC_URL when set,
 * else the request's own, which is then part of the page cache's key (server/http/page-cache.ts).
 */
export function pageOrigin(req: Request): string {
  const config: Config = req.app.locals.config;
  return config.PUBLIC_URL ?? `${req.protocol}://${req.get('host')}`;
}
