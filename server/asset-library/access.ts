import type { Request, RequestHandler, Response } from 'express';
import { requireBackOffice } from '../backoffice/access';
import { Unauthorized } from '../http/errors';
import { storageFor } from '../storage';
import type { Db } from '../db';
import type { Storage } from '../storage';
import type { Actor } from './library';
import { type DecodeQueue, decodeQueueFor } from './decode-queue';

/**
 * The back office's own check: editors and administrators with two-factor sign-in on (a visitor 401,
 * anyone else 403, an editor without two-factor sent to set it up); answers never stored by a cache.
 */
export const requireLibraryAccess = (): RequestHandler => requireBackOffice();

/** What the library's domain functions act with: the database, the storage, the instance's image decodes and the signed-in editor. */
export function libraryParts(req: Request, res: Response): { db: Db; storage: Storage; decodes: DecodeQueue; actor: Actor } {
  const user = res.locals.user;
  if (!user) throw new Unauthorized();
  const { config } = req.app.locals;
  return { db: req.app.locals.db, storage: storageFor(config), decodes: decodeQueueFor(config), actor: { userId: user.id } };
}
