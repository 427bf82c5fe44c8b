import { Router } from 'express';
import { renderWidget } from '../../server/http/render';
import { loadCalendar } from '../../server/news/calendar-model';
import { parseYearMonth, widgetScopeOf } from '../../server/news/rules';
import { newsRequest, WIDGET_CACHE_CONTROL } from '../../server/news/request';

/**
 * GET {site}/widget/news/calendar/{categoryIds}/{displayChildren}/{postPerPage}/{month}/{year} (and under
 * {app}/{culture}/): the month's grid, each day with news a link to its newslist. A malformed parameter
 * is a 400, an unknown category a 404; a month without news is a grid that says so.
 */
export function newsCalendarWidget(): Router {
  const router = Router({ mergeParams: true });
  router.get('/widget/news/calendar/:categoryIds/:displayChildren/:postPerPage/:month/:year', async (req, res) => {
    const scope = widgetScopeOf(req.params);
    const shown = parseYearMonth(req.params.month, req.params.year);
    const calendar = await loadCalendar({ ...newsRequest(req, res), scope, shown });
    res.set('Cache-Control', WIDGET_CACHE_CONTROL);
    await renderWidget(req, res, 'news-calendar', { calendar });
  });
  return router;
}
