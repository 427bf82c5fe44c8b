import { type NextFunction, type Request, type Response, Router } from 'express';
import type { Config } from '../config';
import { BadInput, Conflict, NotFound, RetryLater, Unauthorized } from '../http/errors';
import { appLocals } from '../http/locals';
import { findOrderByNumber, type OrderView } from '../orders/orders';
import { maySeeOrder } from '../orders/access';
import { isOrderNumber } from '../shared/order-numbers';
import { handleNotification } from './notifications';
import { isPayable, renderPaymentPage } from './page';
import { findPaymentBySession, IdempotencyConflict } from './payments';
import type { PaymentPage, PaymentProvider } from './provider';
import { SANDBOX, sandboxProvider } from './sandbox';

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

const paymentPage: PaymentPage = { render: (req, res, order, options) => renderPaymentPage(req, res, paymentProvider(req), order, options) };

/** One of the visitor's orders by its number; any other number is no such order (404). */
async function orderFor(req: Request, res: Response, number: unknown): Promise<OrderView> {
  const order = isOrderNumber(number) ? await findOrderByNumber(appLocals(req).db, number) : null;
  if (!order || !maySeeOrder(req, res, order)) throw new NotFound();
  return order;
}

/**
 * POST {app}/api/v1/payments/{provider}/notifications (the webhook): answered in plain text, as the
 * provider reads it: '[accepted]'; 401 '[rejected]' for a request with an item that fails verification;
 * 500 '[retry]' for an event the order cannot take yet (logged), so that the provider delivers it again.
 */
async function notification(req: Request, res: Response): Promise<void> {
  const provider = paymentProvider(req);
  if (req.params.provider !== provider.name) throw new NotFound(undefined, { plainText: 'unknown provider' });
  const { accepted, retry } = await handleNotification(appLocals(req).db, provider.notificationKey(), provider.name, req.body, req.app.locals.logger);
  if (!accepted) throw new Unauthorized(undefined, { plainText: '[rejected]' });
  if (retry) throw new RetryLater(undefined, { plainText: '[retry]' });
  res.type('text').send('[accepted]');
}

/**
 * POST {app}/api/v1/payments/sessions {OrderNumber} with an Idempotency-Key header: the payment
 * session of one of the visitor's orders, {id, sessionData, amount, reference, clientKey, environment};
 * the same key answers the same session (200, 201 when made); 409 when the order cannot be paid or the
 * key was used for another order or amount.
 */
async function createSession(req: Request, res: Response): Promise<void> {
  const key = req.get('Idempotency-Key') ?? '';
  if (!/^[\x21-\x7e]{8,100}$/.test(key)) throw new BadInput({ 'Idempotency-Key': 'Payments.Required' });
  const order = await orderFor(req, res, req.body?.OrderNumber);
  if (!isPayable(order)) throw new Conflict('Payments.NotPayable');
  const provider = paymentProvider(req);
  const session = { orderId: order.id, amountCents: order.totalInclCents, currency: order.currency, idempotencyKey: `api:${order.id}:${key}` };
  const { payment, created } = await provider.createSession(appLocals(req).db, session).catch((error: unknown) => {
    throw error instanceof IdempotencyConflict ? new Conflict() : error;
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
}

/**
 * Provider notifications (the webhook): no session and no CSRF token (the provider has neither); the
 * HMAC signature is what is checked. Mounted by server/app.ts before the session middleware.
 */
export function notificationRoutes(): Router {
  const router = Router();
  router.post('/api/v1/payments/:provider/notifications', notification);
  return router;
}

/** Payment sessions and the provider's in-app endpoints: `siteRoutes` see {app}/... (API, widgets), `cultureRoutes` see {app}/{culture}/... */
export function siteRoutes(): Router {
  const router = Router();
  router.post('/api/v1/payments/sessions', createSession);
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
    const provider = paymentProvider(req);
    const sessionId = provider.sessionOfRedirectResult(req.query.redirectResult);
    const result = sessionId ? await findPaymentBySession(appLocals(req).db, sessionId) : null;
    await renderPaymentPage(req, res, provider, order, { result: result && result.orderId === order.id ? result : null });
  });
  return router;
}

export { SANDBOX };
