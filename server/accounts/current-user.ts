import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { Forbidden, Unauthorized } from '../http/errors';
import { renewSession } from '../http/security';
import type { Db } from '../db';
import { toNumber } from '../db/normalise';
import type { Role } from './tables';

declare module 'express-session' {
  interface SessionData {
    userId?: number;
    /** The account's session_version at sign-in: a password change raises it and so ends this session. */
    sessionVersion?: number;
  }
}

/** The signed-in account as routes and views see it (res.locals.user; null for a visitor). */
export interface CurrentUser {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  culture: string;
  roles: Role[];
}

/** The account of a session, with its roles, in one query (a row per role; none without roles). */
export async function findSessionUser(db: Db, userId: number, sessionVersion: number): Promise<CurrentUser | null> {
  const rows = await db
    .selectFrom('users')
    .leftJoin('user_roles', 'user_roles.user_id', 'users.id')
    .select(['users.id', 'users.email', 'users.first_name', 'users.last_name', 'users.culture', 'users.session_version', 'user_roles.role'])
    .where('users.id', '=', userId)
    .orderBy('user_roles.role')
    .execute();
  const user = rows[0];
  if (!user || toNumber(user.session_version) !== sessionVersion) return null;
  return {
    id: user.id,
    email: user.email,
    firstName: user.first_name,
    lastName: user.last_name,
    culture: user.culture,
    roles: rows.flatMap((row) => (row.role ? [row.role] : [])),
  };
}

/** Loads the session's account into res.locals.user; a session whose version is stale is signed out. */
export function loadCurrentUser(): RequestHandler {
  return async (req, res, next) => {
    res.locals.user = null;
    const { userId, sessionVersion } = req.session ?? {};
    if (!userId) return next();
    try {
      res.locals.user = await findSessionUser(req.app.locals.db, userId, sessionVersion ?? 0);
      if (!res.locals.user) signOutSession(req);
      next();
    } catch (error) {
      next(error);
    }
  };
}

/** Binds the account to a new session id (no fixation), keeping the CSRF token the page holds. */
export async function signInSession(req: Request, user: { id: number; session_version: number | string }): Promise<void> {
  await renewSession(req);
  req.session.userId = user.id;
  req.session.sessionVersion = Number(user.session_version);
}

export function signOutSession(req: Request): void {
  delete req.session.userId;
  delete req.session.sessionVersion;
}

export function currentUser(res: Response): CurrentUser | null {
  return res.locals.user ?? null;
}

/**
 * Guards a route: a visitor gets 401 (the shell opens the login modal; a page request is sent to the
 * login page with a returnUrl by the error chain), a signed-in account without one of the roles 403.
 */
export function requireRole(...allowed: Role[]): RequestHandler {
  return (_req: Request, res: Response, next: NextFunction) => {
    const user = currentUser(res);
    if (!user) return next(new Unauthorized());
    if (allowed.length > 0 && !user.roles.some((role) => allowed.includes(role))) return next(new Forbidden());
    next();
  };
}

/** Any signed-in account. */
export const requireUser = (): RequestHandler => requireRole();
