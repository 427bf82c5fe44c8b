import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { pageOrigin } from './site-url';

/** The headers htmx sends with hx-get, which a cross-origin caller must be allowed to send. */
const htmxHeaders = ['HX-Request', 'HX-Target', 'HX-Trigger', 'HX-Trigger-Name', 'HX-Current-URL', 'HX-Boosted'];

/** The answer headers htmx reads after every call: exposed, or the browser logs each read as refused. */
const htmxAnswerHeaders = [
  'HX-Trigger', 'HX-Trigger-After-Swap', 'HX-Trigger-After-Settle', 'HX-Location', 'HX-Redirect', 'HX-Refresh',
  'HX-Push', 'HX-Push-Url', 'HX-Replace-Url', 'HX-Retarget', 'HX-Reswap', 'HX-Reselect',
];

/** How long a browser may reuse a preflight's answer, in seconds. */
const PREFLIGHT_MAX_AGE = 600;

/**
 * Embedding of widget fragments by other sites, mounted once for {site}/widget/… and {app}/{culture}/widget/…
 * (docs/embedding.md):
 * - CORS for the origins of WIDGET_ORIGINS only: Access-Control-Allow-Origin echoes an allowed Origin
 *   (never `*`, never with credentials), Vary: Origin on every widget answer, preflights answered here;
 * - a fragment asked from another origin is rendered for nobody in particular: the request's cookies
 *   are dropped before the session, CSRF and cart read them, and no cookie is given out with it. A
 *   fragment that shows a visitor's own data (mini cart, addresses) is thus empty when embedded, and no
 *   other site can read it with the visitor's session, even one on the allow-list;
 * - every fragment is revalidated unless its route says more (Cache-Control), and Express's ETag on
 *   the body answers a matching If-None-Match with 304.
 */
export function widgetEmbedding(allowedOrigins: readonly string[]): RequestHandler {
  const allowed = new Set(allowedOrigins);
  return (req: Request, res: Response, next: NextFunction) => {
    res.vary('Origin');
    const origin = req.get('Origin');
    if (origin !== undefined && origin !== pageOrigin(req)) answerForNobody(req, res);
    const isAllowed = origin !== undefined && allowed.has(origin);
    if (isAllowed) res.set('Access-Control-Allow-Origin', origin);
    if (req.method === 'OPTIONS') return void answerPreflight(res, isAllowed);
    if (isAllowed) res.set('Access-Control-Expose-Headers', htmxAnswerHeaders.join(', '));
    res.set('Cache-Control', 'no-cache');
    next();
  };
}

function answerPreflight(res: Response, allowed: boolean): void {
  if (allowed) {
    res.set({
      'Access-Control-Allow-Methods': 'GET, HEAD',
      'Access-Control-Allow-Headers': htmxHeaders.join(', '),
      'Access-Control-Max-Age': String(PREFLIGHT_MAX_AGE),
    });
  }
  res.status(204).end();
}

/** No cookie in, no cookie out: the answer cannot depend on, or start, a visitor's session. */
function answerForNobody(req: Request, res: Response): void {
  delete req.headers.cookie;
  const setHeader = res.setHeader.bind(res);
  res.setHeader = (name: string, value: number | string | readonly string[]) => (name.toLowerCase() === 'set-cookie' ? res : setHeader(name, value));
}
