// Payment notifications signed with the shop's own HMAC key, as the provider would send them, so the
// fuzz reaches past the signature check into the payment state machine: real payment sessions and
// amounts from the database mixed with fuzzed events, references, amounts and currencies.
import fc from 'fast-check';
import { signItem } from '../../../server/payments/notification-item';
import { SANDBOX, SANDBOX_MERCHANT_ACCOUNT } from '../../../server/payments/sandbox';
import type { Db } from '../../../server/db';
import type { FuzzCase } from './requests';
import { hostileText } from './values';

export interface PaymentFacts {
  sessions: string[];
  amounts: number[];
}

export async function paymentFacts(db: Db): Promise<PaymentFacts> {
  const rows = await db.selectFrom('payments').select(['session_id', 'amount_cents']).limit(20).execute();
  return { sessions: [...rows.map((row) => row.session_id), 'no-such-session'], amounts: [...rows.map((row) => Number(row.amount_cents)), 0, 1] };
}

const nameLike = fc.stringMatching(/^[A-Za-z0-9_-]{1,64}$/);

function item(facts: PaymentFacts) {
  return fc.record({
    pspReference: fc.oneof({ weight: 4, arbitrary: nameLike }, { weight: 1, arbitrary: hostileText }),
    merchantAccountCode: fc.oneof({ weight: 4, arbitrary: fc.constant(SANDBOX_MERCHANT_ACCOUNT) }, { weight: 1, arbitrary: hostileText }),
    merchantReference: fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...facts.sessions) }, { weight: 1, arbitrary: hostileText }),
    amount: fc.record({
      value: fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...facts.amounts) }, { weight: 1, arbitrary: fc.integer() }, { weight: 1, arbitrary: fc.constantFrom(2 ** 53, -1, 1e21) }),
      currency: fc.oneof({ weight: 4, arbitrary: fc.constant('EUR') }, { weight: 1, arbitrary: fc.constantFrom('USD', 'eur', '', 'XXXX') }),
    }),
    eventCode: fc.oneof({ weight: 4, arbitrary: fc.constantFrom('AUTHORISATION', 'CANCELLATION', 'REFUND') }, { weight: 1, arbitrary: fc.stringMatching(/^[A-Z_]{1,40}$/) }),
    success: fc.constantFrom('true' as const, 'false' as const),
  });
}

/** A webhook call with one to three items, each signed (or now and then tampered with after signing). */
export function webhookCases(key: Buffer, facts: PaymentFacts): fc.Arbitrary<FuzzCase> {
  const signed = fc.tuple(item(facts), fc.boolean(), fc.nat(9)).map(([raw, tamper, roll]) => {
    const ready = signItem(key, raw);
    return tamper && roll === 0 ? { ...ready, amount: { ...ready.amount, value: ready.amount.value + 1 } } : ready;
  });
  return fc.tuple(fc.array(signed, { minLength: 1, maxLength: 3 }), fc.ipV4()).map(([items, address]) => ({
    persona: 'anonymous',
    route: `POST /api/v1/payments/:provider/notifications (signed)`,
    method: 'POST',
    path: `/api/v1/payments/${SANDBOX}/notifications`,
    headers: { 'X-Forwarded-For': address },
    cookies: [],
    body: { kind: 'json', contentType: 'application/json', bytes: Buffer.from(JSON.stringify({ live: 'false', notificationItems: items.map((one) => ({ NotificationRequestItem: one })) })) },
  }));
}
