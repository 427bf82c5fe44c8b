// The customer's orders under {app}/{culture}/account/orders: the list, newest first, 20 a page
// (?pagenbr=, the specification's page parameter for order lists), and one order's detail, with the
// confirmation's own partials and, for a transfer still awaited, where to pay. Someone else's order: 404.
import { appLocals } from '../http/locals';
import { type Request, type Response, Router } from 'express';
import { currentUser, requireUser } from '../accounts/current-user';
import { moneyFormatter } from '../shared/money';
import { isOrderNumber } from '../shared/order-numbers';
import { buildPagination, pageNumberOf, totalPagesOf } from '../shared/paging';
import { shopDateFormat } from '../shared/time-zone';
import { NotFound } from '../http/errors';
import { renderPage } from '../http/render';
import { bankTransferDetails } from '../orders/bank';
import type { OrderView } from '../orders/model';
import { shippingMethodName } from '../shipping/data';
import { countCustomerOrders, findCustomerOrder, listCustomerOrders } from './order-history';

const listPath = 'account/orders';
export const ORDERS_PAGE_SIZE = 20;


/** The pagination partial's model (views/partials/catalog/pagination.ejs), each page linked by pagenbr. */
function paginationOf(res: Response, currentPage: number, totalPages: number) {
  const href = res.locals.href;
  const hrefs: Record<number, string> = {};
  for (let page = 1; page <= totalPages; page++) hrefs[page] = href(page === 1 ? listPath : `${listPath}?pagenbr=${page}`);
  return { ...buildPagination({ currentPage, totalPages }), hrefs };
}

async function list(req: Request, res: Response): Promise<void> {
  const userId = currentUser(res)!.id;
  const total = await countCustomerOrders(appLocals(req).db, { userId });
  const totalPages = totalPagesOf(total, ORDERS_PAGE_SIZE);
  // A page past the end (an old link): the last page instead.
  const page = Math.min(pageNumberOf(req.query.pagenbr, 'pagenbr'), totalPages);
  const orders = await listCustomerOrders(appLocals(req).db, { userId, offset: (page - 1) * ORDERS_PAGE_SIZE, limit: ORDERS_PAGE_SIZE });
  const culture = res.locals.culture;
  const date = shopDateFormat(culture, { dateStyle: 'long' });
  const rows = orders.map((order) => ({ ...order, date: date.format(order.createdAt), total: moneyFormatter(order.currency, culture)(order.totalInclCents) }));
  res.set('Cache-Control', 'no-store');
  await renderPage(req, res, 'account/orders', { title: res.locals.t('Security.Account.Orders.Title'), orders: rows, total, pagination: paginationOf(res, page, totalPages) });
}

/** The saved pickup point of an order as one line (name, street, postal code and city), or null. */
function pickupPointLine(order: OrderView): string | null {
  const point = order.pickupPoint as Record<string, unknown> | null;
  if (!point || typeof point !== 'object') return null;
  const place = [point.ShippingPostalCode, point.ShippingCity].filter(Boolean).join(' ');
  return [point.PickupPointName, point.ShippingStreet1, place].filter(Boolean).join(', ') || null;
}

async function detail(req: Request, res: Response): Promise<void> {
  const number = req.params.number;
  const order = isOrderNumber(number) ? await findCustomerOrder(appLocals(req).db, { userId: currentUser(res)!.id, number }) : null;
  if (!order) throw new NotFound();
  const culture = res.locals.culture;
  const percent = new Intl.NumberFormat(culture, { style: 'percent', maximumFractionDigits: 2 });
  res.set('Cache-Control', 'no-store');
  await renderPage(req, res, 'account/order', {
    title: res.locals.t('Security.Account.Orders.DetailTitle', { number: order.number }),
    order,
    money: moneyFormatter(order.currency, culture),
    placedOn: shopDateFormat(culture, { dateStyle: 'long', timeStyle: 'short' }).format(order.createdAt),
    shippingMethod: await shippingMethodName(appLocals(req).db, { methodId: order.shippingMethodId, culture }),
    pickupPoint: pickupPointLine(order),
    taxRates: order.taxes.map((tax) => ({ rate: percent.format(tax.rateBp / 10_000), cents: tax.cents })),
    bank: order.paymentMethod === 'BankTransfer' && order.state === 'AwaitingPayment' ? bankTransferDetails(req.app.locals.config) : null,
  });
}

/** {app}/{culture}/account/orders and account/orders/{number}, signed-in accounts only. */
export function orderHistoryRoutes(): Router {
  const router = Router({ mergeParams: true });
  router.use(`/${listPath}`, requireUser());
  router.get(`/${listPath}`, list);
  router.get(`/${listPath}/:number`, detail);
  return router;
}
