// The customer's prepaid accounts under {app}/{culture}/account/prepaidaccounts: the list with their
// balances, and one account: its balance, the form to add prepaid money (addtocart), the low-balance
// notification toggle (setnotification), and its movements newest first, 10 a page (?pagenbr=).
// Someone else's account: 404.
import { type Request, type Response, Router } from 'express';
import { currentUser, requireUser } from '../accounts/current-user';
import { appLocals } from '../http/locals';
import { NotFound } from '../http/errors';
import { renderPage } from '../http/render';
import { moneyFormatter } from '../shared/money';
import { pathId } from '../shared/ids';
import { buildPagination, pageNumberOf, totalPagesOf } from '../shared/paging';
import { shopDateFormat } from '../shared/time-zone';
import { countMovements, findAccount, listAccounts, listMovements, unitCentsOf } from './data';
import { MAX_PREPAID_QUANTITY } from './input';

export const MOVEMENTS_PAGE_SIZE = 10;
const listPath = 'account/prepaidaccounts';

async function list(req: Request, res: Response): Promise<void> {
  const accounts = await listAccounts(appLocals(req).db, { userId: currentUser(res)!.id });
  const culture = res.locals.culture;
  res.set('Cache-Control', 'no-store');
  await renderPage(req, res, 'prepaid/accounts', {
    title: res.locals.t('Sales.Prepaid.Title'),
    accounts: accounts.map((account) => ({ ...account, balance: moneyFormatter(account.currency, culture)(account.balanceCents) })),
  });
}

function paginationOf(res: Response, accountId: number, currentPage: number, totalPages: number) {
  const hrefs: Record<number, string> = {};
  const path = `${listPath}/${accountId}`;
  for (let page = 1; page <= totalPages; page++) hrefs[page] = res.locals.href(page === 1 ? path : `${path}?pagenbr=${page}`);
  return { ...buildPagination({ currentPage, totalPages }), hrefs };
}

async function detail(req: Request, res: Response): Promise<void> {
  const { db } = appLocals(req);
  const account = await findAccount(db, { userId: currentUser(res)!.id, accountId: pathId(req.params.id) });
  if (!account) throw new NotFound();
  const totalPages = totalPagesOf(await countMovements(db, { accountId: account.id }), MOVEMENTS_PAGE_SIZE);
  const page = Math.min(pageNumberOf(req.query.pagenbr, 'pagenbr'), totalPages);
  const movements = await listMovements(db, { accountId: account.id, offset: (page - 1) * MOVEMENTS_PAGE_SIZE, limit: MOVEMENTS_PAGE_SIZE });
  const culture = res.locals.culture;
  const money = moneyFormatter(account.currency, culture);
  const date = shopDateFormat(culture, { dateStyle: 'medium' });
  res.set('Cache-Control', 'no-store');
  await renderPage(req, res, 'prepaid/account', {
    title: res.locals.t('Sales.Prepaid.AccountTitle', { name: account.name }),
    account: { ...account, balance: money(account.balanceCents), lowBalance: money(account.lowBalanceCents) },
    unit: money(await unitCentsOf(db, { variantId: account.variantId })),
    maxQuantity: MAX_PREPAID_QUANTITY,
    movements: movements.map((movement) => ({ ...movement, date: date.format(movement.createdAt), amount: money(movement.amountCents), balanceAfter: money(movement.balanceAfterCents) })),
    pagination: paginationOf(res, account.id, page, totalPages),
  });
}

export function prepaidPageRoutes(): Router {
  const router = Router({ mergeParams: true });
  router.use(`/${listPath}`, requireUser());
  router.get(`/${listPath}`, list);
  router.get(`/${listPath}/:id`, detail);
  return router;
}
