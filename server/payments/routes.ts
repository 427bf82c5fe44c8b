import { type NextFunction, type Request, type Response, Router } from 'express';
import { formatMoney } from '../shared/money';
import type { Config } from '../config';
import { NotFound } from '../http/errors';
import { renderPage } from '../http/render';
import { findOrderByNumber, type OrderView } from '../orders/orders';
import { maySeeOrder } from '../orders/access';
import { handleNotification } from './notifications';
import { findPaymentBySession, IdempotencyConflict, type Payment, paymentsOfOrder } from './payments';
import type { PaymentPage, PaymentProvider } from './provider';
import { PAYABLE_ORDER_STATES, SANDBOX, sandboxProvider } from './sandbox';

interface Setup {
  provider: PaymentProvider;
  /** The provider's own in-app endpoints (the sandbox's card endpoint), made once. */
  inAppRoutes: Router | null;
}
const setups = new WeakMap<object, Setup>();

function setupOf(req: Request): Setup {
  const config = req.app.locals.config as Config;
  let setup = setups.get(config);
  if (!setup) {
    // The built-in sandbox; a hosted provider would be chosen here by config. Everything below sees only PaymentProvider.
    const provider: PaymentProvider = sandboxProvider(config, req.app.locals.logger);
    setup = { provider, inAppRoutes: provider.inApp?.routes(paymentPage) ?? null };
    setups.set(config, setup);
  }
  return setup;
}

/** The app's payment provider. */
export function paymentProvider(req: Request): PaymentProvider {
  return setupOf(req).provider;
}

const ORDER_NUMBER = /^\d{4}-\d{6,}$/;
const PAYABLE = new Set<string>(PAYABLE_ORDER_STATES);

function isPayable(order: OrderView): boolean {
  return order.paymentMethod === 'Card' && PAYABLE.has(order.state);
}

/**
 * The session the payment page uses: one per attempt. Reloading the page reuses the pending one (same
 * idempotency key); after a refusal the next attempt gets a new key, so a new session.
 */
async function pageSession(req: Request, order: OrderView): Promise<Payment> {
  const db = req.app.locals.db;
  const closed = (await paymentsOfOrder(db, order.id)).filter((payment) => payment.state !== 'Pending').length;
  const idempotencyKey = `page:${order.id}:${order.totalInclCents}:${order.currency}:${closed}`;
  const { payment } = await paymentProvider(req).createSession(db, { orderId: order.id, amountCents: order.totalInclCents, currency: order.currency, idempotencyKey });
  return payment;
}

interface PageOptions {
  values?: Record<string, string>;
  errors?: Record<string, string>;
  status?: number;
  result?: Payment | null;
}

async function renderPaymentPage(req: Request, res: Response, order: OrderView, options: PageOptions = {}): Promise<void> {
  const t = res.locals.t as (key: string, values?: object) => string;
  const culture = res.locals.culture as string;
  const amount = formatMoney({ cents: order.totalInclCents, currency: order.currency }, culture);
  const payable = isPayable(order);
  const payment = payable ? await pageSession(req, order) : null;
  const provider = paymentProvider(req);
  const dropIn = payment ? provider.dropIn(payment) : null;
  let island: { script: string | null; style: string | null } = { script: null, style: null };
  try {
    island = req.app.locals.assets.entry('payment');
  } catch {
    // Not built with the island: the plain form below still pays.
  }
  const errors = Object.fromEntries(Object.entries(options.errors ?? {}).map(([field, key]) => [field, t(key)]));
  const returnUrl = res.locals.href(`payments?order=${encodeURIComponent(order.number)}`);
  res.set('Cache-Control', 'no-store');
  await renderPage(
    req,
    res,
    'payments/payment',
    {
      title: t('Payments.Title'),
      order,
      amount,
      payable,
      state: order.state,
      result: options.result?.state ?? null,
      dropIn,
      redirectResult: typeof req.query.redirectResult === 'string' ? req.query.redirectResult : '',
      island,
      payUrl: provider.inApp ? `${res.locals.basePath}${provider.inApp.payPath}` : '',
      returnUrl,
      orderUrl: res.locals.href(`orders/confirmation/${order.number}`),
      values: options.values ?? {},
      errors,
      billing: order.billing,
      countryCode: await countryCode(req, order.billing.countryId),
    },
    options.status ?? 200,
  );
}

async function countryCode(req: Request, countryId: number): Promise<string> {
  const row = await req.app.locals.db.selectFrom('countries').select('code').where('id', '=', countryId).executeTakeFirst();
  return row?.code ?? '';
}

async function orderFor(req: Request, res: Response, number: unknown): Promise<OrderView> {
  const order = typeof number === 'string' && ORDER_NUMBER.test(number) ? await findOrderByNumber(req.app.locals.db, number) : null;
  if (!order || !maySeeOrder(req, res, order)) throw new NotFound();
  return order;
}

const paymentPage: PaymentPage = { render: (req, res, order, options) => renderPaymentPage(req, res, order, options) };

/**
 * Provider notifications (the webhook): no session and no CSRF token (the provider has neither); the
 * HMAC signature is what is checked. Mounted by server/app.ts before the session middleware.
 */
export function notificationRoutes(): Router {
  const router = Router();
  router.post('/api/v1/payments/:provider/notifications', async (req, res) => {
    const provider = paymentProvider(req);
    if (req.params.provider !== provider.name) return void res.status(404).type('text').send('unknown provider');
    const { accepted, retry } = await handleNotification(req.app.locals.db, provider.notificationKey(), provider.name, req.body, req.app.locals.logger);
    if (!accepted) return void res.status(401).type('text').send('[rejected]');
    // An event the order cannot take yet (logged): not acknowledged, so the provider delivers it again.
    if (retry) return void res.status(500).type('text').send('[retry]');
    res.type('text').send('[accepted]');
  });
  return router;
}

/** Payment sessions and the provider's in-app endpoints: `siteRoutes` see {app}/... (API, widgets), `cultureRoutes` see {app}/{culture}/... */
export function siteRoutes(): Router {
  const router = Router();

  /**
   * POST {app}/api/v1/payments/sessions {OrderNumber} with an Idempotency-Key header: the payment
   * session of one of the visitor's orders, {id, sessionData, amount, reference, clientKey, environment};
   * the same key answers the same session (200, 201 when made).
   */
  router.post('/api/v1/payments/sessions', async (req, res) => {
    const t = res.locals.t as (key: string) => string;
    const key = req.get('Idempotency-Key') ?? '';
    if (!/^[\x21-\x7e]{8,100}$/.test(key)) {
      return void res.status(400).json({ Message: t('Core.BadInput'), Errors: [{ Field: 'Idempotency-Key', Message: t('Payments.Required') }] });
    }
    const order = await orderFor(req, res, req.body?.OrderNumber);
    if (!isPayable(order)) return void res.status(409).json({ Message: t('Payments.NotPayable') });
    const provider = paymentProvider(req);
    try {
      const { payment, created } = await provider.createSession(req.app.locals.db, {
        orderId: order.id,
        amountCents: order.totalInclCents,
        currency: order.currency,
        idempotencyKey: `api:${order.id}:${key}`,
      });
      const dropIn = provider.dropIn(payment);
      res.status(created ? 201 : 200).json({
        id: dropIn.sessionId,
        sessionData: dropIn.sessionData,
        clientKey: dropIn.clientKey,
        environment: dropIn.environment,
        amount: { value: payment.amountCents, currency: payment.currency },
        reference: order.number,
      });
    } catch (error) {
      if (error instanceof IdempotencyConflict) return void res.status(409).json({ Message: t('Core.BadInput') });
      throw error;
    }
  });

  // The provider's own endpoints (the sandbox's card endpoint), only when it has any.
  router.use((req: Request, res: Response, next: NextFunction) => {
    const inApp = setupOf(req).inAppRoutes;
    if (!inApp) return next();
    inApp(req, res, next);
  });
  return router;
}

export function cultureRoutes(): Router {
  const router = Router({ mergeParams: true });
  /** {app}/{culture}/payments?order=<number>[&redirectResult=…]: the card drop-in, or the result of the attempt. */
  router.get('/payments', async (req, res) => {
    const order = await orderFor(req, res, req.query.order);
    const sessionId = paymentProvider(req).sessionOfRedirectResult(req.query.redirectResult);
    const result = sessionId ? await findPaymentBySession(req.app.locals.db, sessionId) : null;
    await renderPaymentPage(req, res, order, { result: result && result.orderId === order.id ? result : null });
  });
  return router;
}

export { SANDBOX };
