import { type NextFunction, type Request, type Response, Router } from 'express';
import type { Logger } from '../logger';
import { BadInput } from '../http/errors';
import { appLocals } from '../http/locals';
import { safeReturnUrl, seeOther, setFlash, wantsJson } from '../http/forms';
import { renderPage } from '../http/render';
import { addedToCartWidget } from '../../widgets/added-to-cart/route';
import { miniCartWidget } from '../../widgets/mini-cart/route';
import { addToCartAndSummarize, changeQuantity, type LineChange, loadSummary, removeItem } from './actions';
import { citySuggestions, deliveryOptions, setCity, setCountries, setShippingCountry, setShippingMethod } from './delivery';
import { productLinks } from './line-links';
import { parseAddition, parseIdInput, parseQuantityInput } from './input';
import { addedAnswer, addedNotices, cartInfo, cartPageModel, quantityChangedMessage } from './view';

// The cart's addresses. API calls ({app}/api/v1/...) answer JSON; the same calls posted by a form
// without JS (and the no-JS forms under {app}/{culture}/shoppingcarts/...) redirect (303) with a notice.
// Every answer that shows a cart says Cache-Control: no-store.

type Handler = (req: Request, res: Response) => Promise<void>;
const wrap = (handler: Handler) => (req: Request, res: Response, next: NextFunction) => handler(req, res).catch(next);

function noStore(res: Response): void {
  res.set('Cache-Control', 'no-store');
}

const bodyOf = (req: Request) => (req.body ?? {}) as Record<string, unknown>;

/** Where a no-JS form came from (same site only), else the cart page. */
function backUrl(req: Request, res: Response): string {
  const fallback = res.locals.href('shoppingcarts');
  const referer = req.get('Referer');
  if (!referer) return fallback;
  try {
    const url = new URL(referer);
    if (url.host !== req.get('Host')) return fallback;
    return safeReturnUrl(url.pathname + url.search, fallback, res.locals.basePath);
  } catch (error) {
    (appLocals(req).logger as Logger).debug({ err: error, referer }, 'referer is not a URL, back to the cart');
    return fallback;
  }
}

function cartPageUrl(res: Response, change?: LineChange | null): string {
  const url = res.locals.href('shoppingcarts');
  return change?.changed ? `${url}?changed=${change.itemId}` : url;
}

/** POST {app}/api/v1/catalog/products/addtocart {ProductVariantId, Quantity, Name, ItemOrigin?, ItemKey?}. */
async function addToCartCall(req: Request, res: Response): Promise<void> {
  noStore(res);
  if (!wantsJson(req)) return addToCartForm(req, res);
  const input = parseAddition(bodyOf(req));
  const added = await addToCartAndSummarize(req, res, input);
  const name = typeof bodyOf(req).Name === 'string' ? String(bodyOf(req).Name) : '';
  res.json(addedAnswer(res, added, { variantId: input.variantId, name }));
}

/** The same add posted by the product form without JS: back where the form was, the outcome as notices. */
async function addToCartForm(req: Request, res: Response): Promise<void> {
  try {
    const added = await addToCartAndSummarize(req, res, parseAddition(bodyOf(req)));
    for (const notice of addedNotices(added)) setFlash(req, notice.type, notice.key, notice.params);
  } catch (error) {
    if (!(error instanceof BadInput)) throw error;
    (appLocals(req).logger as Logger).debug({ fields: error.fields }, 'add to cart refused');
    setFlash(req, 'error', Object.values(error.fields)[0] ?? 'Core.BadInput');
  }
  seeOther(res, backUrl(req, res));
}

/** GET {app}/api/v1/shoppingcarts. */
async function cartInfoCall(req: Request, res: Response): Promise<void> {
  noStore(res);
  const loaded = await loadSummary(req, res);
  res.json(cartInfo(loaded?.summary ?? null, res.locals.culture));
}

/** Each cart change: JSON (the cart info, plus the changed line's notice) for script, 303 to the cart page for a form. */
function cartChange(change: (req: Request, res: Response) => Promise<LineChange | null | void>): Handler {
  return async (req, res) => {
    noStore(res);
    const json = wantsJson(req);
    try {
      const result = (await change(req, res)) ?? null;
      if (!json) return changedForm(req, res, result);
      const loaded = await loadSummary(req, res);
      const line = result ? loaded?.summary.lines.find((candidate) => candidate.id === result.itemId) : undefined;
      res.json({
        Success: true,
        ...(result ? { Quantity: result.quantity, QuantityChanged: result.changed } : {}),
        QuantityChangedMessage: result?.changed && line ? quantityChangedMessage(res, line) : null,
        Cart: cartInfo(loaded?.summary ?? null, res.locals.culture),
      });
    } catch (error) {
      if (json || !(error instanceof BadInput)) throw error;
      await renderCartPage(req, res, { errors: error.fields, status: 400 });
    }
  };
}

/** A change posted without JS: back to the cart page with the notice, and why the server kept another quantity. */
function changedForm(req: Request, res: Response, result: LineChange | null): void {
  setFlash(req, 'success', 'ShoppingCarts.Updated');
  if (result?.changed && result.reason) setFlash(req, 'info', result.reason.key, result.reason.params);
  seeOther(res, cartPageUrl(res, result));
}

const itemIdOf = (req: Request) => parseIdInput(req.params.id, 'Id', 'ShoppingCarts.UnknownItem');
/** The JSON body's Quantity, or a no-JS cart form's Quantity[{id}]. */
const quantityOf = (req: Request, id: number) => req.body?.[`Quantity[${id}]`] ?? req.body?.Quantity;

const putQuantity = cartChange((req) => {
  const id = itemIdOf(req);
  return changeQuantity(req, id, parseQuantityInput(quantityOf(req, id), { required: true }));
});
const deleteItem = cartChange(async (req) => {
  await removeItem(req, itemIdOf(req));
});
/** The no-JS line form: Quantity, or the remove button (_method=DELETE). */
const postItem = cartChange(async (req) => {
  const id = itemIdOf(req);
  if (String(req.body?._method ?? '').toUpperCase() === 'DELETE') return void (await removeItem(req, id));
  return changeQuantity(req, id, parseQuantityInput(quantityOf(req, id), { required: true }));
});
/** The no-JS cart form's default button (Enter without JS): every line's Quantity[{id}]. */
const postAllQuantities = cartChange(async (req) => {
  let last: LineChange | null = null;
  for (const [name, value] of Object.entries(bodyOf(req))) {
    const match = /^Quantity\[(\d+)\]$/.exec(name);
    if (!match) continue;
    const change = await changeQuantity(req, Number(match[1]), parseQuantityInput(value, { required: true }));
    if (change.changed || !last) last = change;
  }
  return last;
});
const postShippingCountry = cartChange((req, res) => setShippingCountry(req, res, req.body?.CountryCode));
const postShippingMethod = cartChange((req, res) => setShippingMethod(req, res, req.body?.ShippingMethodId));
const postCountry = cartChange((req, res) => setCountries(req, res, req.body?.ShippingCountryId, req.body?.BillingCountryId));
/** Without JS the city is typed (postal code or name) in CityQuery. */
const postCity = cartChange((req, res) => setCity(req, res, { cityId: bodyOf(req).CityId, query: bodyOf(req).CityQuery }));

/** GET {app}/api/v1/countries/{countryId}/cities/{query}: id → "postal code name", from 4 characters. */
async function citiesCall(req: Request, res: Response): Promise<void> {
  const countryId = parseIdInput(req.params.countryId, 'countryId', 'ShoppingCarts.UnknownCountry');
  res.set('Cache-Control', 'private, max-age=300');
  res.json(await citySuggestions(appLocals(req).db, countryId, String(req.params.query ?? '')));
}

async function renderCartPage(req: Request, res: Response, { errors = {}, status = 200 }: { errors?: Record<string, string>; status?: number } = {}) {
  noStore(res);
  const loaded = await loadSummary(req, res);
  const changed = typeof req.query.changed === 'string' && /^\d+$/.test(req.query.changed) ? Number(req.query.changed) : null;
  const { db } = appLocals(req);
  const links = await productLinks(db, { productIds: loaded?.summary.lines.map((line) => line.productId) ?? [], culture: res.locals.culture, basePath: res.locals.basePath });
  const model = cartPageModel(res, loaded, await deliveryOptions(db, loaded?.cart ?? null, res.locals.culture), { changedItemId: changed, links });
  const messages = [...new Set(Object.values(errors).map((key) => res.locals.t(key) as string))];
  await renderPage(req, res, 'cart/cart', { ...model, errors: messages }, status);
}

/** Add to cart, the cart page, the mini cart and the cart API: `siteRoutes` see {app}/... (API, widgets), `cultureRoutes` see {app}/{culture}/... */
export function siteRoutes(): Router {
  const router = Router();
  router.post('/api/v1/catalog/products/addtocart', wrap(addToCartCall));
  router.get('/api/v1/shoppingcarts', wrap(cartInfoCall));
  router.put('/api/v1/shoppingcarts/shoppingcartitems/:id', wrap(putQuantity));
  router.delete('/api/v1/shoppingcarts/shoppingcartitems/:id', wrap(deleteItem));
  router.get('/api/v1/countries/:countryId/cities/:query', wrap(citiesCall));
  mountChoices(router, '/api/v1/shoppingcarts');
  return router;
}

/** The cart's delivery choices, posted by script to the API and by a plain form to the culture's cart. */
function mountChoices(router: Router, prefix: string): void {
  const choices = { shippingcountries: postShippingCountry, shippingmethods: postShippingMethod, country: postCountry, city: postCity };
  for (const [path, handler] of Object.entries(choices)) router.post(`${prefix}/${path}`, wrap(handler));
}

export function cultureRoutes(): Router {
  const router = Router({ mergeParams: true });
  router.use(miniCartWidget());
  router.use(addedToCartWidget());
  router.get('/shoppingcarts', wrap((req, res) => renderCartPage(req, res)));
  router.post('/shoppingcarts', wrap(postAllQuantities));
  router.post('/shoppingcarts/shoppingcartitems/:id', wrap(postItem));
  mountChoices(router, '/shoppingcarts');
  return router;
}
