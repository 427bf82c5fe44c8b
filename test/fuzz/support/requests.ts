// One fuzzed request: a route of the app with its parameters filled (known values, hostile text, raw
// non-UTF-8 escapes), a method, a query string, a body, headers and cookies, and the persona it comes
// from. The persona's CSRF token is only known when the request is sent, so it travels as a stand-in.
import fc from 'fast-check';
import { type Body, type BodyContext, bodyOf, encodedPairs } from './bodies';
import { type PersonaName, personaNames } from './personas';
import { type PatternPiece, parsePattern, type RouteTarget } from './routes';
import { cultures, encodedValue, hostileText, type KnownValues, percentEncode, rawEscapes } from './values';

/** Where the persona's CSRF token goes, replaced at sending time. */
export const tokenStandIn = 'FUZZ-CSRF-TOKEN-STAND-IN';

export interface FuzzCase {
  persona: PersonaName;
  route: string;
  method: string;
  path: string;
  headers: Record<string, string>;
  /** name=value pairs added to the persona's own cookies. */
  cookies: string[];
  body?: Body;
}

const otherMethods = ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'PROPFIND'];

function segmentValue(name: string, known: KnownValues): fc.Arbitrary<string> {
  const named = known.byName.get(name);
  const anyValue = encodedValue(known);
  return named ? fc.oneof({ weight: 6, arbitrary: fc.constantFrom(...named) }, { weight: 1, arbitrary: anyValue }) : anyValue;
}

/** The pattern with its parameters, optional parts and wildcards filled in. */
function filledPath(pieces: PatternPiece[], known: KnownValues): fc.Arbitrary<string> {
  const parts = pieces.map((piece): fc.Arbitrary<string> => {
    if ('text' in piece) return fc.constant(piece.text);
    if ('param' in piece) return segmentValue(piece.param, known);
    if ('wildcard' in piece) return fc.array(encodedValue(known), { minLength: 1, maxLength: 3 }).map((segments) => segments.join('/'));
    return fc.oneof(fc.constant(''), filledPath(piece.optional, known));
  });
  return parts.length ? fc.tuple(...parts).map((filled) => filled.join('')) : fc.constant('');
}

/** Now and then the path bent: a trailing or doubled slash, a dot segment, a different case, raw latin-1 bytes, an extra segment. */
function bentPath(path: string, known: KnownValues): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 12, arbitrary: fc.constant(path) },
    { weight: 1, arbitrary: fc.constantFrom(`${path}/`, `/${path}`, path.replace(/\/([^/]*)$/, '/./$1'), `${path}/..`, path.toUpperCase(), `${path};x=1`, `${path}\xff\xc0\xaf`) },
    { weight: 2, arbitrary: encodedValue(known).map((segment) => `${path.replace(/\/$/, '')}/${segment}`) },
  );
}

const headerText = (text: string) => text.replace(/[^\t\x20-\x7e\x80-\xff]/g, (char) => (char.charCodeAt(0) > 0xff ? '\xc3' : '?'));

/** A header present once in four requests (weight 1), or more or less often; absent otherwise. */
function optionalHeader(name: string, values: fc.Arbitrary<string>, weight = 1, absent = 3): fc.Arbitrary<[string, string] | null> {
  return fc.oneof({ weight: absent, arbitrary: fc.constant(null) }, { weight, arbitrary: values.map((value): [string, string] => [name, headerText(value)]) });
}

function headersOf(known: KnownValues): fc.Arbitrary<Record<string, string>> {
  const anyText = hostileText.map((text) => text.slice(0, 600));
  const choices = [
    // A client address of its own (trusted from the loopback proxy), so rate limits spread as they would over many visitors.
    fc.oneof({ weight: 18, arbitrary: fc.ipV4().map((ip): [string, string] => ['X-Forwarded-For', ip]) }, { weight: 1, arbitrary: anyText.map((text): [string, string] => ['X-Forwarded-For', headerText(text)]) }, { weight: 1, arbitrary: fc.constant(null) }),
    optionalHeader('Accept', fc.oneof(fc.constantFrom('text/html', 'application/json', '*/*', 'application/json, text/html;q=0.1', 'image/webp', 'text/event-stream'), anyText), 3),
    optionalHeader('Accept-Language', fc.oneof(fc.constantFrom(...cultures, 'de-DE,de;q=0.9,en;q=0.1', 'en', '*', 'fr;q=abc', 'zz-ZZ'), anyText)),
    optionalHeader('Accept-Encoding', fc.constantFrom('gzip', 'br', 'gzip, deflate, br', 'identity', '*;q=0', 'zstd', 'gzip;q=x')),
    optionalHeader('HX-Request', fc.constantFrom('true', 'false', '1'), 2),
    optionalHeader('HX-Target', fc.oneof(fc.constantFrom('page', 'main', 'modal-body', 'two-factor-sign-in', 'cart-items', 'mini-cart'), anyText)),
    optionalHeader('HX-Trigger', anyText),
    optionalHeader('HX-Current-URL', fc.oneof(encodedValue(known).map((value) => `http://127.0.0.1/fr/${value}`), anyText)),
    optionalHeader('HX-History-Restore-Request', fc.constant('true')),
    optionalHeader('Referer', fc.oneof(encodedValue(known).map((value) => `http://127.0.0.1/${value}/catalog`), anyText)),
    optionalHeader('Origin', fc.constantFrom('http://127.0.0.1', 'https://evil.example', 'null', '')),
    optionalHeader('If-None-Match', fc.constantFrom('*', '"x"', 'W/"1"', '')),
    optionalHeader('If-Modified-Since', fc.constantFrom('Thu, 01 Jan 1970 00:00:00 GMT', 'yesterday', '')),
    optionalHeader('Range', fc.constantFrom('bytes=0-10', 'bytes=-1', 'bytes=5-1', 'bytes=0-0,2-3', 'lines=1-2', 'bytes=99999999999999999999-'), 1, 20),
    optionalHeader('Idempotency-Key', fc.oneof(fc.constantFrom('fuzz-key-0001', 'fuzz-key-0002'), anyText)),
    optionalHeader('X-Forwarded-Proto', fc.constantFrom('https', 'http', 'gopher', 'https, http')),
    optionalHeader('X-Forwarded-Host', fc.constantFrom('shop.example', 'evil.example:99999', ''), 1, 20),
    optionalHeader('Host', fc.constantFrom('localhost', 'evil.example', '[::1]:3000', 'a'.repeat(300)), 1, 20),
    optionalHeader('Authorization', anyText),
    optionalHeader('Content-Encoding', fc.constantFrom('gzip', 'deflate', 'br', 'x-unknown', 'identity'), 1, 20),
  ];
  return fc.tuple(...choices).map((pairs) => Object.fromEntries(pairs.filter((pair): pair is [string, string] => pair !== null)));
}

function cookiesOf(known: KnownValues): fc.Arbitrary<string[]> {
  const name = fc.oneof({ weight: 4, arbitrary: fc.constantFrom('cart', 'currency', 'CookieConsent', 'popup-memory', 'csrf', 'sid') }, { weight: 1, arbitrary: hostileText.map((text) => percentEncode(text).slice(0, 40)) });
  const value = fc.oneof(encodedValue(known), fc.constantFrom(...rawEscapes), fc.constantFrom('{"a":1}', 'j:{"a":1}', 's:abc.def', '"quoted"', '%7B%22necessary%22%3Atrue%7D'));
  return fc.array(fc.tuple(name, value).map(([key, text]) => `${key}=${text.replace(/[;\s]/g, '').slice(0, 1500)}`), { maxLength: 3 });
}

/** A request to one route: its own method mostly, a body for the methods that carry one, the token most of the time. */
function caseFor(target: RouteTarget, context: BodyContext): fc.Arbitrary<FuzzCase> {
  const ownMethods = target.methods.includes('all') ? ['GET', 'POST'] : target.methods.map((method) => method.toUpperCase());
  const method = fc.oneof({ weight: 9, arbitrary: fc.constantFrom(...ownMethods) }, { weight: 1, arbitrary: fc.constantFrom(...otherMethods) });
  const persona = fc.constantFrom(...personaNames, 'customer', 'staff', 'editor', 'editor') as fc.Arbitrary<PersonaName>;
  const token = fc.oneof({ weight: 8, arbitrary: fc.constant(tokenStandIn) }, { weight: 1, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: fc.constant('wrong-token') });
  const path = filledPath(parsePattern(target.pattern), context.known).chain((filled) => bentPath(filled, context.known));
  const query = fc.oneof({ weight: 2, arbitrary: fc.constant('') }, { weight: 3, arbitrary: encodedPairs(context, 6).map((pairs) => `?${pairs.join('&')}`) });
  return fc.tuple(persona, method, path, query, headersOf(context.known), cookiesOf(context.known), token).chain(([who, verb, address, search, headers, cookies, csrf]) => {
    const hasBody = !['GET', 'HEAD', 'OPTIONS'].includes(verb);
    const withToken = csrf && hasBody ? { ...headers, 'X-CSRF-Token': csrf } : headers;
    const base = { persona: who, route: `${ownMethods.join(',')} ${target.pattern}`, method: verb, path: address + search, cookies };
    if (!hasBody) return fc.constant<FuzzCase>({ ...base, headers });
    // A form carries its token as _csrf; htmx sends it as a header too, which is what lets a multipart body (read by no parser but the uploads') through.
    return bodyOf(context, csrf).map((body): FuzzCase => ({ ...base, headers: body.kind === 'form' ? headers : withToken, body }));
  });
}

/** Requests over all the targets, each route as likely as any other. */
export function fuzzCases(targets: RouteTarget[], context: BodyContext): fc.Arbitrary<FuzzCase> {
  return fc.oneof(...targets.map((target) => caseFor(target, context)));
}
