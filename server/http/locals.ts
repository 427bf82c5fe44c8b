import type { Request } from 'express';
import type { TFunction } from 'i18next';
import type { Culture } from '../config';
import type { Db } from '../db';
import type { CurrentUser } from '../accounts/current-user';
import type { Flash } from './forms';

/**
 * What every request's res.locals carries, typed once: set by the culture segment (or siteCulture for
 * site-level addresses), the session chain and the current-user loader; views read the same names.
 * A feature that adds its own local (miniCart, priceDisplay ...) declares it next to the code that sets it.
 */
declare module 'express-serve-static-core' {
  interface Locals {
    culture: Culture;
    basePath: string;
    /** The translator fixed to the request's culture. */
    t: TFunction;
    /** A link inside the request's culture: href('catalog') -> {app}/{culture}/catalog. */
    href: (path?: string) => string;
    /** Undefined before the session chain ran (images, health); null for a visitor who is not signed in. */
    user?: CurrentUser | null;
    csrfToken?: string;
    flash?: Flash[];
    /** Set by the error chain while it renders an error page. */
    errorPage?: boolean;
  }
}

/** The application's shared parts (server/app.ts createApp), typed once instead of cast route by route. */
export interface AppLocals {
  db: Db;
  [name: string]: unknown;
}

export function appLocals(req: Request): AppLocals {
  return req.app.locals as unknown as AppLocals;
}
