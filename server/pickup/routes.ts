import { type Request, type Response, Router } from 'express';
import { ensureCart } from '../cart/cart';
import { setCartPickupPoint } from '../cart/data';
import { BadInput, NotFound } from '../http/errors';
import { safeReturnUrl, seeOther, setFlash, wantsJson } from '../http/forms';
import { appLocals } from '../http/locals';
import { isHtmxRequest, renderPage } from '../http/render';
import { carrierNamed } from './carriers';
import { geocoderOf } from '../maps/geocoder';
import { mapSettings } from './map';
import { buildSavedPickupPoint } from './save';
import { DEFAULT_MAXIMUM_LIST_SIZE, DEFAULT_SEARCH_RADIUS_KM, type PickupSearchAnswer, searchPickupPoints, viewModelOf } from './search';
import { type SearchPageQuery, searchFromPage } from './search-page';

/** Asked as a plain form (no JS) rather than by fetch or htmx: answer with a redirect and a flash notice. */
function isFormPost(req: Request): boolean {
  return !wantsJson(req) && !isHtmxRequest(req);
}

const queryText = (req: Request, name: string) => (typeof req.query[name] === 'string' ? (req.query[name] as string).trim().slice(0, 300) : '');

function searchPageQuery(req: Request): SearchPageQuery {
  const names = ['shippingMethodId', 'carrierGatewayId', 'countryId', 'city', 'postCode', 'address'] as const;
  return Object.fromEntries(names.map((name) => [name, queryText(req, name)])) as unknown as SearchPageQuery;
}

/** The map beside the list (with its stylesheet), when a maps key is configured and there are points. */
function mapOf(req: Request, pointCount: number) {
  const map = pointCount > 0 ? mapSettings(req.app.locals.config) : null;
  return map && { ...map, stylesheet: req.app.locals.assets.entry('pickup-map').style };
}

/** GET {app}/{culture}/shippings/pickuppoint/search: the search modal's page (a page, or the region the modal loads). */
async function searchPage(req: Request, res: Response): Promise<void> {
  const query = searchPageQuery(req);
  const found = await searchFromPage(appLocals(req).db, { query, culture: res.locals.culture, geocoder: geocoderOf(req) });
  const basePath = res.locals.basePath;
  res.set('Cache-Control', 'no-store');
  await renderPage(req, res, '../partials/pickup/search-page', {
    title: res.locals.t('Shippings.PickupPoint.Title'),
    ...found,
    search: { city: query.city, postCode: query.postCode, address: query.address },
    shippingMethodId: query.shippingMethodId,
    carrierGatewayId: query.carrierGatewayId,
    countryId: query.countryId,
    searchRadius: DEFAULT_SEARCH_RADIUS_KM,
    maximumListSize: DEFAULT_MAXIMUM_LIST_SIZE,
    searchUrl: `${basePath}/api/v1/shipping/${encodeURIComponent(found.carrier)}/getpickuppoints`,
    saveUrl: `${basePath}/api/v1/shoppingcarts/externalpickuppoint`,
    returnUrl: safeReturnUrl(req.query.returnUrl, res.locals.href('checkout'), res.locals.basePath),
    map: mapOf(req, found.points.length),
  });
}

/**
 * POST {app}/api/v1/shipping/{carrier}/getpickuppoints: the search request and answer of section 3.
 * An unknown carrier is a 404 and a bad request a 400 naming its fields, both with the answer's own
 * fields (ResponseStatusDescription, no PickupPointViewModels) beside the error's.
 */
async function searchApi(req: Request, res: Response): Promise<void> {
  const outcome = await searchPickupPoints(appLocals(req).db, String(req.params.carrier), req.body, geocoderOf(req));
  const failed = (status: 'UnknownCarrier' | 'InvalidRequest') => ({ extra: { ResponseStatusDescription: status, PickupPointViewModels: [] } });
  if (outcome.status === 'UnknownCarrier') throw new NotFound('Shippings.PickupPoint.UnknownCarrier', failed('UnknownCarrier'));
  if (outcome.status === 'InvalidRequest') {
    const fields = Object.fromEntries(outcome.fields.map((field) => [field, 'Shippings.PickupPoint.Invalid']));
    throw new BadInput(fields, undefined, failed('InvalidRequest'));
  }
  const answer: PickupSearchAnswer = { ResponseStatusDescription: 'Success', PickupPointViewModels: outcome.points.map(viewModelOf) };
  res.set('Cache-Control', 'no-store').json(answer);
}

/**
 * POST {app}/api/v1/shoppingcarts/externalpickuppoint: saves the chosen point on the visitor's cart.
 * By fetch (JSON or form data with HX-Request) it answers the saved payload; as a plain form (no JS)
 * it redirects to returnUrl with a notice. Bad input: 400, nothing saved.
 */
async function savePoint(req: Request, res: Response): Promise<void> {
  const db = appLocals(req).db;
  const outcome = await buildSavedPickupPoint(db, req.body);
  const returnUrl = safeReturnUrl(req.body?.returnUrl, `${res.locals.basePath}/`, res.locals.basePath);
  if (!outcome.ok) {
    if (!isFormPost(req)) throw new BadInput(outcome.fields);
    setFlash(req, 'error', 'Shippings.PickupPoint.ErrorMessage');
    return seeOther(res, returnUrl);
  }
  await setCartPickupPoint(db, (await ensureCart(req, res)).id, outcome.payload);
  if (!isFormPost(req)) return void res.set('Cache-Control', 'no-store').json(outcome.payload);
  setFlash(req, 'success', 'Shippings.PickupPoint.Saved');
  seeOther(res, returnUrl);
}

/** Pickup point search and choice: `siteRoutes` see {app}/... (API, widgets), `cultureRoutes` see {app}/{culture}/... */
export function siteRoutes(): Router {
  const router = Router();
  router.post('/api/v1/shipping/:carrier/getpickuppoints', searchApi);
  router.post('/api/v1/shoppingcarts/externalpickuppoint', savePoint);
  return router;
}

export function cultureRoutes(): Router {
  const router = Router({ mergeParams: true });
  router.get('/shippings/pickuppoint/search', searchPage);
  return router;
}

export { carrierNamed };
