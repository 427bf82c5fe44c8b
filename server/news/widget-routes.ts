import { type NextFunction, type Request, type Response, Router } from 'express';
import { isCulture } from '../http/culture';
import { BadInput } from '../http/errors';
import { newsCalendarWidget } from '../../widgets/news-calendar/route';
import { newsListWidget } from '../../widgets/news-list/route';
import { newsPostsWidget } from '../../widgets/news-posts/route';
import { newsTickerWidget } from '../../widgets/news-ticker/route';
import { newsNavigationWidget } from '../../widgets/news-navigation/route';

/** A site-level widget asked with ?culture= of no culture is a 400, not a silent fallback. */
function knownCulture(req: Request, _res: Response, next: NextFunction): void {
  const asked = req.query.culture;
  if (asked !== undefined && !isCulture(asked)) throw new BadInput({ culture: 'News.InvalidCulture' });
  next();
}

/**
 * The news widgets, {site}/widget/news/… (culture from ?culture=, the Referer or Accept-Language) and
 * {app}/{culture}/widget/news/…: calendar, newslist, gallery, masonry, blog, ticker, navigation.
 */
export function newsWidgetRoutes(): Router {
  const router = Router({ mergeParams: true });
  router.use('/widget/news', knownCulture);
  router.use(newsCalendarWidget(), newsListWidget(), newsPostsWidget(), newsTickerWidget(), newsNavigationWidget());
  return router;
}

/** {app}/{segment}/widget/news/… with a segment that is no culture: a 400 naming it, not a 404 page. */
function unknownCultureSegment(req: Request, _res: Response, next: NextFunction): void {
  if (!isCulture(req.params.culture)) throw new BadInput({ culture: 'News.InvalidCulture' });
  next();
}

/** Mounted once at site level, after siteCulture (and before the {culture} segment's router). */
export function newsSiteRoutes(): Router {
  const router = Router();
  router.use('/:culture/widget/news', unknownCultureSegment);
  router.use(newsWidgetRoutes());
  return router;
}
