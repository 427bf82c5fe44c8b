import { type NextFunction, type Request, type Response, Router } from 'express';
import { BadInput } from '../http/errors';
import { safeReturnUrl, seeOther, setFlash, wantsJson } from '../http/forms';
import { renderPage, renderFile, viewsDir } from '../http/render';
import path from 'node:path';
import type { Db } from '../db';
import { cartToken, findCart } from './cart';
import {
  addToCart, changeQuantity, type LineChange, parseIdInput, parseQuantityInput, removeItem, searchCities, setCity, setCountries,
  setShippingCountry, setShippingMethod,
} from './actions';
import { addToCartEvent, cartInfo, cartPageModel, loadSummary, quantityChangedMessage } from './view';

// The cart's addresses. API calls ({app}/api/v1/...) answer JSON; the same calls posted by a form
// without JS (and the no-JS forms under {app}/{culture}/shoppingcarts/...) redirect (303) with a notice.
// Every answer that shows a cart says Cache-Control: no-store.

type Handler = (req: Request, res: Response) => Promise<void>;
const wrap = (handler: Handler) => (req: Request, res: Response, next: NextFunction) => handler(req, res).catch(next);

function noStore(res: Response): void {
  res.set('Cache-Control', 'no-store');
}

/** Where a no-JS form came from (same site only), else the cart page. */
function backUrl(req: Request, res: Response): string {
  const fallback = res.locals.href('shoppingcarts');
  const referer = req.get('Referer');
  if (!referer) return fallback;
  try {
    const url = new URL(referer);
    if (url.host !== req.get('Host')) return fallback;
    return safeReturnUrl(url.pathname + url.search, fallback);
  } catch {
    return fallback;
  }
}

function cartPageUrl(res: Response, change?: LineChange | null): string {
  const url = res.locals.href('shoppingcarts');
  return change?.changed ? `${url}?changed=${change.itemId}` : url;
}

function firstMessageKey(error: BadInput): string {
  return Object.values(error.fields)[0] ?? 'Core.BadInput';
}

/** Order-origin fields: ItemOrigin (a word, default 'Catalog') and ItemKey (up to 100 characters, default none). */
function originOf(body: Record<string, unknown>): { origin: string; itemKey: string } {
  const origin = typeof body.ItemOrigin === 'string' && /^[A-Za-z]{1,50}$/.test(body.ItemOrigin) ? body.ItemOrigin : 'Catalog';
  const itemKey = typeof body.ItemKey === 'string' ? body.ItemKey.trim().slice(0, 100) : '';
  return { origin, itemKey };
}

/** POST {app}/api/v1/catalog/products/addtocart {ProductVariantId, Quantity, Name, ItemOrigin?, ItemKey?}. */
async function addToCartCall(req: Request, res: Response): Promise<void> {
  noStore(res);
  const body = (req.body ?? {}) as Record<string, unknown>;
  const json = wantsJson(req);
  try {
    const variantId = parseIdInput(body.ProductVariantId, 'ProductVariantId', 'ShoppingCarts.UnknownVariant');
    const quantity = parseQuantityInput(body.Quantity, { required: false });
    const { line, added } = await addToCart(req, res, { variantId, quantity, ...originOf(body) });
    const loaded = await loadSummary(req, res);
    const cartLine = loaded?.summary.lines.find((candidate) => candidate.id === line.itemId);
    if (!json) {
      // Back where the form was (the product page); a quantity the server changed is named with its reason.
      setFlash(req, 'success', 'ShoppingCarts.AddedToCart');
      if (line.changed && cartLine) {
        setFlash(req, 'info', 'ShoppingCarts.QuantityChangedMessage', { name: cartLine.name, origin: cartLine.origin, key: cartLine.itemKey ?? '' });
        if (line.reason) setFlash(req, 'info', line.reason.key, line.reason.params);
      }
      return seeOther(res, backUrl(req, res));
    }
    const currency = loaded?.summary.currency ?? 'EUR';
    res.json({
      Success: true,
      ProductVariantId: variantId,
      ItemId: line.itemId,
      Name: cartLine?.name ?? (typeof body.Name === 'string' ? body.Name : ''),
      Quantity: added,
      LineQuantity: line.quantity,
      QuantityChanged: line.changed,
      QuantityChangedMessage: line.changed && cartLine ? quantityChangedMessage(res, cartLine) : null,
      Cart: cartInfo(loaded?.summary ?? null, res.locals.culture),
      DataLayer: cartLine && added > 0 ? addToCartEvent(cartLine, added, currency) : null,
      CartUrl: res.locals.href('shoppingcarts'),
    });
  } catch (error) {
    if (json || !(error instanceof BadInput)) throw error;
    setFlash(req, 'error', firstMessageKey(error));
    seeOther(res, backUrl(req, res));
  }
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
      if (!json) {
        setFlash(req, 'success', 'ShoppingCarts.Updated');
        if (result?.changed && result.reason) setFlash(req, 'info', result.reason.key, result.reason.params);
        return seeOther(res, cartPageUrl(res, result));
      }
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
  for (const [name, value] of Object.entries((req.body ?? {}) as Record<string, unknown>)) {
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
const postCity = cartChange(async (req, res) => {
  const body = (req.body ?? {}) as Record<string, unknown>;
  let cityId = body.CityId;
  // Without JS the city is typed (postal code or name): the first match in the shipping country is taken.
  if ((cityId === undefined || cityId === '') && typeof body.CityQuery === 'string') {
    const cart = await findCart(req);
    const matches = cart?.shippingCountryId ? await searchCities(req.app.locals.db, cart.shippingCountryId, body.CityQuery) : {};
    cityId = Object.keys(matches)[0] ?? '';
  }
  await setCity(req, res, cityId);
});

/** GET {app}/api/v1/countries/{countryId}/cities/{query}: id → "postal code name", from 4 characters. */
async function citiesCall(req: Request, res: Response): Promise<void> {
  const countryId = parseIdInput(req.params.countryId, 'countryId', 'ShoppingCarts.UnknownCountry');
  res.set('Cache-Control', 'private, max-age=300');
  res.json(await searchCities(req.app.locals.db as Db, countryId, String(req.params.query ?? '')));
}

async function renderCartPage(req: Request, res: Response, { errors = {}, status = 200 }: { errors?: Record<string, string>; status?: number } = {}) {
  noStore(res);
  const loaded = await loadSummary(req, res);
  const changed = typeof req.query.changed === 'string' && /^\d+$/.test(req.query.changed) ? Number(req.query.changed) : null;
  const model = await cartPageModel(req, res, loaded, changed);
  res.locals.miniCart = miniCartModel(res, loaded?.summary ?? null);
  const messages = [...new Set(Object.values(errors).map((key) => res.locals.t(key) as string))];
  await renderPage(req, res, 'cart/cart', { ...model, errors: messages }, status);
}

function miniCartModel(res: Response, summary: Parameters<typeof cartInfo>[0]) {
  return { info: cartInfo(summary, res.locals.culture), url: res.locals.href('shoppingcarts') };
}

/** Puts the mini cart into res.locals for the header; a visitor without a cart costs no query. */
async function miniCart(req: Request, res: Response, next: NextFunction): Promise<void> {
  try {
    if (!res.locals.user && !cartToken(req)) {
      res.locals.miniCart = miniCartModel(res, null);
      return next();
    }
    const loaded = await loadSummary(req, res);
    res.locals.miniCart = miniCartModel(res, loaded?.summary ?? null);
    if (loaded) noStore(res);
    next();
  } catch (error) {
    next(error);
  }
}

/** {app}/{culture}/widget/shoppingcartitems: the mini cart's content alone. */
async function miniCartFragment(req: Request, res: Response): Promise<void> {
  noStore(res);
  const html = await renderFile(req, path.join(viewsDir, 'partials', 'cart', 'mini-cart.ejs'), { ...res.locals });
  res.vary('HX-Request').type('html').send(html);
}

/** Add to cart, the cart page, the mini cart and the cart API: `siteRoutes` see {app}/... (API, widgets), `cultureRoutes` see {app}/{culture}/... */
export function siteRoutes(): Router {
  const router = Router();
  router.post('/api/v1/catalog/products/addtocart', wrap(addToCartCall));
  router.get('/api/v1/shoppingcarts', wrap(cartInfoCall));
  router.put('/api/v1/shoppingcarts/shoppingcartitems/:id', wrap(putQuantity));
  router.delete('/api/v1/shoppingcarts/shoppingcartitems/:id', wrap(deleteItem));
  router.post('/api/v1/shoppingcarts/shippingcountries', wrap(postShippingCountry));
  router.post('/api/v1/shoppingcarts/shippingmethods', wrap(postShippingMethod));
  router.post('/api/v1/shoppingcarts/country', wrap(postCountry));
  router.post('/api/v1/shoppingcarts/city', wrap(postCity));
  router.get('/api/v1/countries/:countryId/cities/:query', wrap(citiesCall));
  return router;
}

export function cultureRoutes(): Router {
  const router = Router({ mergeParams: true });
  router.use(miniCart);
  router.get('/shoppingcarts', wrap((req, res) => renderCartPage(req, res)));
  router.post('/shoppingcarts', wrap(postAllQuantities));
  router.post('/shoppingcarts/shoppingcartitems/:id', wrap(postItem));
  router.post('/shoppingcarts/shippingcountries', wrap(postShippingCountry));
  router.post('/shoppingcarts/shippingmethods', wrap(postShippingMethod));
  router.post('/shoppingcarts/country', wrap(postCountry));
  router.post('/shoppingcarts/city', wrap(postCity));
  router.get('/widget/shoppingcartitems', wrap(miniCartFragment));
  return router;
}
