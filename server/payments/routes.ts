import { type Request, type Response, Router } from 'express';
import { formatMoney } from '../catalog/money';
import type { Config } from '../config';
import { siteCulture } from '../http/culture';
import { NotFound } from '../http/errors';
import { safeReturnUrl, seeOther } from '../http/forms';
import { renderPage } from '../http/render';
import { findOrderById, findOrderByNumber, type OrderView } from '../orders/orders';
import { maySeeOrder } from '../orders/routes';
import { handleNotification } from './notifications';
import { findPaymentBySession, IdempotencyConflict, type Payment, paymentsOfOrder } from './payments';
import { cardErrors, SANDBOX, sandboxProvider } from './sandbox';

type Sandbox = ReturnType<typeof sandboxProvider>;
const providers = new WeakMap<object, Sandbox>();

/** The app's payment provider: the built-in sandbox (a hosted provider would be chosen here by config). */
export function paymentProvider(req: Request): Sandbox {
  const config = req.app.locals.config as Config;
  let provider = providers.get(config);
  if (!provider) {
    provider = sandboxProvider(config, req.app.locals.logger);
    providers.set(config, provider);
  }
  return provider;
}

const ORDER_NUMBER = /^\d{4}-\d{6,}$/;
const PAYABLE = new Set(['Placed', 'AwaitingPayment']);

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
      payUrl: `${res.locals.basePath}/api/v1/payments/sandbox/payments`,
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

function wantsJson(req: Request): boolean {
  return req.is('application/json') === 'application/json' || req.get('HX-Request') === 'true';
}

/**
 * Provider notifications (the webhook): no session and no CSRF token (the provider has neither); the
 * HMAC signature is what is checked. Mounted by server/app.ts before the session middleware.
 */
export function notificationRoutes(): Router {
  const router = Router();
  router.post('/api/v1/payments/:provider/notifications', async (req, res) => {
    const provider = paymentProvider(req);
    if (req.params.provider !== provider.name) return void res.status(404).type('text').send('unknown provider');
    const { accepted } = await handleNotification(req.app.locals.db, provider.notificationKey(), provider.name, req.body, req.app.locals.logger);
    if (!accepted) return void res.status(401).type('text').send('[rejected]');
    res.type('text').send('[accepted]');
  });
  return router;
}

/** The payment page, the sandbox provider and its notifications: `siteRoutes` see {app}/... (API, widgets), `cultureRoutes` see {app}/{culture}/... */
export function siteRoutes(): Router {
  const router = Router();

  /**
   * POST {app}/api/v1/payments/sessions {OrderNumber} with an Idempotency-Key header: the payment
   * session of one of the visitor's orders, {id, sessionData, amount, reference, clientKey, environment};
   * the same key answers the same session (200, 201 when made).
   */
  router.post('/api/v1/payments/sessions', siteCulture, async (req, res) => {
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

  /**
   * POST {app}/api/v1/payments/sandbox/payments: the sandbox's card form (the drop-in's submit, or the
   * plain form without JS). By fetch: {resultCode, action: {type: 'redirect', url}} or 400 {Message,
   * Errors}; as a form: 303 to the payment page with the redirect result, or the page with its messages.
   */
  router.post('/api/v1/payments/sandbox/payments', siteCulture, async (req, res) => {
    const t = res.locals.t as (key: string) => string;
    const db = req.app.locals.db;
    const body = (req.body ?? {}) as Record<string, unknown>;
    const provider = paymentProvider(req);
    const payment = typeof body.sessionId === 'string' ? await findPaymentBySession(db, body.sessionId) : null;
    const order = payment ? await findOrderById(db, payment.orderId) : null;
    if (!payment || !order || !maySeeOrder(req, res, order)) {
      return void res.status(400).json({ Message: t('Payments.SessionExpired'), Errors: [{ Field: 'sessionId', Message: t('Payments.SessionExpired') }] });
    }
    const back = `${res.locals.basePath}/${order.culture}/payments?order=${encodeURIComponent(order.number)}`;
    const returnUrl = safeReturnUrl(body.returnUrl, back);
    const { card, fields } = cardErrors(body);
    if (!card) {
      if (wantsJson(req)) return void res.status(400).json({ Message: t('Core.BadInput'), Errors: Object.entries(fields).map(([Field, key]) => ({ Field, Message: t(key) })) });
      const values = Object.fromEntries(['HolderName', 'BillingStreet', 'BillingPostalCode', 'BillingCity', 'BillingCountry', 'ExpiryDate'].map((name) => [name, typeof body[name] === 'string' ? (body[name] as string).slice(0, 200) : '']));
      res.locals.culture ??= order.culture;
      return renderPaymentPage(req, res, order, { values, errors: fields, status: 400 });
    }
    const outcome = await provider.pay(db, payment.sessionId, body.sessionData, card);
    if (outcome.kind === 'unknown-session') {
      return void res.status(400).json({ Message: t('Payments.SessionExpired'), Errors: [{ Field: 'sessionData', Message: t('Payments.SessionExpired') }] });
    }
    const url = `${returnUrl}${returnUrl.includes('?') ? '&' : '?'}redirectResult=${encodeURIComponent(outcome.redirectResult)}`;
    if (wantsJson(req)) {
      const resultCode = outcome.kind === 'paid' ? outcome.resultCode : outcome.payment.state;
      return void res.set('Cache-Control', 'no-store').json({ resultCode, action: { type: 'redirect', url } });
    }
    seeOther(res, url);
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
