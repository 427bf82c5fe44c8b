import type { Request, RequestHandler, Response } from 'express';
import { requireRole } from '../accounts/current-user';
import { Unauthorized } from '../http/errors';
import { storageFor } from '../storage';
import type { Db } from '../db';
import type { Storage } from '../storage';
import type { Actor } from './library';

/** Editors and administrators (a visitor 401, anyone else 403). */
export const requireLibraryAccess = (): RequestHandler => requireRole('editor', 'administrator');

/** What the library's domain functions act with: the database, the storage and the signed-in editor. */
export function libraryParts(req: Request, res: Response): { db: Db; storage: Storage; actor: Actor } {
  const user = res.locals.user;
  if (!user) throw new Unauthorized();
  return { db: req.app.locals.db, storage: storageFor(req.app.locals.config), actor: { userId: user.id } };
}
