import path from 'node:path';
import { type NextFunction, type Request, type Response, Router } from 'express';
import { countItems, findCart } from '../cart/cart';
import type { Db } from '../db/index';
import { BadInput } from '../http/errors';
import { safeReturnUrl, seeOther, setFlash } from '../http/forms';
import { renderPage } from '../http/render';
import { priceDisplayOf } from './display';
import { clearRates, currencyCookieName, loadRates } from './rates';

/** The spec's currency change answer. */
export interface CurrencyChangeAnswer {
  ResponseCode: 'OK' | 'Warning' | 'Error';
  ReasonType: '' | 'warning' | 'error';
  ReasonResourceKey: string;
}

const oneYearMs = 365 * 24 * 60 * 60 * 1000;
export const repricedKey = 'Currencies.CartWillBeRepriced';
export const unknownKey = 'Currencies.UnknownCurrency';

type Outcome = { answer: CurrencyChangeAnswer; status: number; code: string };

/**
 * Changes the visitor's currency. A cart with items in another currency is re-priced only when forced
 * (otherwise a warning, nothing changed); then the cart's currency follows and the `currency` cookie is set.
 */
async function changeCurrency(req: Request, res: Response, asked: string, force: boolean): Promise<Outcome> {
  const db = req.app.locals.db as Db;
  const code = asked.trim().toUpperCase();
  const rates = await loadRates(db);
  if (!rates.active.includes(code)) return { status: 400, code, answer: { ResponseCode: 'Error', ReasonType: 'error', ReasonResourceKey: unknownKey } };
  const cart = await findCart(req);
  if (cart && cart.currency !== code) {
    if (!force && (await countItems(db, cart.id)) > 0) {
      return { status: 200, code, answer: { ResponseCode: 'Warning', ReasonType: 'warning', ReasonResourceKey: repricedKey } };
    }
    await db.updateTable('carts').set({ currency: code, updated_at: Date.now() }).where('id', '=', cart.id).execute();
  }
  const config = req.app.locals.config;
  res.cookie(currencyCookieName, code, { httpOnly: true, sameSite: 'lax', secure: req.app.get('env') === 'production' && req.secure, path: config.BASE_PATH || '/', maxAge: oneYearMs });
  return { status: 200, code, answer: { ResponseCode: 'OK', ReasonType: '', ReasonResourceKey: '' } };
}

/** What the header's currency widget shows (views/partials/currencies/widget.ejs), for every page (site routes). */
async function widgetLocals(req: Request, res: Response, next: NextFunction): Promise<void> {
  const { currency, rates } = await priceDisplayOf(req, res);
  res.locals.currencyWidget = { current: currency, currencies: rates.active };
  next();
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
    const outcome = await changeCurrency(req, res, String(req.params.currency), force);
    const { ReasonResourceKey } = outcome.answer;
    res.set('Cache-Control', 'no-store').status(outcome.status).json({ ...outcome.answer, Message: ReasonResourceKey ? res.locals.t(ReasonResourceKey) : '' });
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
    const returnUrl = safeReturnUrl(req.body?.returnUrl, res.locals.href(''));
    const asked = typeof req.body?.Currency === 'string' ? req.body.Currency : '';
    const force = req.body?.Force === 'true';
    const outcome = await changeCurrency(req, res, asked, force);
    if (outcome.answer.ResponseCode === 'Error') throw new BadInput({ Currency: unknownKey }, 'Currencies.Label');
    if (outcome.answer.ResponseCode === 'Warning') {
      res.set('Cache-Control', 'no-store');
      // The page lives with the widget in views/partials/currencies (renderPage reads views/pages/{view}).
      return renderPage(req, res, path.join('..', 'partials', 'currencies', 'confirm'), { title: res.locals.t('Currencies.Confirm'), currency: outcome.code, returnUrl });
    }
    setFlash(req, 'success', 'Currencies.Changed');
    seeOther(res, returnUrl);
  });
  return router;
}

export { clearRates };
