import { createHmac, randomBytes } from 'node:crypto';
import type { Db } from '../db';
import type { Logger } from '../logger';
import { type CardInput, REFUSED_CARDS } from './card';
import { handleNotification, type NotificationBody, signItem } from './notifications';
import { claimSession, createPaymentSession, findPaymentBySession, type Payment } from './payments';
import type { PaymentProvider } from './provider';
import { SANDBOX_PAY_PATH, sandboxRoutes } from './sandbox-card';
import { notificationKey, readToken, sandboxKey, signToken } from './signing';

export const SANDBOX = 'sandbox';
export const SANDBOX_MERCHANT_ACCOUNT = 'StorefrontSandbox';

export type PayOutcome =
  | { kind: 'paid'; payment: Payment; resultCode: 'Authorised' | 'Refused'; redirectResult: string }
  | { kind: 'already'; payment: Payment; redirectResult: string }
  | { kind: 'unknown-session' };

/** The order states a card payment may still be taken in. */
export const PAYABLE_ORDER_STATES = ['Placed', 'AwaitingPayment'] as const;

export { SANDBOX_PAY_PATH };

export interface SandboxProvider extends PaymentProvider {
  /** The "PSP side": takes the card for a session, decides, and sends the signed notification. */
  pay(db: Db, sessionId: string, sessionData: unknown, card: CardInput): Promise<PayOutcome>;
  redirectResultOf(payment: Payment): string;
}

/** The sandbox's keys: its own (session data, redirect results), the notifications' HMAC key, and the drop-in's client key. */
interface SandboxKeys {
  own: Buffer;
  hmac: Buffer;
  client: string;
}

const redirectResultOf = (keys: SandboxKeys, payment: Payment) => signToken(keys.own, { s: payment.sessionId, t: 'redirect' });

function sandboxKeys(config: { SESSION_SECRET: string; PAYMENT_HMAC_KEY?: string }): SandboxKeys {
  const own = sandboxKey(config.SESSION_SECRET);
  const client = `test_${createHmac('sha256', own).update('client-key').digest('hex').slice(0, 32).toUpperCase()}`;
  return { own, hmac: notificationKey(config), client };
}

/** The PSP's decision on a claimed session, told to the shop as the webhook would receive it. */
async function notifyAuthorisation(db: Db, keys: SandboxKeys, { payment, pspReference, card, logger }: { payment: Payment; pspReference: string; card: CardInput; logger?: Logger }): Promise<void> {
  const item = signItem(keys.hmac, {
    pspReference,
    merchantAccountCode: SANDBOX_MERCHANT_ACCOUNT,
    merchantReference: payment.sessionId,
    amount: { value: payment.amountCents, currency: payment.currency },
    eventCode: 'AUTHORISATION',
    success: REFUSED_CARDS.has(card.number) ? 'false' : 'true',
    eventDate: new Date().toISOString(),
  });
  const body: NotificationBody = { live: 'false', notificationItems: [{ NotificationRequestItem: item }] };
  await handleNotification(db, keys.hmac, SANDBOX, body, logger);
}

/** The sandbox PSP refunds part of a payment at once and tells the shop by a signed REFUND notification. */
async function refundInSandbox(db: Db, keys: SandboxKeys, input: { payment: Payment; amountCents: number; logger?: Logger }): Promise<boolean> {
  const { payment, amountCents } = input;
  if (payment.state !== 'Authorised' || amountCents <= 0 || amountCents > payment.amountCents - payment.refundedCents) return false;
  const item = signItem(keys.hmac, {
    pspReference: randomBytes(8).toString('hex').toUpperCase(),
    originalReference: payment.pspReference ?? '',
    merchantAccountCode: SANDBOX_MERCHANT_ACCOUNT,
    merchantReference: payment.sessionId,
    amount: { value: amountCents, currency: payment.currency },
    eventCode: 'REFUND',
    success: 'true',
    eventDate: new Date().toISOString(),
  });
  const { outcomes } = await handleNotification(db, keys.hmac, SANDBOX, { live: 'false', notificationItems: [{ NotificationRequestItem: item }] }, input.logger);
  return outcomes[0] === 'processed';
}

/**
 * Takes a card for a session. One charge per session and per order: the first submit claims the
 * session (claimSession), and a doubled or later submit gets the session's result.
 */
async function payInSandbox(db: Db, keys: SandboxKeys, input: { sessionId: string; sessionData: unknown; card: CardInput; logger?: Logger }): Promise<PayOutcome> {
  const data = readToken<{ s?: string; a?: number; c?: string }>(keys.own, input.sessionData);
  const payment = data?.s === input.sessionId ? await findPaymentBySession(db, input.sessionId) : null;
  if (!payment || payment.provider !== SANDBOX || data?.a !== payment.amountCents || data?.c !== payment.currency) return { kind: 'unknown-session' };
  const pspReference = randomBytes(8).toString('hex').toUpperCase();
  if (!(await claimSession(db, { paymentId: payment.id, pspReference, payableStates: PAYABLE_ORDER_STATES }))) {
    return { kind: 'already', payment, redirectResult: redirectResultOf(keys, payment) };
  }
  await notifyAuthorisation(db, keys, { payment, pspReference, card: input.card, logger: input.logger });
  const after = (await findPaymentBySession(db, input.sessionId)) ?? payment;
  return { kind: 'paid', payment: after, resultCode: after.state === 'Authorised' ? 'Authorised' : 'Refused', redirectResult: redirectResultOf(keys, after) };
}

/**
 * The built-in sandbox provider: the same sessions flow as a hosted provider, run in this process.
 * Its "PSP" side (pay, and the card endpoint of `inApp`) takes the card, decides, and sends the signed
 * notification to the shop's own handler, exactly as the webhook would receive it.
 */
export function sandboxProvider(config: { SESSION_SECRET: string; PAYMENT_HMAC_KEY?: string }, logger?: Logger): SandboxProvider {
  const keys = sandboxKeys(config);
  const provider: SandboxProvider = {
    name: SANDBOX,
    createSession: (db, input) => createPaymentSession(db, { ...input, provider: SANDBOX }),
    dropIn: (payment) => ({
      environment: 'test',
      clientKey: keys.client,
      sessionId: payment.sessionId,
      sessionData: signToken(keys.own, { s: payment.sessionId, a: payment.amountCents, c: payment.currency }),
    }),
    sessionOfRedirectResult(redirectResult) {
      const token = readToken<{ s?: string; t?: string }>(keys.own, redirectResult);
      return token?.t === 'redirect' && typeof token.s === 'string' ? token.s : null;
    },
    notificationKey: () => keys.hmac,
    refund: (db, payment, amountCents) => refundInSandbox(db, keys, { payment, amountCents, logger }),
    redirectResultOf: (payment) => redirectResultOf(keys, payment),
    inApp: { payPath: SANDBOX_PAY_PATH, routes: (page) => sandboxRoutes(provider, page) },
    pay: (db, sessionId, sessionData, card) => payInSandbox(db, keys, { sessionId, sessionData, card, logger }),
  };
  return provider;
}
