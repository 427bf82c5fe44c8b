import type { Request, Response } from 'express';
import { appLocals } from '../http/locals';
import type { Logger } from '../logger';
import { renderPage } from '../http/render';
import type { OrderView } from '../orders/orders';
import { formatMoney } from '../shared/money';
import { findCountry, listCountries } from '../shipping/data';
import { type Payment, paymentsOfOrder } from './payments';
import type { PaymentProvider } from './provider';
import { PAYABLE_ORDER_STATES } from './sandbox';
import { prepaidChoices } from '../prepaid/choices';

const PAYABLE = new Set<string>(PAYABLE_ORDER_STATES);

export function isPayable(order: OrderView): boolean {
  return order.paymentMethod === 'Card' && PAYABLE.has(order.state);
}

export interface PageOptions {
  values?: Record<string, string>;
  errors?: Record<string, string>;
  status?: number;
  result?: Payment | null;
}

/**
 * The session the payment page uses: one per attempt. Reloading the page reuses the pending one (same
 * idempotency key); after a refusal the next attempt gets a new key, so a new session.
 */
async function pageSession(req: Request, provider: PaymentProvider, order: OrderView): Promise<Payment> {
  const db = appLocals(req).db;
  const closed = (await paymentsOfOrder(db, order.id)).filter((payment) => payment.state !== 'Pending').length;
  const idempotencyKey = `page:${order.id}:${order.totalInclCents}:${order.currency}:${closed}`;
  const { payment } = await provider.createSession(db, { orderId: order.id, amountCents: order.totalInclCents, currency: order.currency, idempotencyKey });
  return payment;
}

/** The payment island's script and style; none when the build has no island (the plain form still pays). */
function islandOf(req: Request): { script: string | null; style: string | null } {
  try {
    return req.app.locals.assets.entry('payment');
  } catch (error) {
    (req.app.locals.logger as Logger).warn({ err: error }, 'payment island not built: the plain card form is shown');
    return { script: null, style: null };
  }
}

/** The payment page of an order: its amount, the attempt's result, and while it is payable the drop-in's session and card form. */
export async function renderPaymentPage(req: Request, res: Response, provider: PaymentProvider, order: OrderView, options: PageOptions = {}): Promise<void> {
  const { t, culture, href } = res.locals;
  const payable = isPayable(order);
  const payment = payable ? await pageSession(req, provider, order) : null;
  const { db } = appLocals(req);
  const [country, countries] = await Promise.all([findCountry(db, { id: order.billing.countryId }), listCountries(db, { culture })]);
  res.set('Cache-Control', 'no-store');
  const model = {
    title: t('Payments.Title'),
    order,
    amount: formatMoney({ cents: order.totalInclCents, currency: order.currency }, culture),
    payable,
    state: order.state,
    result: options.result?.state ?? null,
    dropIn: payment ? provider.dropIn(payment) : null,
    redirectResult: typeof req.query.redirectResult === 'string' ? req.query.redirectResult : '',
    island: islandOf(req),
    payUrl: provider.inApp ? `${res.locals.basePath}${provider.inApp.payPath}` : '',
    returnUrl: href(`payments?order=${encodeURIComponent(order.number)}`),
    orderUrl: href(`orders/confirmation/${order.number}`),
    values: options.values ?? {},
    errors: Object.fromEntries(Object.entries(options.errors ?? {}).map(([field, key]) => [field, t(key)])),
    billing: order.billing,
    countryCode: country?.code ?? '',
    countries: countries.map(({ code, name }) => ({ code, name })),
    // Make payment with a prepaid account: the customer's own order only (a guest has no account).
    prepaid: payable && res.locals.user && order.userId === res.locals.user.id ? await prepaidChoices(db, { order, culture }) : [],
    prepaidAction: href('payments/prepaid'),
  };
  await renderPage(req, res, 'payments/payment', model, options.status ?? 200);
}
