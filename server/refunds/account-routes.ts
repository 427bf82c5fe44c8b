// The customer's refund requests under {app}/{culture}/account/: the request form of one of their
// orders (account/orders/{number}/refund: a quantity select per line, the refunded amount per line and
// the totals), their requests (account/refunds, 20 a page by pagenbr) and one request. Someone else's
// order or request: 404. A bad form: the form again, 400, with its messages, and nothing written.
import { type Request, type Response, Router } from 'express';
import { currentUser, requireUser } from '../accounts/current-user';
import { NotFound } from '../http/errors';
import { seeOther, setFlash } from '../http/forms';
import { appLocals } from '../http/locals';
import { renderPage } from '../http/render';
import { pathId } from '../shared/ids';
import { isOrderNumber } from '../shared/order-numbers';
import { buildPagination, pageNumberOf, totalPagesOf } from '../shared/paging';
import { findRequest, listRequests } from './data';
import { mailRefundState } from './mail';
import { createRefundRequest, type RefundForm, refundFormOf } from './requests';
import { checkRefundForm } from './rules';
import { formModel, requestModel, rowModel } from './views';

const PAGE_SIZE = 20;

async function ownForm(req: Request, res: Response): Promise<RefundForm> {
  const number = req.params.number;
  const form = isOrderNumber(number) ? await refundFormOf(appLocals(req).db, { userId: currentUser(res)!.id, number }) : null;
  if (!form) throw new NotFound();
  return form;
}

async function showForm(req: Request, res: Response, form: RefundForm, posted: Record<string, unknown> = {}, errors: Record<string, string> = {}, status = 200) {
  res.set('Cache-Control', 'no-store');
  await renderPage(req, res, 'refunds/request', { title: res.locals.t('Sales.Refunds.RequestTitle', { number: form.order.number }), ...formModel(res, form, posted, errors) }, status);
}

async function formPage(req: Request, res: Response): Promise<void> {
  await showForm(req, res, await ownForm(req, res));
}

async function submit(req: Request, res: Response): Promise<void> {
  const form = await ownForm(req, res);
  const body = (req.body ?? {}) as Record<string, unknown>;
  const { errors } = checkRefundForm(body, form.lines);
  if (!form.refundable || Object.keys(errors).length) return showForm(req, res, form, body, form.refundable ? errors : { Lines: 'Sales.Refunds.NotRefundable' }, 400);
  const requestId = await createRefundRequest(appLocals(req).db, { form, userId: currentUser(res)!.id, body });
  const request = (await findRequest(appLocals(req).db, { requestId }))!;
  mailRefundState(req, request);
  setFlash(req, 'success', 'Sales.Refunds.Requested', { number: form.order.number });
  seeOther(res, res.locals.href(`account/refunds/${requestId}`));
}

async function list(req: Request, res: Response): Promise<void> {
  const userId = currentUser(res)!.id;
  const asked = pageNumberOf(req.query.pagenbr, 'pagenbr');
  const { rows, total } = await listRequests(appLocals(req).db, { userId, offset: (asked - 1) * PAGE_SIZE, limit: PAGE_SIZE });
  const totalPages = totalPagesOf(total, PAGE_SIZE);
  const hrefs: Record<number, string> = {};
  for (let page = 1; page <= totalPages; page++) hrefs[page] = res.locals.href(page === 1 ? 'account/refunds' : `account/refunds?pagenbr=${page}`);
  res.set('Cache-Control', 'no-store');
  await renderPage(req, res, 'refunds/list', {
    title: res.locals.t('Sales.Refunds.Title'),
    requests: rows.map((row) => rowModel(res, row)),
    pagination: { ...buildPagination({ currentPage: Math.min(asked, totalPages), totalPages }), hrefs },
  });
}

async function detail(req: Request, res: Response): Promise<void> {
  const request = await findRequest(appLocals(req).db, { requestId: pathId(req.params.id), userId: currentUser(res)!.id });
  if (!request) throw new NotFound();
  res.set('Cache-Control', 'no-store');
  await renderPage(req, res, 'refunds/detail', { title: res.locals.t('Sales.Refunds.DetailTitle', { id: request.id }), request: requestModel(res, request) });
}

export function refundAccountRoutes(): Router {
  const router = Router({ mergeParams: true });
  router.use('/account/refunds', requireUser());
  router.get('/account/orders/:number/refund', requireUser(), formPage);
  router.post('/account/orders/:number/refund', requireUser(), submit);
  router.get('/account/refunds', list);
  router.get('/account/refunds/:id', detail);
  return router;
}
