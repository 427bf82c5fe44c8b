import { csrfSync } from 'csrf-sync';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import session from 'express-session';
import helmet from 'helmet';
import { RedisStore } from 'connect-redis';
import type { Config } from '../config';
import type { Db } from '../db';
import type { RedisClient } from './redis';
import { DatabaseSessionStore } from './session-store';

export const csrfHeader = 'x-csrf-token';
export const csrfField = '_csrf';

/** helmet with a CSP that allows no inline script or style and no eval (htmx is configured to need neither). */
export function securityHeaders(): RequestHandler {
  return helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameSrc: ["'self'", 'https://www.youtube-nocookie.com', 'https://player.vimeo.com'],
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
    name: 'sid',
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
  return { middleware, store };
}

const { csrfSynchronisedProtection, generateToken } = csrfSync({
  getTokenFromRequest: (req) => (req.body?.[csrfField] as string | undefined) ?? (req.headers[csrfHeader] as string | undefined),
});

/** The session's CSRF token for views ('' when there is no session, e.g. an error before it loaded). */
export function csrfTokenFor(req: Request): string {
  return req.session ? generateToken(req) : '';
}

/** Checks the token on every state-changing request; exposes the token to views as csrfToken. */
export function csrfProtection(): RequestHandler[] {
  // Lazy, so only answers that render a page or form create a session (not API calls or bots' 404s).
  const exposeToken = (req: Request, res: Response, next: NextFunction) => {
    Object.defineProperty(res.locals, 'csrfToken', { get: () => csrfTokenFor(req), enumerable: true, configurable: true });
    next();
  };
  return [csrfSynchronisedProtection, exposeToken];
}

/** Issues a new session id at login (against fixation) while keeping the token the page already holds. */
export function renewSession(req: Request): Promise<void> {
  const kept = { ...req.session } as Record<string, unknown>;
  return new Promise((resolve, reject) =>
    req.session.regenerate((error) => {
      if (error) return reject(error);
      for (const [key, value] of Object.entries(kept)) if (key !== 'cookie') (req.session as any)[key] = value;
      resolve();
    }),
  );
}
