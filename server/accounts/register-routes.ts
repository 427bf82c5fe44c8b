import { type Request, type Response, Router } from 'express';
import type { RateLimiterFactory } from '../http/rate-limit';
import { renderPage } from '../http/render';
import { seeOther, setFlash } from '../http/forms';
import { confirmForm, registerForm } from './forms';
import { meetsPasswordPolicy } from './passwords';
import { registerLimits, whenLockedOut } from './rate-limits';
import { confirmEmail, register } from './registration';
import { type FormState, goTo, renderFormPage } from './respond';
import { completeSignIn } from './sign-in';
import { linkProblemKey, readToken } from './tokens';

type RegisterState = FormState<typeof registerForm.fields>;

const renderRegister = (req: Request, res: Response, state: RegisterState, status = 200) =>
  renderFormPage(req, res, { view: 'security/register', title: 'Security.Register.Title', form: registerForm }, state, status);

/** {app}/{culture}/security/register: every accepted form ends on the same "check your mailbox" page. */
async function postRegister(req: Request, res: Response): Promise<void> {
  const result = registerForm.validate(req.body, res.locals.t);
  if (!result.ok) return renderRegister(req, res, { values: result.values, errors: result.errors }, 400);
  const { Email, FirstName, LastName, Password } = result.data;
  if (!meetsPasswordPolicy(Password, Email)) {
    return renderRegister(req, res, { values: result.values, errors: { Password: res.locals.t('Security.Password.Policy') } }, 400);
  }
  await register(req, { email: Email, firstName: FirstName.trim(), lastName: LastName.trim(), password: Password, culture: res.locals.culture });
  goTo(req, res, res.locals.href('security/register/sent'));
}

/** GET {app}/{culture}/security/confirm?token=…: a button, so a mail scanner following links confirms nothing. */
async function showConfirm(req: Request, res: Response): Promise<void> {
  const token = String(req.query.token ?? '');
  const link = await readToken(req.app.locals.db, { table: 'email_confirmations', token, now: Date.now() });
  const state = { values: { token }, formError: link.state === 'valid' ? undefined : linkProblemKey(link.state) };
  return renderFormPage(req, res, { view: 'security/confirm', title: 'Security.Confirm.Title', form: confirmForm }, state, link.state === 'valid' ? 200 : 400);
}

async function postConfirm(req: Request, res: Response): Promise<void> {
  const result = confirmForm.validate(req.body, res.locals.t);
  const taken = result.ok ? await confirmEmail(req, { token: result.data.token }) : { state: 'unknown' as const };
  if (taken.state !== 'valid') {
    const state = { values: { token: '' }, formError: linkProblemKey(taken.state) };
    return renderFormPage(req, res, { view: 'security/confirm', title: 'Security.Confirm.Title', form: confirmForm }, state, 400);
  }
  await completeSignIn(req, res, { id: taken.userId }, { rememberMe: false });
  setFlash(req, 'success', 'Security.Confirm.Done');
  seeOther(res, res.locals.href('account'));
}

export function registerRoutes(rateLimit: RateLimiterFactory): Router {
  const router = Router({ mergeParams: true });
  router.get('/security/register', (req, res) => renderRegister(req, res, { values: {} }));
  router.post(
    '/security/register',
    ...registerLimits(rateLimit),
    postRegister,
    whenLockedOut((req, res, status) => renderRegister(req, res, { values: {}, formError: 'Core.TooManyRequests' }, status)),
  );
  router.get('/security/register/sent', (req, res) => renderPage(req, res, 'security/register-sent', { title: res.locals.t('Security.Register.CheckMailbox') }));
  router.get('/security/confirm', showConfirm);
  router.post('/security/confirm', postConfirm);
  return router;
}
