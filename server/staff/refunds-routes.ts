// Staff handling refund requests under {app}/{culture}/staff/refunds (staff only): the list by state,
// one request (its lines, the order, the audit trail) with the form its state allows: accept or refuse
// (with a note) a Requested one, refund an Accepted one through the order's payment. Each action is a
// form post answered by a redirect with a notice, audited, and mailed to the customer; a stale one: 409.
import { type Request, type Response, Router } from 'express';
import { currentUser, requireRole } from '../accounts/current-user';
import { auditOf } from '../audit/data';
import { BadInput, NotFound } from '../http/errors';
import { seeOther, setFlash } from '../http/forms';
import { appLocals } from '../http/locals';
import { renderPage } from '../http/render';
import { paymentProvider } from '../payments/routes';
import { findRequest, listRequests } from '../refunds/data';
import { decideRequest, refundRequest } from '../refunds/handling';
import { mailRefundState } from '../refunds/mail';
import { refundStates, type RefundState } from '../refunds/tables';
import { requestModel, rowModel } from '../refunds/views';
import { firstText, optionalId, pathId } from '../shared/ids';
import { shopDateFormat } from '../shared/time-zone';

const staffOnly = requireRole('staff');
const PAGE_SIZE = 20;

function stateOf(req: Request): RefundState | null {
  const state = firstText(req.query.state)?.trim() ?? '';
  if (state === '') return null;
  if (!(refundStates as readonly string[]).includes(state)) throw new BadInput({ state: 'Sales.Refunds.UnknownState' });
  return state as RefundState;
}

async function listPage(req: Request, res: Response): Promise<void> {
  const state = stateOf(req);
  const page = optionalId(req.query.page, 'page') ?? 1;
  const { rows, total } = await listRequests(appLocals(req).db, { state, offset: (page - 1) * PAGE_SIZE, limit: PAGE_SIZE });
  res.set('Cache-Control', 'no-store');
  await renderPage(req, res, 'staff/refunds', { title: res.locals.t('Sales.Refunds.StaffTitle'), requests: rows.map((row) => rowModel(res, row)), state, states: refundStates, total });
}

async function detailPage(req: Request, res: Response): Promise<void> {
  const { db } = appLocals(req);
  const request = await findRequest(db, { requestId: pathId(req.params.id) });
  if (!request) throw new NotFound();
  const date = shopDateFormat(res.locals.culture, { dateStyle: 'medium', timeStyle: 'short' });
  const audit = await auditOf(db, { entity: 'refund_request', entityId: request.id });
  res.set('Cache-Control', 'no-store');
  await renderPage(req, res, 'staff/refund', {
    title: res.locals.t('Sales.Refunds.DetailTitle', { id: request.id }),
    request: requestModel(res, request),
    audit: audit.map((entry) => ({ ...entry, date: date.format(entry.at) })),
  });
}

function noteOf(req: Request): string {
  const note = (firstText(req.body?.Note) ?? '').trim();
  if (note.length > 1000) throw new BadInput({ Note: 'Sales.Refunds.ReasonTooLong' });
  return note;
}

/** Accept, refuse or refund: one domain call, the customer's mail, back to the request with a notice. */
function action(kind: 'accept' | 'refuse' | 'refund') {
  return async (req: Request, res: Response): Promise<void> => {
    const requestId = pathId(req.params.id);
    const staffId = currentUser(res)!.id;
    const { db } = appLocals(req);
    const request =
      kind === 'refund'
        ? await refundRequest(db, paymentProvider(req), { requestId, staffId })
        : await decideRequest(db, { requestId, staffId, to: kind === 'accept' ? 'Accepted' : 'Refused', note: noteOf(req) });
    mailRefundState(req, request);
    setFlash(req, 'success', `Sales.Refunds.Done.${request.state}`, { id: request.id });
    seeOther(res, res.locals.href(`staff/refunds/${request.id}`));
  };
}

export function staffRefundRoutes(): Router {
  const router = Router({ mergeParams: true });
  router.use('/staff/refunds', staffOnly);
  router.get('/staff/refunds', listPage);
  router.get('/staff/refunds/:id', detailPage);
  router.post('/staff/refunds/:id/accept', action('accept'));
  router.post('/staff/refunds/:id/refuse', action('refuse'));
  router.post('/staff/refunds/:id/refund', action('refund'));
  return router;
}
