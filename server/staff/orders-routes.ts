// The staff orders screen under {app}/{culture}/staff/orders, staff only (the role is checked on every
// request): the orders newest first (by state, or with a payment to refund; 20 a page), an order's
// detail, a form per move states.ts lets staff make, and a form to mark a RefundDue payment refunded.
// Each action is a plain form post answered by a redirect to the order with a notice, and an audit line
// in the log (staff account, order number, from → to). See docs/orders.md, "Staff orders screen".
import { type Request, type Response, Router } from 'express';
import { currentUser, requireRole } from '../accounts/current-user';
import { firstText, optionalId, pathId } from '../shared/ids';
import { moneyFormatter } from '../shared/money';
import { isOrderNumber } from '../shared/order-numbers';
import { shopDateFormat } from '../shared/time-zone';
import { BadInput, NotFound } from '../http/errors';
import { seeOther, setFlash } from '../http/forms';
import { renderPage } from '../http/render';
import { findOrderByNumber } from '../orders/reads';
import { isOrderState, orderStates, staffTransitionsFrom } from '../orders/states';
import { paymentsOfOrder } from '../payments/payments';
import { countryNames } from '../shipping/data';
import { markPaymentRefunded } from '../payments/payments';
import { listOrders, moveOrder, type OrderFilter, orderIdOf, orderOwnerOf, ordersPerPage } from './orders-data';

const staffOnly = requireRole('staff');

function dateFormat(res: Response): Intl.DateTimeFormat {
  return shopDateFormat(res.locals.culture, { dateStyle: 'medium', timeStyle: 'short' });
}

/** The order number in the path; anything not shaped like one is no such page. */
function numberOf(req: Request): string {
  const number = req.params.number;
  if (!isOrderNumber(number)) throw new NotFound();
  return number;
}

/** The list's query: `state` (an order state, or empty for all), `refundDue=1`, `page` (from 1). */
function filterOf(req: Request): OrderFilter & { page: number } {
  const state = firstText(req.query.state)?.trim() ?? '';
  if (state !== '' && !isOrderState(state)) throw new BadInput({ state: 'Staff.Orders.UnknownState' });
  return { state: state === '' ? null : state, refundDue: firstText(req.query.refundDue) === '1', page: optionalId(req.query.page, 'page') ?? 1 };
}

function listHref(res: Response, filter: OrderFilter, page: number): string {
  const query = new URLSearchParams();
  if (filter.state) query.set('state', filter.state);
  if (filter.refundDue) query.set('refundDue', '1');
  if (page > 1) query.set('page', String(page));
  const text = query.toString();
  return res.locals.href(`staff/orders${text ? `?${text}` : ''}`);
}

function staffId(res: Response): number {
  return currentUser(res)!.id;
}

async function listPage(req: Request, res: Response): Promise<void> {
  const { page, ...filter } = filterOf(req);
  const { rows, total } = await listOrders(req.app.locals.db, filter, page);
  const culture = res.locals.culture;
  const date = dateFormat(res);
  const pages = Math.max(1, Math.ceil(total / ordersPerPage));
  res.set('Cache-Control', 'no-store');
  await renderPage(req, res, 'staff/orders', {
    title: res.locals.t('Staff.Orders.Title'),
    orders: rows.map((row) => ({ ...row, date: date.format(row.createdAt), total: moneyFormatter(row.currency, culture)(row.totalInclCents) })),
    filter,
    states: orderStates,
    total,
    page,
    pages,
    previousHref: page > 1 ? listHref(res, filter, Math.min(page - 1, pages)) : null,
    nextHref: page < pages ? listHref(res, filter, page + 1) : null,
  });
}

async function orderPage(req: Request, res: Response): Promise<void> {
  const { db } = req.app.locals;
  const order = await findOrderByNumber(db, numberOf(req));
  if (!order) throw new NotFound();
  const culture = res.locals.culture;
  const [payments, countries] = await Promise.all([paymentsOfOrder(db, order.id), countryNames(db, { ids: [order.billing.countryId, order.shipping.countryId], culture })]);
  const date = dateFormat(res);
  res.set('Cache-Control', 'no-store');
  await renderPage(req, res, 'staff/order', {
    title: res.locals.t('Staff.Orders.OrderTitle', { number: order.number }),
    order,
    placed: date.format(order.createdAt),
    money: moneyFormatter(order.currency, culture),
    moves: staffTransitionsFrom(order.state),
    payments: payments.map((payment) => ({
      ...payment,
      date: date.format(payment.createdAt),
      amount: moneyFormatter(payment.currency, culture)(payment.amountCents),
      refunded: payment.refundedCents > 0 ? moneyFormatter(payment.currency, culture)(payment.refundedCents) : null,
    })),
    history: order.history.map((entry) => ({ ...entry, date: date.format(entry.at) })),
    countries,
    pickupPoint: order.pickupPoint as { PickupPointName?: string; PublicAccessPointID?: string } | null,
  });
}

/**
 * Nobody settles their own order: a staff member's own order (marked paid, cancelled, refunded) is left
 * to another staff member, so no one credits a prepaid top-up or a refund to themselves.
 */
async function refuseOwnOrder(req: Request, res: Response, number: string): Promise<boolean> {
  if ((await orderOwnerOf(req.app.locals.db, number)) !== staffId(res)) return false;
  req.app.locals.logger.warn({ staffId: staffId(res), orderNumber: number }, 'staff order action refused: their own order');
  setFlash(req, 'error', 'Staff.Orders.OwnOrder', { number });
  seeOther(res, res.locals.href(`staff/orders/${number}`));
  return true;
}

/** Moves the order to `To` if it is still in `From` (the state the page showed) and staff may make that move. */
async function moveAction(req: Request, res: Response): Promise<void> {
  const number = numberOf(req);
  if (await refuseOwnOrder(req, res, number)) return;
  const from = firstText(req.body?.From);
  const to = firstText(req.body?.To);
  if (!isOrderState(from) || !isOrderState(to)) throw new BadInput({ To: 'Staff.Orders.UnknownState' });
  const move = await moveOrder(req.app.locals.db, { number, expected: from, to, note: `staff:${staffId(res)}` });
  if (!move) throw new NotFound();
  const audit = { staffId: staffId(res), orderNumber: number, from, to };
  const stateName = (state: string) => res.locals.t(`Orders.States.${state}`);
  if (move.moved) {
    req.app.locals.logger.info(audit, 'staff moved an order');
    setFlash(req, 'success', 'Staff.Orders.Moved', { number, state: stateName(move.to) });
  } else {
    req.app.locals.logger.warn({ ...audit, state: move.state }, 'staff order move refused: the order is no longer in that state or may not make that move');
    setFlash(req, 'error', 'Staff.Orders.MoveRefused', { number, state: stateName(move.state) });
  }
  seeOther(res, res.locals.href(`staff/orders/${number}`));
}

/** Marks a RefundDue payment of the order Refunded (staff paid it back at the provider). */
async function refundedAction(req: Request, res: Response): Promise<void> {
  const number = numberOf(req);
  if (await refuseOwnOrder(req, res, number)) return;
  const paymentId = pathId(req.params.paymentId);
  const orderId = await orderIdOf(req.app.locals.db, number);
  if (orderId === null) throw new NotFound();
  const audit = { staffId: staffId(res), orderNumber: number, paymentId, from: 'RefundDue', to: 'Refunded' };
  if (await markPaymentRefunded(req.app.locals.db, { orderId, paymentId })) {
    req.app.locals.logger.info(audit, 'staff marked a payment refunded');
    setFlash(req, 'success', 'Staff.Orders.PaymentRefunded', { number });
  } else {
    req.app.locals.logger.warn(audit, 'staff payment refund refused: the payment is not RefundDue');
    setFlash(req, 'error', 'Staff.Orders.PaymentNotRefundDue', { number });
  }
  seeOther(res, res.locals.href(`staff/orders/${number}`));
}

/** {app}/{culture}/staff/orders[/{number}[/state | /payments/{id}/refunded]]. */
export function staffOrderRoutes(): Router {
  const router = Router({ mergeParams: true });
  router.get('/staff/orders', staffOnly, listPage);
  router.get('/staff/orders/:number', staffOnly, orderPage);
  router.post('/staff/orders/:number/state', staffOnly, moveAction);
  router.post('/staff/orders/:number/payments/:paymentId/refunded', staffOnly, refundedAction);
  return router;
}
