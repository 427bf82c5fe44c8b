import { type Request, type Response, Router } from 'express';
import { type RateLimiterFactory, whenLockedOut } from '../http/rate-limit';
import { isHtmxRequest, renderPage } from '../http/render';
import { seeOther, setFlash } from '../http/forms';
import { confirmForm, registerForm } from './forms';
import { passwordIsAddress } from './passwords';
import { registerLimits } from './rate-limits';
import { confirmEmail, register } from './registration';
import { type FormState, renderFormPage } from './respond';
import { completeSignIn } from './sign-in';
import { linkProblemKey, readToken } from './tokens';

type RegisterState = FormState<typeof registerForm.fields>;

const renderRegister = (req: Request, res: Response, state: RegisterState, status = 200) =>
  renderFormPage(req, res, { view: 'security/register', title: 'Security.Register.Title', form: registerForm }, state, status);

/**
 * {app}/{culture}/security/register: every accepted form ends on the same "check your mailbox" page, the
 * form's data-redirect-target: the ajax form goes there on this empty answer, a post without JS by a 303.
 */
async function postRegister(req: Request, res: Response): Promise<void> {
  const result = registerForm.validate(req.body, res.locals.t);
  if (!result.ok) return renderRegister(req, res, { values: result.values, errors: result.errors }, 400);
  const { Email, FirstName, LastName, Password } = result.data;
  if (passwordIsAddress(Password, Email)) {
    return renderRegister(req, res, { values: result.values, errors: { Password: res.locals.t('Security.Password.Policy') } }, 400);
  }
  await register(req, { email: Email, firstName: FirstName.trim(), lastName: LastName.trim(), password: Password, culture: res.locals.culture });
  if (isHtmxRequest(req)) return void res.status(204).end();
  seeOther(res, res.locals.href('security/register/sent'));
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
  const confirmed = result.ok ? await confirmEmail(req, { token: result.data.token }) : { state: 'unknown' as const };
  if (confirmed.state !== 'valid') {
    const state = { values: { token: '' }, formError: linkProblemKey(confirmed.state) };
    return renderFormPage(req, res, { view: 'security/confirm', title: 'Security.Confirm.Title', form: confirmForm }, state, 400);
  }
  await completeSignIn(req, confirmed.account, { rememberMe: false });
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
    whenLockedOut((req, res) => renderRegister(req, res, { values: {}, formError: 'Core.TooManyRequests' }, 429)),
  );
  router.get('/security/register/sent', (req, res) => renderPage(req, res, 'security/register-sent', { title: res.locals.t('Security.Register.CheckMailbox') }));
  router.get('/security/confirm', showConfirm);
  router.post('/security/confirm', postConfirm);
  return router;
}
