// Issue 20 item 3: an event that arrives before its AUTHORISATION is never acknowledged and dropped; it
// is refused ('[retry]', nothing stored) so the provider delivers it again, and applied once its
// predecessor is in. Runs on SQLite and, with DATABASE_URL, on PostgreSQL.
import request from 'supertest';
import { findOrderById } from '../../server/orders/orders';
import { signItem } from '../../server/payments/notifications';
import { notificationKey } from '../../server/payments/signing';
import { useTestApp } from '../support/app';
import { parseHtml } from '../support/html';
import { demo, signedIn } from './accounts-helpers';
import { placeCardOrder } from './payments-fixtures';

const testApp = useTestApp();
let counter = 0;

const key = () => notificationKey({ SESSION_SECRET: testApp.config.SESSION_SECRET, PAYMENT_HMAC_KEY: undefined });
const deliver = (...items: unknown[]) =>
  request(testApp.app).post('/api/v1/payments/sandbox/notifications').send({ live: 'false', notificationItems: items.map((NotificationRequestItem) => ({ NotificationRequestItem })) });
const stored = (pspReference: string) => testApp.db.selectFrom('payment_notifications').select(['event_code']).where('psp_reference', '=', pspReference).execute();
const paymentOf = (sessionId: string) => testApp.db.selectFrom('payments').select(['state', 'refunded_cents']).where('session_id', '=', sessionId).executeTakeFirstOrThrow();
const orderState = async (orderId: number) => (await findOrderById(testApp.db, orderId))!.state;

function item(sessionId: string, pspReference: string, eventCode: string, value = 1000) {
  return signItem(key(), { pspReference, merchantAccountCode: 'StorefrontSandbox', merchantReference: sessionId, amount: { value, currency: 'EUR' }, eventCode, success: 'true' });
}

async function pendingPayment() {
  const account = await testApp.db.selectFrom('users').select('id').where('email', '=', demo.customer.email).executeTakeFirstOrThrow();
  const { agent } = await signedIn(testApp, demo.customer);
  const order = await placeCardOrder(testApp, { userId: account.id, email: demo.customer.email, key: `early-events-${++counter}-${Date.now()}` });
  const page = await agent.get(`/fr/payments?order=${order.number}`);
  const sessionId = JSON.parse(parseHtml(page.text).querySelector('#payment-data')!.text).sessionId as string;
  return { orderId: order.orderId, sessionId };
}

describe('a payment event that arrives before its authorisation', () => {
  it('refuses a REFUND of a pending payment for redelivery, then applies it after the AUTHORISATION', async () => {
    const { orderId, sessionId } = await pendingPayment();
    const early = await deliver(item(sessionId, 'PSPEARLYREF02', 'REFUND'));
    expect(early.status).toBe(500);
    expect(early.text).toBe('[retry]');
    expect(await stored('PSPEARLYREF02')).toHaveLength(0);
    expect(await paymentOf(sessionId)).toEqual({ state: 'Pending', refunded_cents: expect.anything() });

    expect((await deliver(item(sessionId, 'PSPEARLYAUT01', 'AUTHORISATION'))).text).toBe('[accepted]');
    expect(await orderState(orderId)).toBe('Paid');

    const redelivered = await deliver(item(sessionId, 'PSPEARLYREF02', 'REFUND'));
    expect(redelivered.status).toBe(200);
    expect(redelivered.text).toBe('[accepted]');
    expect((await paymentOf(sessionId)).state).toBe('Refunded');
    expect(await orderState(orderId)).toBe('Refunded');
  });

  it('keeps a partial REFUND that came early, and counts it once its authorisation is in', async () => {
    const { orderId, sessionId } = await pendingPayment();
    expect((await deliver(item(sessionId, 'PSPEARLYPAR02', 'REFUND', 400))).text).toBe('[retry]');
    expect((await deliver(item(sessionId, 'PSPEARLYPAR01', 'AUTHORISATION'))).text).toBe('[accepted]');
    expect((await deliver(item(sessionId, 'PSPEARLYPAR02', 'REFUND', 400))).text).toBe('[accepted]');
    const payment = await paymentOf(sessionId);
    expect({ state: payment.state, refunded: Number(payment.refunded_cents) }).toEqual({ state: 'Authorised', refunded: 400 });
    expect(await orderState(orderId)).toBe('Paid');
  });

  it('answers [retry] for the whole request when an early REFUND travels with its AUTHORISATION after it, which is applied', async () => {
    const { orderId, sessionId } = await pendingPayment();
    const both = await deliver(item(sessionId, 'PSPEARLYBOT02', 'REFUND'), item(sessionId, 'PSPEARLYBOT01', 'AUTHORISATION'));
    expect(both.text).toBe('[retry]');
    expect(await stored('PSPEARLYBOT02')).toHaveLength(0);
    expect(await orderState(orderId)).toBe('Paid');
    expect((await deliver(item(sessionId, 'PSPEARLYBOT02', 'REFUND'), item(sessionId, 'PSPEARLYBOT01', 'AUTHORISATION'))).text).toBe('[accepted]');
    expect(await orderState(orderId)).toBe('Refunded');
  });

  it('still acknowledges and ignores a REFUND of a payment that can no longer be authorised', async () => {
    const { orderId, sessionId } = await pendingPayment();
    expect((await deliver(item(sessionId, 'PSPLATECAN001', 'CANCELLATION'))).text).toBe('[accepted]');
    const refund = await deliver(item(sessionId, 'PSPLATECAN002', 'REFUND'));
    expect(refund.text).toBe('[accepted]');
    expect((await stored('PSPLATECAN002')).map((row) => row.event_code)).toEqual(['REFUND']);
    expect((await paymentOf(sessionId)).state).toBe('Cancelled');
    expect(await orderState(orderId)).not.toBe('Refunded');
  });
});
