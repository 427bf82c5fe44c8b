import { type Request, type RequestHandler, type Response, Router } from 'express';
import { currentUser, requireUser } from '../current-user';
import { whenLockedOut } from '../../http/rate-limit';
import { seeOther } from '../../http/forms';
import { type TwoFactorAction, twoFactorActions } from './actions';
import { blankForm, type FormState, homeUrl, refusalKeys, refusedForm, renderTwoFactorPage } from './page';
import { takeResult } from './pending';
import { twoFactorStatus } from './service';

const userIdOf = (res: Response): number => currentUser(res)!.id;

async function showHome(req: Request, res: Response): Promise<void> {
  const status = await twoFactorStatus(req.app.locals.db, { userId: userIdOf(res) });
  await renderTwoFactorPage(req, res, 'two-factor', { title: res.locals.t('Security.TwoFactor.Title'), status, result: takeResult(req) });
}

/** The action's page with its form; when the action does not apply (already on, already off) the home instead. */
async function showAction(req: Request, res: Response, action: TwoFactorAction, form: FormState, status = 200): Promise<void> {
  const model = await action.load(req, res, userIdOf(res));
  if (!model) return seeOther(res, homeUrl(res));
  await renderTwoFactorPage(req, res, action.view, { title: res.locals.t(action.titleKey), form: action.form, formError: '', ...form, ...model }, status);
}

/** A good code does the action and goes to the home, which shows the result once (post-redirect-get). */
async function submitAction(req: Request, res: Response, action: TwoFactorAction): Promise<void> {
  const posted = action.form.validate(req.body, res.locals.t);
  if (!posted.ok) return showAction(req, res, action, { values: posted.values, errors: posted.errors }, 400);
  const outcome = await action.act(req.app.locals.db, { userId: userIdOf(res), code: posted.data.Code, now: Date.now() });
  if (!outcome.ok) return showAction(req, res, action, refusedForm(res.locals.t(refusalKeys[outcome.reason])), 400);
  req.session.twoFactorResult = outcome.result;
  seeOther(res, homeUrl(res));
}

/**
 * {app}/{culture}/security/twofactor: the home (status and links) and its actions (setup, recoverycodes,
 * disable), each a page with a code form that works without JS; with JS they open in the two-factor modal.
 */
export function manageRoutes(codeLimits: RequestHandler[]): Router {
  const router = Router({ mergeParams: true });
  router.get('/security/twofactor', requireUser(), showHome);
  for (const action of twoFactorActions) {
    const path = `/security/twofactor/${action.path}`;
    const lockedOut = (req: Request, res: Response) => showAction(req, res, action, refusedForm(res.locals.t('Core.TooManyRequests')), 429);
    const show: RequestHandler = (req, res) => showAction(req, res, action, blankForm);
    const submit: RequestHandler = (req, res) => submitAction(req, res, action);
    router.get(path, requireUser(), show);
    router.post(path, requireUser(), ...codeLimits, submit, whenLockedOut(lockedOut));
  }
  return router;
}
