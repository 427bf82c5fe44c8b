import type { Culture } from '../config';
import { createHmac, randomBytes } from 'node:crypto';
import { Router } from 'express';
import { sql } from 'kysely';
import type { Db } from '../db';
import { safeReturnUrl, seeOther, wantsJson } from '../http/forms';
import type { Logger } from '../logger';
import { findOrderById } from '../orders/orders';
import { maySeeOrder } from '../orders/access';
import { handleNotification, type NotificationBody, signItem } from './notifications';
import { createPaymentSession, findPaymentBySession, type Payment } from './payments';
import type { PaymentPage, PaymentProvider } from './provider';
import { notificationKey, readToken, sandboxKey, signToken } from './signing';

export const SANDBOX = 'sandbox';
export const SANDBOX_MERCHANT_ACCOUNT = 'StorefrontSandbox';

/** Test cards: these are refused; any other valid card number is authorised. */
export const REFUSED_CARDS = new Set(['4000000000000002', '5105105105105100']);

export interface CardInput {
  number: string;
  expiryMonth: number;
  expiryYear: number;
  cvc: string;
  holderName: string;
  billingAddress: { street: string; postalCode: string; city: string; country: string };
}

/** Luhn check of a card number made of digits only. */
export function luhn(number: string): boolean {
  let sum = 0;
  for (let index = 0; index < number.length; index++) {
    let digit = Number(number[number.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return number.length > 0 && sum % 10 === 0;
}

/** The card fields that are wrong (form field names), empty when the card can be charged. */
export function cardErrors(input: Record<string, unknown>, now = new Date()): { card: CardInput | null; fields: Record<string, string> } {
  const text = (name: string, max: number) => (typeof input[name] === 'string' ? (input[name] as string).trim().slice(0, max + 1) : '');
  const fields: Record<string, string> = {};
  const number = text('CardNumber', 40).replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(number) || !luhn(number)) fields.CardNumber = 'Payments.InvalidCardNumber';
  const expiry = /^(\d{1,2})\s*\/\s*(\d{2}|\d{4})$/.exec(text('ExpiryDate', 10));
  const month = expiry ? Number(expiry[1]) : 0;
  const year = expiry ? (expiry[2].length === 2 ? 2000 + Number(expiry[2]) : Number(expiry[2])) : 0;
  const endOfMonth = new Date(Date.UTC(year, month, 1));
  if (!expiry || month < 1 || month > 12 || endOfMonth <= now) fields.ExpiryDate = 'Payments.InvalidExpiryDate';
  const cvc = text('Cvc', 4);
  if (!/^\d{3,4}$/.test(cvc)) fields.Cvc = 'Payments.InvalidCvc';
  const holderName = text('HolderName', 100);
  if (!holderName || holderName.length > 100) fields.HolderName = 'Payments.Required';
  const street = text('BillingStreet', 200);
  const postalCode = text('BillingPostalCode', 20);
  const city = text('BillingCity', 100);
  const country = text('BillingCountry', 2).toUpperCase();
  if (!street || street.length > 200) fields.BillingStreet = 'Payments.Required';
  if (!postalCode || postalCode.length > 20) fields.BillingPostalCode = 'Payments.Required';
  if (!city || city.length > 100) fields.BillingCity = 'Payments.Required';
  if (!/^[A-Z]{2}$/.test(country)) fields.BillingCountry = 'Payments.Required';
  if (Object.keys(fields).length > 0) return { card: null, fields };
  return { card: { number, expiryMonth: month, expiryYear: year, cvc, holderName, billingAddress: { street, postalCode, city, country } }, fields };
}

export type PayOutcome =
  | { kind: 'paid'; payment: Payment; resultCode: 'Authorised' | 'Refused'; redirectResult: string }
  | { kind: 'already'; payment: Payment; redirectResult: string }
  | { kind: 'unknown-session' };

/** The order states a card payment may still be taken in. */
export const PAYABLE_ORDER_STATES = ['Placed', 'AwaitingPayment'] as const;

export const SANDBOX_PAY_PATH = '/api/v1/payments/sandbox/payments';

export interface SandboxProvider extends PaymentProvider {
  /** The "PSP side": takes the card for a session, decides, and sends the signed notification. */
  pay(db: Db, sessionId: string, sessionData: unknown, card: CardInput): Promise<PayOutcome>;
  redirectResultOf(payment: Payment): string;
}

/**
 * The built-in sandbox provider: the same sessions flow as a hosted provider, run in this process.
 * Its "PSP" side (pay, and the card endpoint of `inApp`) takes the card, decides, and sends the signed
 * notification to the shop's own handler, exactly as the webhook would receive it.
 */
export function sandboxProvider(config: { SESSION_SECRET: string; PAYMENT_HMAC_KEY?: string }, logger?: Logger): SandboxProvider {
  const ownKey = sandboxKey(config.SESSION_SECRET);
  const hmacKey = notificationKey(config);
  const clientKey = `test_${createHmac('sha256', ownKey).update('client-key').digest('hex').slice(0, 32).toUpperCase()}`;
  const redirectResultOf = (payment: Payment) => signToken(ownKey, { s: payment.sessionId, t: 'redirect' });

  const provider: SandboxProvider = {
    name: SANDBOX,
    createSession: (db, input) => createPaymentSession(db, { ...input, provider: SANDBOX }),
    dropIn: (payment) => ({
      environment: 'test',
      clientKey,
      sessionId: payment.sessionId,
      sessionData: signToken(ownKey, { s: payment.sessionId, a: payment.amountCents, c: payment.currency }),
    }),
    sessionOfRedirectResult(redirectResult) {
      const token = readToken<{ s?: string; t?: string }>(ownKey, redirectResult);
      return token?.t === 'redirect' && typeof token.s === 'string' ? token.s : null;
    },
    notificationKey: () => hmacKey,
    redirectResultOf,
    inApp: { payPath: SANDBOX_PAY_PATH, routes: (page) => sandboxRoutes(provider, page) },

    async pay(db, sessionId, sessionData, card) {
      const data = readToken<{ s?: string; a?: number; c?: string }>(ownKey, sessionData);
      const payment = data?.s === sessionId ? await findPaymentBySession(db, sessionId) : null;
      if (!payment || payment.provider !== SANDBOX || data?.a !== payment.amountCents || data?.c !== payment.currency) return { kind: 'unknown-session' };
      // One charge per session and per order: the first submit claims the session, and only while its
      // order is payable and has no Authorised payment (one conditional UPDATE, so it holds when raced);
      // a doubled or later submit gets the session's result.
      const pspReference = randomBytes(8).toString('hex').toUpperCase();
      const claimed = await db
        .updateTable('payments')
        .set({ psp_reference: pspReference, updated_at: Date.now() })
        .where('id', '=', payment.id)
        .where('psp_reference', 'is', null)
        .where('state', '=', 'Pending')
        .where((eb) =>
          eb.and([
            eb.exists(eb.selectFrom('orders').select(sql.lit(1).as('one')).whereRef('orders.id', '=', 'payments.order_id').where('orders.state', 'in', [...PAYABLE_ORDER_STATES])),
            eb.not(eb.exists(eb.selectFrom('payments as other').select(sql.lit(1).as('one')).whereRef('other.order_id', '=', 'payments.order_id').where('other.state', '=', 'Authorised'))),
          ]),
        )
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) return { kind: 'already', payment, redirectResult: redirectResultOf(payment) };
      const authorised = !REFUSED_CARDS.has(card.number);
      const item = signItem(hmacKey, {
        pspReference,
        merchantAccountCode: SANDBOX_MERCHANT_ACCOUNT,
        merchantReference: payment.sessionId,
        amount: { value: payment.amountCents, currency: payment.currency },
        eventCode: 'AUTHORISATION',
        success: authorised ? 'true' : 'false',
        eventDate: new Date().toISOString(),
      });
      const body: NotificationBody = { live: 'false', notificationItems: [{ NotificationRequestItem: item }] };
      await handleNotification(db, hmacKey, SANDBOX, body, logger);
      const after = (await findPaymentBySession(db, sessionId)) ?? payment;
      return { kind: 'paid', payment: after, resultCode: after.state === 'Authorised' ? 'Authorised' : 'Refused', redirectResult: redirectResultOf(after) };
    },
  };
  return provider;
}

/**
 * POST {app}/api/v1/payments/sandbox/payments: the sandbox's card endpoint (the drop-in's submit, or
 * the plain form without JS), mounted only when the sandbox is the app's provider. By fetch:
 * {resultCode, action: {type: 'redirect', url}} or 400 {Message, Errors}; as a form: 303 to the payment
 * page with the redirect result, or the page with its messages.
 */
function sandboxRoutes(provider: SandboxProvider, page: PaymentPage): Router {
  const router = Router();
  router.post(SANDBOX_PAY_PATH, async (req, res) => {
    const t = res.locals.t as (key: string) => string;
    const db = req.app.locals.db;
    const body = (req.body ?? {}) as Record<string, unknown>;
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
      res.locals.culture ??= order.culture as Culture;
      return page.render(req, res, order, { values, errors: fields, status: 400 });
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
