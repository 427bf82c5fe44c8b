// {app}/{culture}/account/email: the signed-in account asks for a new sign-in address (with its current
// password); the change waits for the link mailed to the new address, account/email/confirm?token=…
// (anyone holding the link: a GET shows a button, so a mail scanner changes nothing; the POST changes it).
import { type Request, type Response, Router } from 'express';
import { type RateLimiterFactory, whenLockedOut } from '../http/rate-limit';
import { setFlash } from '../http/forms';
import { currentUser, requireUser } from './current-user';
import { findAccountById } from './data';
import { confirmEmailChange, mailEmailChange, mailEmailTaken, requestEmailChange } from './email-changes';
import { changeEmailForm, confirmEmailChangeForm } from './forms';
import { inBackground } from './mail';
import { verifyPassword } from './passwords';
import { changeEmailLimits } from './rate-limits';
import { goTo, renderFormPage } from './respond';
import { linkProblemKey, readToken } from './tokens';

const changePage = { view: 'account/email', title: 'Security.ChangeEmail.Title', form: changeEmailForm };
const confirmPage = { view: 'account/email-confirm', title: 'Security.ChangeEmail.ConfirmTitle', form: confirmEmailChangeForm };

async function postChange(req: Request, res: Response): Promise<void> {
  const result = changeEmailForm.validate(req.body, res.locals.t);
  if (!result.ok) return renderFormPage(req, res, changePage, { values: result.values, errors: result.errors }, 400);
  const { db } = req.app.locals;
  const user = currentUser(res)!;
  const account = await findAccountById(db, { userId: user.id });
  if (!account || !(await verifyPassword(account.passwordHash, result.data.Password))) {
    return renderFormPage(req, res, changePage, { values: { Email: result.values.Email }, errors: { Password: res.locals.t('Security.ChangeEmail.WrongPassword') } }, 400);
  }
  const asked = await requestEmailChange(db, { userId: user.id, newEmail: result.data.Email, requestedBy: { id: user.id, staffName: null }, now: Date.now() });
  if (asked.outcome === 'same') return renderFormPage(req, res, changePage, { values: { Email: result.values.Email }, errors: { Email: res.locals.t('Security.ChangeEmail.Same') } }, 400);
  // An address another account holds gets the same answer (nothing tells whether it has an account); its holder is told.
  if (asked.outcome === 'taken') inBackground(req, (mail) => mailEmailTaken(mail, asked.holder));
  else inBackground(req, (mail) => mailEmailChange(mail, asked.pending));
  setFlash(req, 'success', 'Security.ChangeEmail.Sent', { email: result.data.Email.trim().toLowerCase(), current: account.email });
  goTo(req, res, res.locals.href('account'));
}

async function showConfirm(req: Request, res: Response): Promise<void> {
  const token = String(req.query.token ?? '');
  const link = await readToken(req.app.locals.db, { table: 'email_changes', token, now: Date.now() });
  const state = { values: { token }, formError: link.state === 'valid' ? undefined : linkProblemKey(link.state) };
  await renderFormPage(req, res, confirmPage, state, link.state === 'valid' ? 200 : 400);
}

async function postConfirm(req: Request, res: Response): Promise<void> {
  const result = confirmEmailChangeForm.validate(req.body, res.locals.t);
  const confirmed = result.ok ? await confirmEmailChange(req.app.locals.db, { token: result.data.token, now: Date.now() }) : { state: 'unknown' as const };
  if (confirmed.state !== 'valid') {
    const formError = confirmed.state === 'taken' ? 'Security.ChangeEmail.Taken' : linkProblemKey(confirmed.state);
    return renderFormPage(req, res, confirmPage, { values: { token: '' }, formError }, 400);
  }
  setFlash(req, 'success', 'Security.ChangeEmail.Confirmed', { email: confirmed.email });
  goTo(req, res, res.locals.href(currentUser(res)?.id === confirmed.userId ? 'account' : 'security/login'));
}

export function emailChangeRoutes(rateLimit: RateLimiterFactory): Router {
  const router = Router({ mergeParams: true });
  router.get('/account/email', requireUser(), (req, res) => renderFormPage(req, res, changePage, { values: {} }));
  router.post(
    '/account/email',
    requireUser(),
    ...changeEmailLimits(rateLimit),
    postChange,
    whenLockedOut((req, res) => renderFormPage(req, res, changePage, { values: {}, formError: 'Core.TooManyRequests' }, 429)),
  );
  router.get('/account/email/confirm', showConfirm);
  router.post('/account/email/confirm', postConfirm);
  return router;
}
