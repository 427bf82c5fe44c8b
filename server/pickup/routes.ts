import { type Request, type Response, Router } from 'express';
import { setCartPickupPoint, ensureCart } from '../cart/cart';
import { idOf } from '../shared/ids';
import { safeReturnUrl, seeOther, setFlash, wantsJson } from '../http/forms';
import { isHtmxRequest, renderPage } from '../http/render';
import { carrierNamed } from './carriers';
import { mapSettings } from './map';
import { buildSavedPickupPoint } from './save';
import { DEFAULT_MAXIMUM_LIST_SIZE, DEFAULT_SEARCH_RADIUS_KM, type PickupSearchAnswer, searchPickupPoints, viewModelOf } from './search';

/** Asked as a plain form (no JS) rather than by fetch or htmx: answer with a redirect and a flash notice. */
function isFormPost(req: Request): boolean {
  return !wantsJson(req) && !isHtmxRequest(req);
}

function directionsUrl(latitude: number, longitude: number): string {
  return `https://www.openstreetmap.org/directions?to=${latitude}%2C${longitude}`;
}

/** The modal's country: the countries table's id (as the checkout gives it) or an ISO code. */
async function countryCodeOf(req: Request, value: string): Promise<{ code: string; id: string }> {
  if (/^[A-Za-z]{2}$/.test(value)) return { code: value.toUpperCase(), id: value.toUpperCase() };
  const id = idOf(value);
  if (id === null) return { code: '', id: '' };
  const row = await req.app.locals.db.selectFrom('countries').select('code').where('id', '=', id).executeTakeFirst();
  return { code: row?.code ?? '', id: String(id) };
}

/** The carrier of the modal: carrierGatewayId when it names one, else the shipping method's, else 'static'. */
async function carrierNameOf(req: Request, carrierGatewayId: string, shippingMethodId: number | null): Promise<string> {
  if (carrierGatewayId) return carrierGatewayId;
  if (shippingMethodId) {
    const method = await req.app.locals.db.selectFrom('shipping_methods').select('carrier').where('id', '=', shippingMethodId).executeTakeFirst();
    if (method) return method.carrier;
  }
  return 'static';
}

const query = (req: Request, name: string) => (typeof req.query[name] === 'string' ? (req.query[name] as string).trim().slice(0, 300) : '');

async function searchPage(req: Request, res: Response): Promise<void> {
  const t = res.locals.t as (key: string, options?: object) => string;
  const shippingMethodIdText = query(req, 'shippingMethodId');
  const shippingMethodId = idOf(shippingMethodIdText);
  const carrierName = await carrierNameOf(req, query(req, 'carrierGatewayId'), shippingMethodId);
  const country = await countryCodeOf(req, query(req, 'countryId'));
  const search = { city: query(req, 'city'), postCode: query(req, 'postCode'), address: query(req, 'address') };
  const outcome = await searchPickupPoints(req.app.locals.db, carrierName, {
    City: search.city,
    PostalCode: search.postCode,
    CountryCode: country.code,
    Address: search.address,
    ShippingMethodId: shippingMethodId,
    SearchRadius: DEFAULT_SEARCH_RADIUS_KM,
    MaximumListSize: DEFAULT_MAXIMUM_LIST_SIZE,
    CultureName: res.locals.culture,
  });
  const points =
    outcome.status === 'Success'
      ? outcome.points.map((point) => ({
          view: viewModelOf(point),
          pickupPointId: carrierName === 'static' ? point.id : null,
          hours: point.hours.split(';').map((line) => line.trim()).filter(Boolean),
          directions: directionsUrl(point.latitude, point.longitude),
        }))
      : [];
  const basePath: string = res.locals.basePath;
  const map = points.length > 0 ? mapSettings(req.app.locals.config) : null;
  res.set('Cache-Control', 'no-store');
  await renderPage(req, res, '../partials/pickup/search-page', {
    title: t('Shippings.PickupPoint.Title'),
    status: outcome.status,
    carrier: carrierName,
    points,
    search,
    shippingMethodId: shippingMethodIdText,
    carrierGatewayId: query(req, 'carrierGatewayId'),
    countryId: query(req, 'countryId'),
    countryCode: country.code,
    searchRadius: DEFAULT_SEARCH_RADIUS_KM,
    maximumListSize: DEFAULT_MAXIMUM_LIST_SIZE,
    searchUrl: `${basePath}/api/v1/shipping/${encodeURIComponent(carrierName)}/getpickuppoints`,
    saveUrl: `${basePath}/api/v1/shoppingcarts/externalpickuppoint`,
    returnUrl: safeReturnUrl(req.query.returnUrl, res.locals.href('checkout')),
    map: map && { ...map, stylesheet: req.app.locals.assets.entry('pickup-map').style },
  });
}

/** Pickup point search and choice: `siteRoutes` see {app}/... (API, widgets), `cultureRoutes` see {app}/{culture}/... */
export function siteRoutes(): Router {
  const router = Router();

  /** POST {app}/api/v1/shipping/{carrier}/getpickuppoints: the search request and answer of section 3. */
  router.post('/api/v1/shipping/:carrier/getpickuppoints', async (req, res) => {
    const t = res.locals.t as (key: string) => string;
    const outcome = await searchPickupPoints(req.app.locals.db, String(req.params.carrier), req.body);
    if (outcome.status === 'UnknownCarrier') {
      const answer: PickupSearchAnswer & { Message: string } = { ResponseStatusDescription: 'UnknownCarrier', PickupPointViewModels: [], Message: t('Shippings.PickupPoint.UnknownCarrier') };
      return void res.status(404).json(answer);
    }
    if (outcome.status === 'InvalidRequest') {
      const message = t('Shippings.PickupPoint.Invalid');
      return void res.status(400).json({
        ResponseStatusDescription: 'InvalidRequest',
        PickupPointViewModels: [],
        Message: t('Core.BadInput'),
        Errors: outcome.fields.map((Field) => ({ Field, Message: message })),
      });
    }
    const answer: PickupSearchAnswer = { ResponseStatusDescription: 'Success', PickupPointViewModels: outcome.points.map(viewModelOf) };
    res.set('Cache-Control', 'no-store').json(answer);
  });

  /**
   * POST {app}/api/v1/shoppingcarts/externalpickuppoint: saves the chosen point on the visitor's cart.
   * By fetch (JSON or form data with HX-Request) it answers the saved payload; as a plain form (no JS)
   * it redirects to returnUrl with a notice. Bad input: 400, nothing saved.
   */
  router.post('/api/v1/shoppingcarts/externalpickuppoint', async (req, res) => {
    const t = res.locals.t as (key: string) => string;
    const db = req.app.locals.db;
    const outcome = await buildSavedPickupPoint(db, req.body);
    const returnUrl = safeReturnUrl(req.body?.returnUrl, `${res.locals.basePath}/`);
    if (!outcome.ok) {
      if (isFormPost(req)) {
        setFlash(req, 'error', 'Shippings.PickupPoint.ErrorMessage');
        return seeOther(res, returnUrl);
      }
      return void res.status(400).json({
        Message: t('Core.BadInput'),
        Errors: Object.entries(outcome.fields).map(([Field, key]) => ({ Field, Message: t(key) })),
      });
    }
    const cart = await ensureCart(req, res);
    await setCartPickupPoint(db, cart.id, outcome.payload);
    if (isFormPost(req)) {
      setFlash(req, 'success', 'Shippings.PickupPoint.Saved');
      return seeOther(res, returnUrl);
    }
    res.set('Cache-Control', 'no-store').json(outcome.payload);
  });
  return router;
}

export function cultureRoutes(): Router {
  const router = Router({ mergeParams: true });
  router.get('/shippings/pickuppoint/search', searchPage);
  return router;
}

export { carrierNamed };
