// Who may enter the back office ({app}/{culture}/backoffice/...): an editor or an administrator whose
// account has two-factor sign-in on. Every back-office router sits behind requireBackOffice() (mounted
// once by routes.ts); the administrators' own pages add requireAdministrator().
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { currentUser } from '../accounts/current-user';
import type { Role } from '../accounts/tables';
import { findTwoFactorAccount } from '../accounts/two-factor/data';
import { Forbidden, Unauthorized } from '../http/errors';
import { seeOther, setFlash } from '../http/forms';
import { isHtmxRequest } from '../http/render';

/** The roles that open the back office. */
export const backOfficeRoles: readonly Role[] = ['editor', 'administrator'];

/** What the layout loads on a back-office page (views/layouts/main.ejs): its own script and stylesheet. */
export interface BackOfficeLocals {
  script: string | null;
  style: string | null;
  /** The asset library island (client/islands/asset-library): named by asset fields and the library page. */
  assetIsland: { script: string | null; style: string | null };
  /** The signed-in account may manage editors (administrator). */
  isAdministrator: boolean;
}

declare module 'express-serve-static-core' {
  interface Locals {
    /** Set on back-office pages only: the layout then adds the back office's script and stylesheet. */
    backOffice?: BackOfficeLocals;
  }
}

/** A full load of the two-factor set-up page, with a notice saying why (a 303, or HX-Redirect for htmx). */
function toTwoFactorSetup(req: Request, res: Response): void {
  setFlash(req, 'info', 'BackOffice.TwoFactorRequired');
  const target = res.locals.href('security/twofactor/setup');
  if (isHtmxRequest(req)) return void res.set('HX-Redirect', target).status(200).end();
  seeOther(res, target);
}

/**
 * A visitor: 401 (the error chain sends a page load to the login page and back); an account without
 * the editor or administrator role: 403; an editor without two-factor: sent to set it up. Back-office
 * answers are never stored by a cache (no-store) and carry the back office's own script and styles.
 */
export function requireBackOffice(): RequestHandler {
  return async (req: Request, res: Response, next: NextFunction) => {
    try {
      const user = currentUser(res);
      if (!user) return next(new Unauthorized());
      if (!user.roles.some((role) => backOfficeRoles.includes(role))) return next(new Forbidden());
      const account = await findTwoFactorAccount(req.app.locals.db, { userId: user.id });
      if (!account?.enabledAt) return toTwoFactorSetup(req, res);
      const { script } = req.app.locals.assets.entry('backoffice');
      const { style } = req.app.locals.assets.entry('backoffice-style');
      const { script: islandScript, style: islandStyle } = req.app.locals.assets.entry('asset-library');
      res.locals.backOffice = { script, style, assetIsland: { script: islandScript, style: islandStyle }, isAdministrator: user.roles.includes('administrator') };
      res.set('Cache-Control', 'private, no-store');
      res.set('X-Robots-Tag', 'noindex');
      next();
    } catch (error) {
      next(error);
    }
  };
}

/** For administrators' pages only (managing editors); put after requireBackOffice(). */
export function requireAdministrator(): RequestHandler {
  return (_req, res, next) => {
    const user = currentUser(res);
    if (!user) return next(new Unauthorized());
    next(user.roles.includes('administrator') ? undefined : new Forbidden());
  };
}

/** The signed-in back-office account's id (for audit rows and revisions); only behind requireBackOffice. */
export function actorIdOf(res: Response): number {
  const user = currentUser(res);
  if (!user) throw new Unauthorized();
  return user.id;
}
