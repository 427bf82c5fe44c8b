import type { Request, RequestHandler, Response } from 'express';
import { requireBackOffice } from '../backoffice/access';
import { Unauthorized } from '../http/errors';
import { storageFor } from '../storage';
import type { Db } from '../db';
import type { Storage } from '../storage';
import type { Actor } from './library';

/**
 * The back office's own check: editors and administrators with two-factor sign-in on (a visitor 401,
 * anyone else 403, an editor without two-factor sent to set it up); answers never stored by a cache.
 */
export const requireLibraryAccess = (): RequestHandler => requireBackOffice();

/** What the library's domain functions act with: the database, the storage and the signed-in editor. */
export function libraryParts(req: Request, res: Response): { db: Db; storage: Storage; actor: Actor } {
  const user = res.locals.user;
  if (!user) throw new Unauthorized();
  return { db: req.app.locals.db, storage: storageFor(req.app.locals.config), actor: { userId: user.id } };
}
