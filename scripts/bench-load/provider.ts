// The payment provider's side of the flow: beside the shopper's redirect, a PSP posts its signed
// AUTHORISATION to the shop's webhook (docs/payments-pickup.md). The sandbox has already told the shop
// in-process when the card was taken, so this delivery is what a provider's webhook sends anyway: the
// shop must acknowledge it ([accepted]), store it once and change nothing (no second Paid, no charge).
import type pg from 'pg';
import { signItem } from '../../server/payments/notification-item';
import { notificationKey } from '../../server/payments/signing';
import type { Provider } from './shopper';
import type { Recorder } from './stats';
import { StepFailed } from './visitor';

const STEP = 'provider notification (POST)';
/** The provider's own address (its webhooks are not counted by the shop's per-address limits anyway). */
const PROVIDER_ADDRESS = '192.0.2.10';

export function sandboxProvider(origin: string, pool: pg.Pool, env: Record<string, string>): Provider {
  const key = notificationKey({ SESSION_SECRET: env.SESSION_SECRET, PAYMENT_HMAC_KEY: env.PAYMENT_HMAC_KEY });
  return {
    async notify(recorder: Recorder, sessionId: string) {
      // The PSP knows its own reference; the bench reads it where the sandbox wrote it (not timed).
      const { rows } = await pool.query('select psp_reference, amount_cents, currency from payments where session_id = $1', [sessionId]);
      const payment = rows[0] as { psp_reference: string | null; amount_cents: number; currency: string } | undefined;
      if (!payment?.psp_reference) return fail(recorder, 'no payment');
      const item = signItem(key, {
        pspReference: payment.psp_reference,
        merchantAccountCode: 'StorefrontSandbox',
        merchantReference: sessionId,
        amount: { value: Number(payment.amount_cents), currency: payment.currency },
        eventCode: 'AUTHORISATION',
        success: 'true',
        eventDate: new Date().toISOString(),
      });
      const body = JSON.stringify({ live: 'false', notificationItems: [{ NotificationRequestItem: item }] });
      const began = performance.now();
      let status: number;
      let text: string;
      try {
        const answer = await fetch(`${origin}/api/v1/payments/sandbox/notifications`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': PROVIDER_ADDRESS },
          body,
        });
        status = answer.status;
        text = await answer.text();
      } catch (error) {
        return fail(recorder, (error as { cause?: { code?: string } }).cause?.code ?? 'network error');
      }
      recorder.timed(STEP, performance.now() - began);
      if (status !== 200 || text !== '[accepted]') fail(recorder, status === 200 ? 'not [accepted]' : String(status));
    },
  };
}

function fail(recorder: Recorder, status: string): never {
  recorder.failed(STEP, status);
  throw new StepFailed(STEP, status);
}
