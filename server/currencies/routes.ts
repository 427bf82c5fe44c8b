import path from 'node:path';
import { type NextFunction, type Request, type Response, Router } from 'express';
import { findCart } from '../cart/cart';
import { BadInput, HttpError } from '../http/errors';
import { safeReturnUrl, seeOther, setFlash } from '../http/forms';
import { appLocals } from '../http/locals';
import { renderPage } from '../http/render';
import { changeCurrency, type CurrencyChange, repricedKey, unknownKey } from './change';
import { priceDisplayOf } from './display';
import { clearRates, currencyCookieName } from './rates';

/** The spec's currency change answer. */
export interface CurrencyChangeAnswer {
  ResponseCode: 'OK' | 'Warning' | 'Error';
  ReasonType: '' | 'warning' | 'error';
  ReasonResourceKey: string;
}

const oneYearMs = 365 * 24 * 60 * 60 * 1000;

/** Changes the visitor's currency (their cart's and, once changed, the `currency` cookie). */
async function changeFor(req: Request, res: Response, asked: string, force: boolean): Promise<CurrencyChange> {
  const change = await changeCurrency(appLocals(req).db, { cart: await findCart(req), asked, force });
  if (change.outcome === 'OK') {
    const config = req.app.locals.config;
    res.cookie(currencyCookieName, change.code, { httpOnly: true, sameSite: 'lax', secure: req.app.get('env') === 'production' && req.secure, path: config.BASE_PATH || '/', maxAge: oneYearMs });
  }
  return change;
}

/** What the header's currency widget shows (views/partials/currencies/widget.ejs), for every page (site routes). */
async function widgetLocals(req: Request, res: Response, next: NextFunction): Promise<void> {
  const { currency, rates } = await priceDisplayOf(req, res);
  res.locals.currencyWidget = { current: currency, currencies: rates.active };
  next();
}

/** The API's answer to a change: an unknown currency is the spec's Error answer, a 400. */
function answerOf(change: CurrencyChange, t: (key: string) => string): CurrencyChangeAnswer & { Message: string } {
  if (change.outcome === 'Unknown') {
    throw new HttpError(400, unknownKey, { extra: { ResponseCode: 'Error', ReasonType: 'error', ReasonResourceKey: unknownKey } });
  }
  if (change.outcome === 'Warning') return { ResponseCode: 'Warning', ReasonType: 'warning', ReasonResourceKey: repricedKey, Message: t(repricedKey) };
  return { ResponseCode: 'OK', ReasonType: '', ReasonResourceKey: '', Message: '' };
}

/**
 * POST {site}/api/v1/currencyconverter/currency/changeto/{currency}[/true]: answers
 * {ResponseCode, ReasonType, ReasonResourceKey} (plus Message, the reason in the page's culture):
 * OK (cookie set), Warning (a cart with items would be re-priced: only /true applies), Error (400, unknown currency).
 */
export function siteRoutes(): Router {
  const router = Router();
  // Here rather than in the culture routes: the sales areas mounted before this one (the cart page) show the header too.
  router.use(widgetLocals);
  const answer = (force: boolean) => async (req: Request, res: Response) => {
    res.set('Cache-Control', 'no-store');
    const change = await changeFor(req, res, String(req.params.currency), force);
    res.json(answerOf(change, res.locals.t));
  };
  router.post('/api/v1/currencyconverter/currency/changeto/:currency', answer(false));
  router.post('/api/v1/currencyconverter/currency/changeto/:currency/true', answer(true));
  return router;
}

/**
 * Culture routes: POST {culture}/currency {Currency, Force, returnUrl}
 * is the widget without JS: back to the page with a notice, or (a cart to re-price) a confirmation page
 * whose button posts again with Force.
 */
export function cultureRoutes(): Router {
  const router = Router({ mergeParams: true });
  router.post('/currency', async (req, res) => {
    const returnUrl = safeReturnUrl(req.body?.returnUrl, res.locals.href(''), res.locals.basePath);
    const asked = typeof req.body?.Currency === 'string' ? req.body.Currency : '';
    const change = await changeFor(req, res, asked, req.body?.Force === 'true');
    if (change.outcome === 'Unknown') throw new BadInput({ Currency: unknownKey }, 'Currencies.Label');
    if (change.outcome === 'Warning') {
      res.set('Cache-Control', 'no-store');
      // The page lives with the widget in views/partials/currencies (renderPage reads views/pages/{view}).
      return renderPage(req, res, path.join('..', 'partials', 'currencies', 'confirm'), { title: res.locals.t('Currencies.Confirm'), currency: change.code, returnUrl });
    }
    setFlash(req, 'success', 'Currencies.Changed');
    seeOther(res, returnUrl);
  });
  return router;
}

export { clearRates };
