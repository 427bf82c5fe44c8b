import { type Request, type Response, Router } from 'express';
import type { Culture } from '../config';
import { BadInput } from '../http/errors';
import { safeReturnUrl, seeOther, wantsJson } from '../http/forms';
import { appLocals } from '../http/locals';
import { findOrderById, type OrderView } from '../orders/orders';
import { maySeeOrder } from '../orders/access';
import { cardErrors } from './card';
import type { Payment } from './payments';
import { findPaymentBySession } from './payments';
import type { PaymentPage } from './provider';
import type { SandboxProvider } from './sandbox';

export const SANDBOX_PAY_PATH = '/api/v1/payments/sandbox/payments';

/** The form fields a refused card form shows again (never the card number nor the CVC). */
const KEPT_FIELDS = ['HolderName', 'BillingStreet', 'BillingPostalCode', 'BillingCity', 'BillingCountry', 'ExpiryDate'];

function sessionExpired(field: 'sessionId' | 'sessionData'): BadInput {
  return new BadInput({ [field]: 'Payments.SessionExpired' }, undefined, { resourceKey: 'Payments.SessionExpired' });
}

/** The posted session's payment and order, when the order is the visitor's; else the session has expired (400). */
async function postedSession(req: Request, res: Response, body: Record<string, unknown>): Promise<{ payment: Payment; order: OrderView }> {
  const db = appLocals(req).db;
  const payment = typeof body.sessionId === 'string' ? await findPaymentBySession(db, body.sessionId) : null;
  const order = payment ? await findOrderById(db, payment.orderId) : null;
  if (!payment || !order || !maySeeOrder(req, res, order)) throw sessionExpired('sessionId');
  return { payment, order };
}

/** A card with wrong fields: by fetch a 400 naming them; as a form the payment page again with its messages. */
function refuseCard(req: Request, res: Response, page: PaymentPage, order: OrderView, body: Record<string, unknown>, fields: Record<string, string>): Promise<void> {
  if (wantsJson(req)) throw new BadInput(fields);
  const values = Object.fromEntries(KEPT_FIELDS.map((name) => [name, typeof body[name] === 'string' ? (body[name] as string).slice(0, 200) : '']));
  res.locals.culture ??= order.culture as Culture;
  return page.render(req, res, order, { values, errors: fields, status: 400 });
}

/**
 * POST {app}/api/v1/payments/sandbox/payments: the sandbox's card endpoint (the drop-in's submit, or
 * the plain form without JS), mounted only when the sandbox is the app's provider. By fetch:
 * {resultCode, action: {type: 'redirect', url}} or 400 naming the wrong fields; as a form: 303 to the
 * payment page with the redirect result, or the page with its messages.
 */
export function sandboxRoutes(provider: SandboxProvider, page: PaymentPage): Router {
  const router = Router();
  router.post(SANDBOX_PAY_PATH, async (req, res) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const { payment, order } = await postedSession(req, res, body);
    const returnUrl = safeReturnUrl(body.returnUrl, `${res.locals.basePath}/${order.culture}/payments?order=${encodeURIComponent(order.number)}`, res.locals.basePath);
    const { card, fields } = cardErrors(body);
    if (!card) return refuseCard(req, res, page, order, body, fields);
    const outcome = await provider.pay(appLocals(req).db, payment.sessionId, body.sessionData, card);
    if (outcome.kind === 'unknown-session') throw sessionExpired('sessionData');
    const url = `${returnUrl}${returnUrl.includes('?') ? '&' : '?'}redirectResult=${encodeURIComponent(outcome.redirectResult)}`;
    if (!wantsJson(req)) return seeOther(res, url);
    const resultCode = outcome.kind === 'paid' ? outcome.resultCode : outcome.payment.state;
    res.set('Cache-Control', 'no-store').json({ resultCode, action: { type: 'redirect', url } });
  });
  return router;
}
