import type { Request, Response } from 'express';
import type { NewsRequest } from './pages';

/** Fragments change when a post is published: kept a minute by browsers and shared caches, then revalidated by ETag. */
export const WIDGET_CACHE_CONTROL = 'public, max-age=60';

/** Who asks, for the news loaders: the culture, {app} and now (the visibility rule's clock). */
export function newsRequest(req: Request, res: Response): NewsRequest {
  return { db: req.app.locals.db, culture: res.locals.culture, basePath: res.locals.basePath, now: Date.now() };
}
