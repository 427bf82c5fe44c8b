import { createHmac, randomBytes } from 'node:crypto';
import type { Db } from '../db';
import type { Logger } from '../logger';
import { handleNotification, type NotificationBody, signItem } from './notifications';
import { createPaymentSession, findPaymentBySession, type Payment } from './payments';
import type { PaymentProvider } from './provider';
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

/**
 * The built-in sandbox provider: the same sessions flow as a hosted provider, run in this process.
 * Its "PSP" side (pay) takes the card, decides, and sends the signed notification to the shop's own
 * handler, exactly as the webhook would receive it.
 */
export function sandboxProvider(config: { SESSION_SECRET: string; PAYMENT_HMAC_KEY?: string }, logger?: Logger): PaymentProvider & {
  pay(db: Db, sessionId: string, sessionData: unknown, card: CardInput): Promise<PayOutcome>;
  redirectResultOf(payment: Payment): string;
} {
  const ownKey = sandboxKey(config.SESSION_SECRET);
  const hmacKey = notificationKey(config);
  const clientKey = `test_${createHmac('sha256', ownKey).update('client-key').digest('hex').slice(0, 32).toUpperCase()}`;
  const redirectResultOf = (payment: Payment) => signToken(ownKey, { s: payment.sessionId, t: 'redirect' });

  return {
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

    async pay(db, sessionId, sessionData, card) {
      const data = readToken<{ s?: string; a?: number; c?: string }>(ownKey, sessionData);
      const payment = data?.s === sessionId ? await findPaymentBySession(db, sessionId) : null;
      if (!payment || payment.provider !== SANDBOX || data?.a !== payment.amountCents || data?.c !== payment.currency) return { kind: 'unknown-session' };
      // One charge per session: the first submit claims it; a doubled or later one gets its result.
      const pspReference = randomBytes(8).toString('hex').toUpperCase();
      const claimed = await db
        .updateTable('payments')
        .set({ psp_reference: pspReference, updated_at: Date.now() })
        .where('id', '=', payment.id)
        .where('psp_reference', 'is', null)
        .where('state', '=', 'Pending')
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
      return { kind: 'paid', payment: after, resultCode: authorised ? 'Authorised' : 'Refused', redirectResult: redirectResultOf(after) };
    },
  };
}
