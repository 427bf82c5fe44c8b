import type { Request, Response } from 'express';
import { listNavigation } from '../content/data';
import { cultureLinks } from '../../widgets/culture/route';

/** htmx settings that keep it within the CSP: no eval, no injected styles, no inline scripts. */
const htmxConfig = JSON.stringify({
  includeIndicatorStyles: false,
  allowEval: false,
  allowScriptTags: false,
  historyEnabled: false,
  selfRequestsOnly: true,
});

/** What the layout needs around a page on a whole-document answer (never for a region answer). */
export async function layoutModel(req: Request, res: Response) {
  const { config, db, assets } = req.app.locals;
  const culture = res.locals.culture ?? config.DEFAULT_CULTURE;
  const currentUrl = req.originalUrl;
  const pathname = currentUrl.split('?')[0];
  const base = config.BASE_PATH;
  const origin = `${req.protocol}://${req.get('host')}`;
  const alternates = cultureLinks(currentUrl, base);
  return {
    navigation: res.locals.culture ? await listNavigation(db, { culture }) : [],
    alternates,
    cultureLinks: alternates,
    origin,
    currentUrl,
    defaultAlternate: alternates.find((alternate) => alternate.culture === config.DEFAULT_CULTURE)!.href,
    isHome: pathname === `${base}/${culture}` || pathname === `${base}/${culture}/`,
    htmxConfig,
    shell: assets.entry('shell'),
    styles: assets.entry('main'),
  };
}
