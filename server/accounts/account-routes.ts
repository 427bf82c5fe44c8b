import { Router } from 'express';
import { renderPage } from '../http/render';
import { shopDateFormat } from '../shared/time-zone';
import { currentUser, requireRole, requireUser } from './current-user';
import { countAccounts, listRecentAccounts } from './data';

const recentAccountsShown = 20;

/**
 * {app}/{culture}/account: the signed-in account's home. {app}/{culture}/staff: the staff dashboard,
 * the route that exercises the role guard (a visitor is sent to log in, a customer gets 403).
 */
export function accountPages(): Router {
  const router = Router({ mergeParams: true });
  router.get('/account', requireUser(), async (req, res) => {
    const user = currentUser(res)!;
    await renderPage(req, res, 'account/index', { title: res.locals.t('Security.Account.Title'), account: user, isStaff: user.roles.includes('staff') });
  });
  router.get('/staff', requireRole('staff'), async (req, res) => {
    const { db } = req.app.locals;
    const [accounts, total] = await Promise.all([listRecentAccounts(db, { limit: recentAccountsShown }), countAccounts(db)]);
    const date = shopDateFormat(res.locals.culture, { dateStyle: 'medium', timeStyle: 'short' });
    const rows = accounts.map((account) => ({ ...account, created: date.format(account.createdAt) }));
    await renderPage(req, res, 'account/staff', { title: res.locals.t('Security.Staff.Title'), accounts: rows, total });
  });
  return router;
}
