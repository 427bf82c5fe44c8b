import { z } from 'zod';
import type { Request } from 'express';
import type { Config } from '../config';
import type { Logger } from '../logger';

// Geocoding (specification, section 7: "a maps service is also used for places autocomplete and
// geocoding"). One interface; the real client speaks Nominatim's documented API
// (GET {GEOCODER_URL}/search?format=json&q=&limit=&accept-language=&countrycodes=). A failure (down,
// timeout, bad answer) is a warning only (section 8): logged, and the caller goes on without a place.

export interface Place {
  label: string;
  lat: number;
  lng: number;
}

export interface GeocodeOptions {
  culture: string;
  /** ISO 3166-1 alpha-2, to keep the answers in one country. */
  countryCode?: string;
}

export interface Geocoder {
  /** The best place for the text, or null (nothing found, or the service failed). */
  geocode(text: string, options: GeocodeOptions): Promise<Place | null>;
  /** Up to `limit` places for the text typed so far ([] when too short or on failure). */
  suggest(text: string, options: GeocodeOptions & { limit?: number }): Promise<Place[]>;
}

/** The least a typed text needs before suggestions are looked up. */
export const SUGGEST_MIN_LENGTH = 3;
export const SUGGEST_LIMIT = 5;

const answer = z.array(z.object({ lat: z.coerce.number().min(-90).max(90), lon: z.coerce.number().min(-180).max(180), display_name: z.string() }));

export class NominatimGeocoder implements Geocoder {
  constructor(
    private readonly baseUrl: string,
    private readonly logger: Pick<Logger, 'warn'>,
    private readonly timeoutMs = 3000,
  ) {}

  async geocode(text: string, options: GeocodeOptions): Promise<Place | null> {
    const places = text.trim() === '' ? [] : await this.search(text, { ...options, limit: 1 });
    return places[0] ?? null;
  }

  async suggest(text: string, options: GeocodeOptions & { limit?: number }): Promise<Place[]> {
    if (text.trim().length < SUGGEST_MIN_LENGTH) return [];
    return this.search(text, { ...options, limit: options.limit ?? SUGGEST_LIMIT });
  }

  private async search(text: string, { culture, countryCode, limit }: GeocodeOptions & { limit: number }): Promise<Place[]> {
    const url = new URL('search', this.baseUrl.endsWith('/') ? this.baseUrl : `${this.baseUrl}/`);
    url.search = new URLSearchParams({ format: 'json', q: text.trim().slice(0, 300), limit: String(limit), 'accept-language': culture }).toString();
    if (countryCode) url.searchParams.set('countrycodes', countryCode.toLowerCase());
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(this.timeoutMs), headers: { Accept: 'application/json', 'User-Agent': 'storefront-geocoder' } });
      if (!response.ok) throw new Error(`geocoder answered ${response.status}`);
      return answer.parse(await response.json()).map((place) => ({ label: place.display_name, lat: place.lat, lng: place.lon }));
    } catch (error) {
      this.logger.warn({ err: error, geocoder: url.origin }, 'geocoding failed; going on without a place');
      return [];
    }
  }
}

/** No geocoding service configured: nothing is ever found, and nothing is called. */
export const noGeocoder: Geocoder = { geocode: async () => null, suggest: async () => [] };

const geocoders = new WeakMap<object, Geocoder>();

/** The app's geocoder, made once per app from GEOCODER_URL (noGeocoder when unset). */
export function geocoderOf(req: Request): Geocoder {
  const locals = req.app.locals as unknown as { config: Config; logger: Logger };
  let geocoder = geocoders.get(locals.config);
  if (!geocoder) {
    const { GEOCODER_URL, GEOCODER_TIMEOUT_MS } = locals.config;
    geocoder = GEOCODER_URL ? new NominatimGeocoder(GEOCODER_URL, locals.logger, GEOCODER_TIMEOUT_MS) : noGeocoder;
    geocoders.set(locals.config, geocoder);
  }
  return geocoder;
}
