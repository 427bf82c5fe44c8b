// The addresses the fuzz suite aims at: every route of the app's Express router stack (nested routers
// walked, their mount paths joined), plus the paths the specification names, so a route added later is
// fuzzed without anyone listing it here.
import type { Application } from 'express';

export interface RouteTarget {
  /** Lower-case methods the route answers ('all' for a mounted middleware). */
  methods: string[];
  /** An Express path pattern: /:culture/catalog/product/:productId{/:slug}, /*splat, … */
  pattern: string;
  origin: 'router' | 'spec';
}

interface Layer {
  rawPath?: unknown;
  route?: { methods: Record<string, boolean> };
  handle?: { stack?: Layer[] };
}

/** Every route of the app, and every middleware mounted on a path of its own (static files, …). */
export function routesOf(app: Application): RouteTarget[] {
  const found = new Map<string, RouteTarget>();
  const add = (methods: string[], pattern: string) => {
    const key = `${methods.join(',')} ${pattern}`;
    if (!found.has(key)) found.set(key, { methods, pattern, origin: 'router' });
  };
  const walk = (stack: Layer[], prefix: string) => {
    for (const layer of stack) {
      for (const path of pathsOf(layer)) {
        const joined = path === '/' ? prefix : prefix + path;
        if (layer.route) add(Object.keys(layer.route.methods), joined || '/');
        else if (layer.handle?.stack) walk(layer.handle.stack, joined);
        else if (path !== '/') add(['all'], joined);
      }
    }
  };
  walk((app as unknown as { router: { stack: Layer[] } }).router.stack, '');
  return [...found.values()];
}

function pathsOf(layer: Layer): string[] {
  if (layer.rawPath === undefined) return ['/'];
  const paths = Array.isArray(layer.rawPath) ? layer.rawPath : [layer.rawPath];
  // A RegExp mount (none today) has no pattern to fill in: it is fuzzed through the spec's and the other paths.
  return paths.filter((path): path is string => typeof path === 'string');
}

/** The specification's calls and pages ({app} empty, its placeholders as Express params). */
const specPaths: [string, string][] = [
  ['get', '/:culture/security/login'],
  ['get', '/:culture/assetslibrary/asset/assetsbyfolder/'],
  ['get', '/:culture/assetslibrary/asset/assetsbyfolder/:folderId/:rootFolderId'],
  ['get', '/:culture/catalog/wishlist/list_item'],
  ['get', '/:culture/catalog/wishlist/popup'],
  ['get', '/:culture/catalog/stocknotification/subscribe'],
  ['get', '/:culture/catalog'],
  ['get', '/:culture/shippings/pickuppoint/search'],
  ['get', '/:culture/shoppingcarts'],
  ['get', '/:culture/widget/shoppingcartitems'],
  ['post', '/:culture/sales/order/ChangeDeliveryAddressRequest'],
  ['get', '/api/v1/assetslibrary/assets/:assetId'],
  ['get', '/api/v1/assetslibrary/folders/hierarchy'],
  ['get', '/api/v1/catalog/customerref/search'],
  ['get', '/api/v1/catalog/products/:productId/productvariants'],
  ['get', '/api/v1/catalog/search/suggestions'],
  ['get', '/api/v1/countries/:countryId/cities/:query'],
  ['get', '/api/v1/localization/:culture/stringresources'],
  ['get', '/api/v1/sales/customers/checkisvatvalid/'],
  ['get', '/api/v1/sales/customers'],
  ['get', '/api/v1/shoppingcarts'],
  ['delete', '/api/v1/shoppingcarts/shoppingcartitems/:id'],
  ['put', '/api/v1/shoppingcarts/shoppingcartitems/:id'],
  ['post', '/api/v1/shoppingcarts/coupon'],
  ['delete', '/api/v1/shoppingcarts/coupon'],
  ['post', '/api/v1/shoppingcarts/externalpickuppoint'],
  ['post', '/api/v1/shoppingcarts/shippingmethods'],
  ['get', '/api/v1/couponcode/user/:id'],
  ['get', '/api/v1/settings/GoogleFrontAPIKey'],
  ['post', '/api/v1/catalog/products/addtocart'],
  ['post', '/api/v1/catalog/products/addwishlisttocart'],
  ['post', '/api/v1/sales/prepaidaccounts/addtocart'],
  ['post', '/api/v1/sales/prepaidaccounts/setnotification'],
  ['post', '/api/v1/shipping/:carrier/getpickuppoints'],
  ['post', '/api/v1/currencyconverter/currency/changeto/:currency'],
  ['post', '/api/v1/currencyconverter/currency/changeto/:currency/true'],
  ['put', '/api/v1/sales/orders/addtocart'],
  ['put', '/api/v1/salestaxes/currentcountry'],
  ['get', '/api/v1/catalog/wishlist/isinthelist'],
  ['get', '/api/v1/catalog/wishlist/products/count'],
  ['post', '/api/v1/catalog/wishlist/delete'],
  ['post', '/api/v1/catalog/wishlist/updatequantity'],
  ['delete', '/api/v1/catalog/wishlist/deletefromlist'],
  ['delete', '/api/v1/catalog/wishlist/deletefromlist/:productVariantId/:listId'],
  ['delete', '/api/v1/catalog/wishlist/deletefromalllist/:productVariantId'],
  ['get', '/assets/croptempimg/:tmpName/:x/:y/:w/:h/:cropWidth/:cropHeight'],
  ['get', '/assets/:assetId/80x80/:assetName'],
  ['get', '/widget/DeliveryAddressPicker'],
  ['get', '/widget/catalog/DegressivePrice'],
  ['get', '/widget/catalog/CustomerReferenceUpdate'],
  ['get', '/widget/catalog/ListFilter'],
  ['get', '/widget/catalog/ProductPhotosGallery'],
  ['get', '/widget/catalog/StockByWarehouse'],
  ['get', '/widget/couponcodes/list'],
  ['get', '/widget/news/calendar/:categoryIds/:displayChildren/:postPerPage/:month/:year'],
  ['get', '/website/:culture'],
  ['get', '/healthz'],
];

/** The app's routes, then the specification's paths it does not already hold under the same pattern. */
export function fuzzTargets(app: Application): RouteTarget[] {
  const routes = routesOf(app);
  const known = new Set(routes.map((route) => route.pattern));
  const extra = specPaths.filter(([, pattern]) => !known.has(pattern)).map(([method, pattern]): RouteTarget => ({ methods: [method], pattern, origin: 'spec' }));
  return [...routes, ...extra];
}

/** A pattern's pieces: fixed text, a named parameter (:name), an optional group ({…}) or a wildcard (*name). */
export type PatternPiece = { text: string } | { param: string } | { optional: PatternPiece[] } | { wildcard: string };

/** Parses path-to-regexp 8 syntax (the only syntax Express 5 routes use). */
export function parsePattern(pattern: string): PatternPiece[] {
  const pieces: PatternPiece[] = [];
  let index = 0;
  const name = () => {
    const match = /^(?:[$_\p{ID_Start}][$\u200c\u200d\p{ID_Continue}]*|"[^"]*")/u.exec(pattern.slice(index));
    index += match ? match[0].length : 0;
    return match ? match[0].replace(/"/g, '') : '';
  };
  while (index < pattern.length) {
    const char = pattern[index];
    if (char === ':' || char === '*') {
      index++;
      pieces.push(char === ':' ? { param: name() } : { wildcard: name() });
    } else if (char === '{') {
      const end = matchingBrace(pattern, index);
      pieces.push({ optional: parsePattern(pattern.slice(index + 1, end)) });
      index = end + 1;
    } else {
      const next = pattern.slice(index).search(/[:*{]/);
      const text = next === -1 ? pattern.slice(index) : pattern.slice(index, index + next);
      pieces.push({ text: text.replace(/\\(.)/g, '$1') });
      index += text.length;
    }
  }
  return pieces;
}

function matchingBrace(pattern: string, open: number): number {
  let depth = 0;
  for (let index = open; index < pattern.length; index++) {
    if (pattern[index] === '{') depth++;
    if (pattern[index] === '}' && --depth === 0) return index;
  }
  return pattern.length;
}
