import { type Request, type Response, Router } from 'express';
import { type RateLimiterFactory, whenLockedOut } from '../http/rate-limit';
import type { Form, FormShape } from '../forms';
import { isHtmxRequest } from '../http/render';
import { seeOther, setFlash } from '../http/forms';
import { currentUser, requireUser } from './current-user';
import { changePasswordForm, forgotPasswordForm, resetPasswordForm } from './forms';
import { changePassword, readResetLink, requestPasswordReset, resetPassword } from './password-changes';
import { changePasswordLimits, forgotPasswordLimits } from './rate-limits';
import { type FormState, goTo, renderFormPage } from './respond';
import { linkProblemKey } from './tokens';

const forgotPage = { view: 'security/forgotpassword', title: 'Security.ForgotPassword.Title', form: forgotPasswordForm };
const resetPage = { view: 'security/resetpassword', title: 'Security.ResetPassword.Title', form: resetPasswordForm };
const changePage = { view: 'security/changepassword', title: 'Security.ChangePassword.Title', form: changePasswordForm };

/** The same answer whether the address has an account or not; the ajax form shows it in place. */
async function postForgot(req: Request, res: Response): Promise<void> {
  const result = forgotPasswordForm.validate(req.body, res.locals.t);
  if (!result.ok) return renderFormPage(req, res, forgotPage, { values: result.values, errors: result.errors }, 400);
  await requestPasswordReset(req, { email: result.data.Email });
  if (isHtmxRequest(req)) return renderFormPage(req, res, { ...forgotPage, model: { sent: true } }, { values: {} });
  setFlash(req, 'success', 'Security.ForgotPassword.Sent');
  seeOther(res, res.locals.href('security/forgotpassword'));
}

async function showReset(req: Request, res: Response): Promise<void> {
  const token = String(req.query.token ?? '');
  const link = await readResetLink(req, { token });
  const state: FormState<typeof resetPasswordForm.fields> = { values: { token } };
  if (link.state !== 'valid') state.formError = linkProblemKey(link.state);
  await renderFormPage(req, res, { ...resetPage, model: { linkWorks: link.state === 'valid' } }, state, link.state === 'valid' ? 200 : 400);
}

/** A good reset ends every session and asks to sign in with the new password (see docs/accounts.md). */
async function postReset(req: Request, res: Response): Promise<void> {
  const result = resetPasswordForm.validate(req.body, res.locals.t);
  if (!result.ok) return renderFormPage(req, res, { ...resetPage, model: { linkWorks: true } }, { values: result.values, errors: result.errors }, 400);
  const reset = await resetPassword(req, { token: result.data.token, password: result.data.Password });
  if (reset.outcome === 'policy') {
    const errors = { Password: res.locals.t('Security.Password.Policy') };
    return renderFormPage(req, res, { ...resetPage, model: { linkWorks: true } }, { values: result.values, errors }, 400);
  }
  if (reset.outcome === 'link') {
    return renderFormPage(req, res, { ...resetPage, model: { linkWorks: false } }, { values: {}, formError: linkProblemKey(reset.state) }, 400);
  }
  setFlash(req, 'success', 'Security.ResetPassword.Done');
  goTo(req, res, res.locals.href('security/login'));
}

async function postChange(req: Request, res: Response): Promise<void> {
  const result = changePasswordForm.validate(req.body, res.locals.t);
  if (!result.ok) return renderFormPage(req, res, changePage, { values: result.values, errors: result.errors }, 400);
  const { OldPassword, NewPassword } = result.data;
  const outcome = await changePassword(req, { userId: currentUser(res)!.id, oldPassword: OldPassword, newPassword: NewPassword });
  if (outcome === 'wrong-current') {
    return renderFormPage(req, res, changePage, { values: {}, errors: { OldPassword: res.locals.t('Security.ChangePassword.WrongCurrent') } }, 400);
  }
  if (outcome === 'policy') {
    return renderFormPage(req, res, changePage, { values: {}, errors: { NewPassword: res.locals.t('Security.Password.Policy') } }, 400);
  }
  setFlash(req, 'success', 'Security.ChangePassword.Done');
  goTo(req, res, res.locals.href('account'));
}

const tooMany = <S extends FormShape>(page: { view: string; title: string; form: Form<S> }) =>
  whenLockedOut((req, res) => renderFormPage(req, res, page, { values: {}, formError: 'Core.TooManyRequests' }, 429));

export function passwordRoutes(rateLimit: RateLimiterFactory): Router {
  const router = Router({ mergeParams: true });
  router.get('/security/forgotpassword', (req, res) => renderFormPage(req, res, forgotPage, { values: {} }));
  router.post('/security/forgotpassword', ...forgotPasswordLimits(rateLimit), postForgot, tooMany(forgotPage));
  router.get('/security/resetpassword', showReset);
  router.post('/security/resetpassword', postReset);
  router.get('/security/changepassword', requireUser(), (req, res) => renderFormPage(req, res, changePage, { values: {} }));
  router.post('/security/changepassword', requireUser(), ...changePasswordLimits(rateLimit), postChange, tooMany(changePage));
  return router;
}
