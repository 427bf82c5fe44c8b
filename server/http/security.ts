import { createHmac, randomBytes } from 'node:crypto';
import { parse as parseCookies } from 'cookie';
import { csrfSync } from 'csrf-sync';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import session from 'express-session';
import helmet from 'helmet';
import { RedisStore } from 'connect-redis';
import type { Config } from '../config';
import { mapTileOrigin } from '../pickup/map';
import type { Db } from '../db';
import { ServiceUnavailable } from './errors';
import type { RedisClient } from './redis';
import { DatabaseSessionStore } from './session-store';

export const csrfHeader = 'x-csrf-token';
export const sessionCookieName = 'sid';
export const csrfField = '_csrf';

/**
 * The browser features a page of this site may use: copying to the clipboard (the copy buttons) and
 * fullscreen (the product gallery) for the site itself; every other powerful feature is off for the
 * site and anything it frames (the pickup search takes a postcode, not the position; the card form is
 * a plain form, not the Payment Request API), but the video players' autoplay, fullscreen, picture in
 * picture and protected media, which their iframe asks for. Only features Chromium knows, so it logs no warning.
 */
/** The only frames a page may hold: the YouTube (privacy-enhanced) and Vimeo players of the video modals. */
export const videoPlayerOrigins = ['https://www.youtube-nocookie.com', 'https://player.vimeo.com'];
const players = videoPlayerOrigins.map((origin) => `"${origin}"`).join(' ');

export const permissionsPolicy = [
  'accelerometer=()', `autoplay=(${players})`, 'browsing-topics=()', 'camera=()', 'display-capture=()', `encrypted-media=(${players})`, 'geolocation=()',
  'gyroscope=()', 'hid=()', 'idle-detection=()', 'magnetometer=()', 'microphone=()', 'midi=()', 'payment=()', `picture-in-picture=(${players})`,
  'publickey-credentials-get=()', 'screen-wake-lock=()', 'serial=()', 'usb=()', 'xr-spatial-tracking=()',
  'clipboard-read=()', 'clipboard-write=(self)', `fullscreen=(self ${players})`, 'web-share=()',
].join(', ');

/**
 * helmet with a CSP that allows no inline script or style and no eval (htmx is configured to need neither),
 * and the Permissions-Policy above on every answer.
 * Images may also come from the pickup map's tile server when a maps key is configured.
 */
export function securityHeaders(config: Pick<Config, 'MAPS_API_KEY' | 'MAPS_TILE_URL'>): RequestHandler {
  const headers = helmetHeaders(config);
  return (req, res, next) => {
    res.setHeader('Permissions-Policy', permissionsPolicy);
    headers(req, res, next);
  };
}

function helmetHeaders(config: Pick<Config, 'MAPS_API_KEY' | 'MAPS_TILE_URL'>): RequestHandler {
  const tileOrigin = mapTileOrigin(config);
  return helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', ...(tileOrigin ? [tileOrigin] : [])],
        connectSrc: ["'self'"],
        // Only the video players (client/behaviours/video.ts), on their privacy-enhanced hosts.
        frameSrc: videoPlayerOrigins,
        formAction: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
}

export function sessions(config: Config, db: Db, redis: RedisClient | null) {
  const store = redis ? new RedisStore({ client: redis, prefix: 'session:' }) : new DatabaseSessionStore(db);
  const middleware = session({
    name: sessionCookieName,
    secret: config.SESSION_SECRET,
    store,
    resave: false,
    saveUninitialized: false,
    rolling: false,
    cookie: {
      httpOnly: true,
      sameSite: 'lax',
      secure: config.NODE_ENV === 'production' ? 'auto' : false,
      path: config.BASE_PATH || '/',
      maxAge: 24 * 60 * 60 * 1000,
    },
  });
  return { middleware: redis ? unavailableWhenRedisFails(middleware) : middleware, store };
}

/**
 * A session that cannot be read because Redis is away for a moment is a 503 with Retry-After, not a
 * 500: the visitor's session is not lost, only out of reach (logged once per outage by the client).
 * Visitors without a session never reach the store.
 */
function unavailableWhenRedisFails(middleware: RequestHandler): RequestHandler {
  return (req, res, next) =>
    middleware(req, res, (error?: unknown) => {
      if (!error) return next();
      res.set('Retry-After', '5');
      next(new ServiceUnavailable());
    });
}

/** The cookie behind the token of a visitor who has no session yet (a random value, never the token itself). */
export const csrfCookieName = 'csrf';
const csrfCookieMaxAgeMs = 365 * 24 * 60 * 60 * 1000;

/** A cookie value given out by this answer (the request itself did not carry it). */
const issuedCookies = new WeakMap<Request, string>();

function visitorSecret(req: Request): string {
  return (req.app.locals.config as Config).SESSION_SECRET;
}

/**
 * Signed double submit (OWASP): a visitor without a session holds a random value in an HttpOnly cookie,
 * and the page's token is the HMAC of it under the server's secret. A cross-site form can neither read
 * the token nor make one, and reading a page needs no session, so a visitor who only browses costs no
 * session read or write (and a crawler opens none).
 */
function doubleSubmitToken(req: Request, res?: Response): string | undefined {
  let value = issuedCookies.get(req) ?? parseCookies(req.get('Cookie') ?? '')[csrfCookieName];
  if (!isCsrfCookieValue(value)) {
    if (!res || res.headersSent) return undefined;
    value = randomBytes(32).toString('base64url');
    res.cookie(csrfCookieName, value, {
      httpOnly: true,
      sameSite: 'lax',
      secure: req.app.get('env') === 'production' && req.secure,
      path: (req.app.locals.config as Config).BASE_PATH || '/',
      maxAge: csrfCookieMaxAgeMs,
    });
    issuedCookies.set(req, value);
  }
  return signedCsrfToken(visitorSecret(req), value);
}

/** A well-formed double-submit cookie value (32 random bytes, base64url). */
export function isCsrfCookieValue(value: string | undefined): value is string {
  return value !== undefined && /^[\w-]{43}$/.test(value);
}

/** The page's token for a visitor's double-submit cookie value: its HMAC under the server's secret. */
export function signedCsrfToken(secret: string, cookieValue: string): string {
  return createHmac('sha256', secret).update(`csrf:${cookieValue}`).digest('base64url');
}

const { csrfSynchronisedProtection } = csrfSync({
  getTokenFromRequest: (req) => (req.body?.[csrfField] as string | undefined) ?? (req.headers[csrfHeader] as string | undefined),
  // A session keeps its own token (set when the session starts to matter: at sign-in); before that, the
  // visitor's signed double-submit token is the one to match.
  getTokenFromState: (req) => req.session?.csrfToken ?? doubleSubmitToken(req),
});

/** The visitor's CSRF token for views: the session's own, else the signed double-submit one (setting its cookie). */
export function csrfTokenFor(req: Request, res?: Response): string {
  return req.session?.csrfToken ?? doubleSubmitToken(req, res) ?? '';
}

/**
 * The one stand-in for the visitor's CSRF token (the page cache's kept pages and renderWidget's
 * fragments both use it): HTML is rendered with it, and each visitor's own token goes in only where it
 * was printed, when the answer is sent. So rendering reads no token (a fragment with no form, a news
 * list, sets no cookie beside its public Cache-Control), and a kept page is rendered once for everyone.
 */
export const csrfStandIn = 'csrf-token-of-this-visitor-b5d2';

/** Makes `target.csrfToken` (res.locals or a copy of them) the stand-in, for what renders next. */
export function useCsrfStandIn(target: object): void {
  Object.defineProperty(target, 'csrfToken', { value: csrfStandIn, enumerable: true, writable: true, configurable: true });
}

/** The HTML cut where the stand-in was printed: the visitor's token goes between the pieces. */
export function splitAtCsrfStandIn(html: string): string[] {
  return html.split(csrfStandIn);
}

/**
 * The HTML with `token()` where the stand-in was printed; `token` is called only then, so a fragment
 * without a form reads no token (and sets no cookie).
 */
export function withCsrfToken(html: string, token: () => string): string {
  return html.includes(csrfStandIn) ? splitAtCsrfStandIn(html).join(token()) : html;
}

/** Checks the token on every state-changing request; exposes the token to views as csrfToken. */
export function csrfProtection(): RequestHandler[] {
  // Lazy, so only answers that render a page or form set the cookie (not API calls or bots' 404s).
  const exposeToken = (req: Request, res: Response, next: NextFunction) => {
    Object.defineProperty(res.locals, 'csrfToken', { get: () => csrfTokenFor(req, res), enumerable: true, configurable: true });
    next();
  };
  return [csrfSynchronisedProtection, exposeToken];
}

/**
 * Issues a new session id at login (against fixation) while keeping the token the page already holds:
 * from here on the session holds that token, so a cookie planted later cannot stand in for it.
 */
export function renewSession(req: Request): Promise<void> {
  const kept = { ...req.session, csrfToken: csrfTokenFor(req) } as Record<string, unknown>;
  return new Promise((resolve, reject) =>
    req.session.regenerate((error) => {
      if (error) return reject(error);
      for (const [key, value] of Object.entries(kept)) if (key !== 'cookie') (req.session as any)[key] = value;
      resolve();
    }),
  );
}
