import { type Request, type RequestHandler, type Response, Router } from 'express';
import { whenLockedOut } from '../../http/rate-limit';
import { goTo } from '../respond';
import { completeSignIn } from '../sign-in';
import { safeReturnUrl, setFlash } from '../../http/forms';
import { codeForm } from './forms';
import { blankForm, type FormState, refusalKeys, refusedForm, renderTwoFactorPage } from './page';
import { countFailure, dropPending, pendingSignIn } from './pending';
import { verifySecondFactor } from './service';

/** The code form, or (ended: a locale key) why no sign-in waits any more, with a link back to the login. */
function renderStep(req: Request, res: Response, form: FormState, status = 200, ended: string | null = null): Promise<void> {
  const model = { title: res.locals.t('Security.TwoFactor.SignInTitle'), form: codeForm, formError: '', ...form, ended };
  return renderTwoFactorPage(req, res, 'two-factor-sign-in', model, status);
}

async function showStep(req: Request, res: Response): Promise<void> {
  const waiting = pendingSignIn(req, Date.now()) !== null;
  await renderStep(req, res, blankForm, 200, waiting ? null : 'Security.TwoFactor.SignInExpired');
}

async function submitStep(req: Request, res: Response): Promise<void> {
  const pending = pendingSignIn(req, Date.now());
  if (!pending) return renderStep(req, res, blankForm, 400, 'Security.TwoFactor.SignInExpired');
  const posted = codeForm.validate(req.body, res.locals.t);
  if (!posted.ok) return renderStep(req, res, { values: posted.values, errors: posted.errors }, 400);
  const check = await verifySecondFactor(req.app.locals.db, { userId: pending.userId, code: posted.data.Code, now: Date.now() });
  if (!check.ok) {
    if (countFailure(req, pending)) return renderStep(req, res, blankForm, 400, 'Security.TwoFactor.TooManyAttempts');
    return renderStep(req, res, refusedForm(res.locals.t(refusalKeys[check.reason])), 400);
  }
  dropPending(req);
  await completeSignIn(req, { id: pending.userId, sessionVersion: check.sessionVersion }, { rememberMe: pending.rememberMe });
  if (check.method === 'recovery') setFlash(req, 'info', 'Security.TwoFactor.RecoveryCodeUsed');
  goTo(req, res, safeReturnUrl(pending.returnUrl, res.locals.href(''), res.locals.basePath));
}

/**
 * {app}/{culture}/security/login/twofactor: the second step after a right password (login stores
 * req.session.pendingTwoFactor). A code from the authenticator app or an unused recovery code signs in;
 * the step lasts 5 minutes and allows 5 wrong codes, then the password is asked again.
 */
export function signInStepRoutes(codeLimits: RequestHandler[]): Router {
  const router = Router({ mergeParams: true });
  const lockedOut = (req: Request, res: Response) => renderStep(req, res, refusedForm(res.locals.t('Core.TooManyRequests')), 429);
  router.get('/security/login/twofactor', showStep);
  router.post('/security/login/twofactor', ...codeLimits, submitStep, whenLockedOut(lockedOut));
  return router;
}
