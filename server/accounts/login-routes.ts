import { type Request, type Response, Router } from 'express';
import { type RateLimiterFactory, whenLockedOut } from '../http/rate-limit';
import { safeReturnUrl, seeOther, setFlash } from '../http/forms';
import { postedText } from '../forms/posted';
import { loginForm } from './forms';
import { loginLimits } from './rate-limits';
import { type FormState, goTo, renderFormPage } from './respond';
import { signIn, signOut } from './sign-in';

type LoginState = FormState<typeof loginForm.fields>;

const renderLogin = (req: Request, res: Response, state: LoginState, status = 200) =>
  renderFormPage(req, res, { view: 'security/login', title: 'Security.Login.Title', form: loginForm }, state, status);

/** The page the login should lead back to: an on-site returnUrl, else the home page. */
const returnUrlOf = (res: Response, value: unknown) => safeReturnUrl(value, res.locals.href(''), res.locals.basePath);

/**
 * {app}/{culture}/security/login: the page, also opened in a modal by the shell on a 401. A wrong
 * address or password re-renders the form with one message (400); too many failures lock the form
 * for a while; two-factor accounts continue at security/login/twofactor.
 */
async function postLogin(req: Request, res: Response): Promise<void> {
  const result = loginForm.validate(req.body, res.locals.t);
  if (!result.ok) return renderLogin(req, res, { values: result.values, errors: result.errors }, 400);
  const returnUrl = returnUrlOf(res, result.data.returnUrl);
  const credentials = { email: result.data.Email, password: result.data.Password, rememberMe: result.data.RememberMe, returnUrl };
  const outcome = await signIn(req, credentials);
  const values = { ...result.values, returnUrl };
  if (outcome === 'invalid') return renderLogin(req, res, { values, formError: 'Security.Login.Invalid' }, 400);
  if (outcome === 'unconfirmed') return renderLogin(req, res, { values, formError: 'Security.Login.NotConfirmed' }, 400);
  // The code step answers in place of the form: fetch follows this 303 with the same target, so in the
  // modal the code form replaces the password form.
  if (outcome === 'two-factor') return seeOther(res, res.locals.href('security/login/twofactor'));
  setFlash(req, 'success', 'Security.Login.SignedIn');
  goTo(req, res, returnUrl);
}

export function loginRoutes(rateLimit: RateLimiterFactory): Router {
  const router = Router({ mergeParams: true });
  router.get('/security/login', (req, res) => renderLogin(req, res, { values: { returnUrl: returnUrlOf(res, req.query.returnUrl) } }));
  router.post(
    '/security/login',
    ...loginLimits(rateLimit),
    postLogin,
    whenLockedOut((req, res) =>
      renderLogin(req, res, { values: { Email: postedText(req.body?.Email).text, returnUrl: returnUrlOf(res, req.body?.returnUrl) }, formError: 'Security.Login.LockedOut' }, 429),
    ),
  );
  router.post('/security/logoff', async (req, res) => {
    await signOut(req);
    setFlash(req, 'success', 'Security.Logoff.Done');
    goTo(req, res, res.locals.href(''));
  });
  return router;
}
