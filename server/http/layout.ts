import type { Request, Response } from 'express';
import { type ConsentModel, consentModel } from '../consent/consent';
import { followUsLinks, menuFor } from '../menus/view';
import { seoLayoutParts } from '../seo/layout-parts';
import { pageOrigin } from './site-url';
import { furnitureModel, noFurniture } from '../popups/view';

/**
 * htmx settings, read by htmx from <meta name="htmx-config">: within the CSP (no eval, no injected
 * styles or style attributes, no inline scripts), history owned by the shell, and a form refused
 * with 400/422 (or locked by a rate limit, 429) swapped in with its messages like a success.
 */
const htmxConfig = JSON.stringify({
  includeIndicatorStyles: false,
  allowEval: false,
  allowScriptTags: false,
  historyEnabled: false,
  historyCacheSize: 0,
  historyRestoreAsHxRequest: false,
  selfRequestsOnly: true,
  attributesToSettle: ['class', 'width', 'height'],
  responseHandling: [
    { code: '204', swap: false },
    { code: '[23]..', swap: true },
    { code: '400|422|429', swap: true },
    { code: '[45]..', swap: false, error: true },
  ],
});

const noConsent: ConsentModel = { stamp: '', settings: null, show: false, status: '', categories: [] };

/** An error page must still render when the database is what failed: it then goes without these parts. */
function tolerateOnErrorPage<T>(res: Response, loading: Promise<T>, fallback: T): Promise<T> {
  return res.locals.errorPage ? loading.catch(() => fallback) : loading;
}

/** What the layout needs around a page on a whole-document answer (never for a region answer). */
export async function layoutModel(req: Request, res: Response) {
  const { config, db, assets } = req.app.locals;
  const culture = res.locals.culture ?? config.DEFAULT_CULTURE;
  const currentUrl = req.originalUrl;
  const pathname = currentUrl.split('?')[0];
  const base = config.BASE_PATH;
  const origin = pageOrigin(req);
  return {
    navigation: await tolerateOnErrorPage(res, menuFor(db, { code: 'main', culture, t: res.locals.t }), []),
    footerMenu: await tolerateOnErrorPage(res, menuFor(db, { code: 'footer', culture, t: res.locals.t }), []),
    followUs: await tolerateOnErrorPage(res, followUsLinks(db), []),
    // The head's canonical, hreflang, description, Open Graph and JSON-LD, and the culture widget's links (server/seo).
    ...(await seoLayoutParts(req, res)),
    origin,
    currentUrl,
    isHome: pathname === `${base}/${culture}` || pathname === `${base}/${culture}/`,
    // The shop's pages animate in and out over 200 ms (client/shell/lifecycle.ts animationDelay).
    isShop: /^\/(catalog|shoppingcarts|checkout)(\/|$)/.test(pathname.slice(`${base}/${culture}`.length)),
    htmxConfig,
    consent: await tolerateOnErrorPage(res, consentModel(req, res), noConsent),
    furniture: await tolerateOnErrorPage(res, furnitureModel(req, res), noFurniture),
    shell: assets.entry('shell'),
    styles: assets.entry('main'),
  };
}
