import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// A small geocoding service on the loopback, answering Nominatim's API shape
// (GET /search?format=json&q=&limit=&countrycodes=) from a fixture of real places, so the geocoder
// client is tested over real HTTP. Modes make it fail: 'down' answers 503, 'slow' never answers in
// time, 'garbage' answers something that is not Nominatim's JSON.

export interface FixturePlace {
  display_name: string;
  lat: string;
  lon: string;
  country_code: string;
  /** Words that find it (lower case, accents dropped). */
  words: string[];
}

export const fixturePlaces: FixturePlace[] = [
  { display_name: 'Grand-Place, Bruxelles, Belgique', lat: '50.8467', lon: '4.3525', country_code: 'be', words: ['grand-place', 'grand place', 'bruxelles'] },
  { display_name: 'Rue Neuve 1, Bruxelles, Belgique', lat: '50.8515', lon: '4.3571', country_code: 'be', words: ['rue neuve', 'bruxelles'] },
  { display_name: 'Place Bellecour, Lyon, France', lat: '45.7578', lon: '4.8320', country_code: 'fr', words: ['bellecour', 'lyon'] },
  { display_name: 'Dam, Amsterdam, Nederland', lat: '52.3731', lon: '4.8926', country_code: 'nl', words: ['dam', 'amsterdam'] },
  { display_name: 'Marienplatz, München, Deutschland', lat: '48.1374', lon: '11.5755', country_code: 'de', words: ['marienplatz', 'munchen', 'munich'] },
  { display_name: 'Place de la Bourse, Bordeaux, France', lat: '44.8412', lon: '-0.5700', country_code: 'fr', words: ['bourse', 'bordeaux'] },
];

export type GeocoderMode = 'ok' | 'down' | 'slow' | 'garbage';

export interface GeocoderServer {
  url: string;
  /** Every query string the server was asked, in order. */
  requests: URLSearchParams[];
  mode: GeocoderMode;
  close(): Promise<void>;
}

const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim();

function search(params: URLSearchParams): FixturePlace[] {
  const text = fold(params.get('q') ?? '');
  const countries = (params.get('countrycodes') ?? '').split(',').filter(Boolean);
  const limit = Math.min(50, Number(params.get('limit') ?? '10') || 10);
  return fixturePlaces
    .filter((place) => text !== '' && place.words.some((word) => text.includes(word) || word.startsWith(text)))
    .filter((place) => countries.length === 0 || countries.includes(place.country_code))
    .slice(0, limit);
}

export async function startGeocoderServer(): Promise<GeocoderServer> {
  const state: GeocoderServer = { url: '', requests: [], mode: 'ok', close: async () => undefined };
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    state.requests.push(url.searchParams);
    if (url.pathname !== '/search' || url.searchParams.get('format') !== 'json') return void res.writeHead(404).end();
    if (state.mode === 'down') return void res.writeHead(503, { 'Content-Type': 'text/plain' }).end('unavailable');
    if (state.mode === 'slow') return void setTimeout(() => res.writeHead(200).end('[]'), 5000).unref();
    const body = state.mode === 'garbage' ? '{"error":"no"}' : JSON.stringify(search(url.searchParams).map(({ words, ...place }) => place));
    res.writeHead(200, { 'Content-Type': 'application/json' }).end(body);
  });
  server.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  state.close = () => {
    server.closeAllConnections();
    return new Promise((resolve) => server.close(() => resolve()));
  };
  return state;
}
