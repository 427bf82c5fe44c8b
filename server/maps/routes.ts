import { type Request, type Response, Router } from 'express';
import { BadInput } from '../http/errors';
import { geocoderOf, SUGGEST_LIMIT } from './geocoder';

/**
 * GET {app}/api/v1/settings/GoogleFrontAPIKey: the browser maps key (MAPS_API_KEY, the key the tile
 * addresses carry, never a server secret) as a JSON string; null when none is configured, and then no
 * map loads anywhere (docs/maps.md).
 */
function frontKey(req: Request, res: Response): void {
  res.set('Cache-Control', 'public, max-age=300').json(req.app.locals.config.MAPS_API_KEY ?? null);
}

/**
 * GET {app}/api/v1/maps/places?q=&countryCode=: up to 5 places for the text typed so far (the place
 * field's suggestions), from the geocoder: { Places: [{ Label, Latitude, Longitude }] }. Under 3
 * characters, with no geocoder, or when it fails: no places. A text over 200 characters or a country
 * that is not two letters: 400.
 */
async function places(req: Request, res: Response): Promise<void> {
  const text = req.query.q ?? '';
  const countryCode = req.query.countryCode ?? '';
  const fields: Record<string, string> = {};
  if (typeof text !== 'string' || text.length > 200) fields.q = 'Maps.InvalidQuery';
  if (typeof countryCode !== 'string' || !/^([A-Za-z]{2})?$/.test(countryCode)) fields.countryCode = 'Maps.InvalidQuery';
  if (Object.keys(fields).length) throw new BadInput(fields);
  const found = await geocoderOf(req).suggest(String(text), { culture: res.locals.culture, countryCode: String(countryCode) || undefined, limit: SUGGEST_LIMIT });
  res.set('Cache-Control', 'public, max-age=300').json({ Places: found.map((place) => ({ Label: place.label, Latitude: place.lat, Longitude: place.lng })) });
}

/** The maps API, at site level ({app}/api/v1/…). */
export function mapsApiRoutes(): Router {
  const router = Router();
  router.get('/api/v1/settings/GoogleFrontAPIKey', frontKey);
  router.get('/api/v1/maps/places', places);
  return router;
}
