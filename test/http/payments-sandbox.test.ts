// Payments: sessions with an idempotency key, the payment page's drop-in data, the sandbox card form
// (with and without JS) and the signed notifications that alone mark an order Paid. The orders are
// made by the orders helper's placeOrder (test/http/payments-fixtures.ts).
import request from 'supertest';
import { findOrderById, transitionOrder } from '../../server/orders/orders';
import { signItem } from '../../server/payments/notifications';
import { notificationKey } from '../../server/payments/signing';
import { useTestApp } from '../support/app';
import { parseHtml, textOf } from '../support/html';
import { resource } from '../support/resources';
import { formatMoney } from '../../server/shared/money';
import { type Agent, demo, signedIn } from './accounts-helpers';
import { placeCardOrder } from './payments-fixtures';

const testApp = useTestApp();
let counter = 0;

async function customer() {
  const account = await testApp.db.selectFrom('users').select('id').where('email', '=', demo.customer.email).executeTakeFirstOrThrow();
  const session = await signedIn(testApp, demo.customer);
  return { ...session, userId: account.id };
}

async function newOrder(userId: number) {
  return placeCardOrder(testApp, { userId, email: demo.customer.email, key: `payments-test-${++counter}-${Date.now()}` });
}

/** Text with every run of spaces (the money format's no-break ones too) as one space. */
const spaced = (text: string) => text.replace(/\s+/g, ' ');
/** The payment page's intro for a 10.00 EUR order, in French. */
const introText = (key: string, number: string) => spaced(resource('fr', key).replace('{{number}}', number).replace('{{amount}}', formatMoney({ cents: 1000, currency: 'EUR' }, 'fr')));

function pageData(html: string) {
  const data = parseHtml(html).querySelector('#payment-data');
  return data ? JSON.parse(data.text) : null;
}

async function openPage(agent: Agent, number: string) {
  const page = await agent.get(`/fr/payments?order=${number}`);
  expect(page.status).toBe(200);
  return { page, data: pageData(page.text) };
}

const goodCard = {
  CardNumber: '4111 1111 1111 1111', ExpiryDate: '12/39', Cvc: '737', HolderName: 'Ada Lovelace',
  BillingStreet: '12 Rue Vivienne', BillingPostalCode: '75002', BillingCity: 'Paris', BillingCountry: 'FR',
};

async function notificationsOf(sessionId: string) {
  const payment = await testApp.db.selectFrom('payments').selectAll().where('session_id', '=', sessionId).executeTakeFirstOrThrow();
  return { payment, rows: payment.psp_reference ? await testApp.db.selectFrom('payment_notifications').selectAll().where('psp_reference', '=', payment.psp_reference).execute() : [] };
}

async function paidHistory(orderId: number) {
  return (await findOrderById(testApp.db, orderId))!.history.filter((entry) => entry.to === 'Paid');
}

describe('payment sessions', () => {
  test('the same idempotency key answers the same session; another key, while it is pending, the same one too', async () => {
    const { agent, token, userId, sid } = await customer();
    const order = await newOrder(userId);
    const server = testApp.app.listen(0, '127.0.0.1');
    const parallelCreate = (key: string) =>
      request(server).post('/api/v1/payments/sessions').set('Cookie', sid).set('X-CSRF-Token', token).set('Idempotency-Key', key).send({ OrderNumber: order.number });
    const create = (key: string) => agent.post('/api/v1/payments/sessions').set('X-CSRF-Token', token).set('Idempotency-Key', key).send({ OrderNumber: order.number });
    const first = await create('checkout-attempt-0001');
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ environment: 'test', amount: { value: 1000, currency: 'EUR' }, reference: order.number });
    expect(first.body.clientKey).toMatch(/^test_/);
    const again = await create('checkout-attempt-0001');
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(first.body.id);
    expect(again.body.sessionData).toBe(first.body.sessionData);
    const parallel = await Promise.all(Array.from({ length: 8 }, () => parallelCreate('checkout-attempt-0002')));
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    expect(parallel.map((answer) => answer.body.id)).toEqual(Array(8).fill(first.body.id));
    const rows = await testApp.db.selectFrom('payments').select('id').where('order_id', '=', order.orderId).execute();
    expect(rows).toHaveLength(1);
  });

  test('no key is a 400; another visitor cannot make a session for the order', async () => {
    const { agent, token, userId } = await customer();
    const order = await newOrder(userId);
    const missing = await agent.post('/api/v1/payments/sessions').set('X-CSRF-Token', token).send({ OrderNumber: order.number });
    expect(missing.status).toBe(400);
    expect(missing.body.Errors[0].Field).toBe('Idempotency-Key');
    const stranger = request.agent(testApp.app);
    const home = await stranger.get('/fr/security/login');
    const strangerToken = parseHtml(home.text).querySelector('meta[name=csrf-token]')!.getAttribute('content')!;
    const denied = await stranger.post('/api/v1/payments/sessions').set('X-CSRF-Token', strangerToken).set('Idempotency-Key', 'someone-else-1').send({ OrderNumber: order.number });
    expect(denied.status).toBe(404);
    expect((await request(testApp.app).get(`/fr/payments?order=${order.number}`)).status).toBe(404);
  });
});

describe('the payment page and the sandbox card form', () => {
  test("the billing country is a select of the shop's countries (ISO codes), the order's chosen, in the form and the drop-in's data", async () => {
    const { agent, userId } = await customer();
    const order = await newOrder(userId);
    const { page, data } = await openPage(agent, order.number);
    const html = parseHtml(page.text);
    expect(spaced(textOf(html, '.payment-intro'))).toBe(introText('Payments.Intro', order.number));
    const select = html.querySelector('form[data-payment-form] select[name="BillingCountry"]')!;
    expect(select).not.toBeNull();
    const codes = (await testApp.db.selectFrom('countries').select('code').orderBy('position').execute()).map((row) => row.code);
    expect(select.querySelectorAll('option').map((option) => option.getAttribute('value'))).toEqual(['', ...codes]);
    expect(select.querySelector('option[selected]')!.getAttribute('value')).toBe('FR');
    expect(html.querySelector('input[name="BillingCountry"]')).toBeNull();
    expect(data.countries.map((country: { value: string }) => country.value)).toEqual(codes);
    expect(data.countries[0].label).toBe('France');
  });

  test('feeds the drop-in from page data (no inline executable script) and reuses its session on reload', async () => {
    const { agent, userId } = await customer();
    const order = await newOrder(userId);
    const { page, data } = await openPage(agent, order.number);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(Object.keys(data)).toEqual(expect.arrayContaining(['environment', 'clientKey', 'sessionId', 'sessionData', 'redirectResult']));
    expect(data.environment).toBe('test');
    expect(data.redirectResult).toBe('');
    const html = parseHtml(page.text);
    for (const script of html.querySelectorAll('#page script, .payment-page script')) expect(script.getAttribute('type')).toBe('application/json');
    expect(html.querySelector('[data-payment]')).not.toBeNull();
    const form = html.querySelector('form[data-payment-form]')!;
    for (const name of ['HolderName', 'BillingStreet', 'BillingPostalCode', 'BillingCity', 'BillingCountry']) {
      expect(form.querySelector(`[name=${name}]`)!.hasAttribute('required')).toBe(true);
    }
    const reload = await openPage(agent, order.number);
    expect(reload.data.sessionId).toBe(data.sessionId);
  });

  test('without JS: a good card pays (the notification marks the order Paid) and the page shows the result', async () => {
    const { agent, token, userId } = await customer();
    const order = await newOrder(userId);
    const { data } = await openPage(agent, order.number);
    const answer = await agent.post('/api/v1/payments/sandbox/payments').type('form')
      .send({ _csrf: token, sessionId: data.sessionId, sessionData: data.sessionData, returnUrl: data.returnUrl, ...goodCard });
    expect(answer.status).toBe(303);
    expect(answer.headers.location).toMatch(new RegExp(`^/fr/payments\\?order=${order.number}&redirectResult=`));
    expect((await findOrderById(testApp.db, order.orderId))!.state).toBe('Paid');
    const { payment, rows } = await notificationsOf(data.sessionId);
    expect(payment.state).toBe('Authorised');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ event_code: 'AUTHORISATION', provider: 'sandbox' });
    expect(rows[0].processed_at).not.toBeNull();
    const result = await agent.get(answer.headers.location);
    const paidPage = parseHtml(result.text);
    expect(paidPage.querySelector('[data-payment-result]')!.getAttribute('data-payment-result')).toBe('Authorised');
    // Paid: the page says so, not what is left 'to pay by card'.
    expect(paidPage.querySelector('.payment-intro')!.hasAttribute('data-payment-paid')).toBe(true);
    expect(spaced(textOf(paidPage, '.payment-intro'))).toBe(introText('Payments.IntroPaid', order.number));
    // A second submit of the same session charges nothing more.
    const again = await agent.post('/api/v1/payments/sandbox/payments').set('X-CSRF-Token', token).send({ sessionId: data.sessionId, sessionData: data.sessionData, ...goodCard });
    expect(again.status).toBe(200);
    expect(again.body.resultCode).toBe('Authorised');
    expect(await paidHistory(order.orderId)).toHaveLength(1);
  });

  test('with JS: a refused card leaves the order unpaid; the next attempt gets a new session', async () => {
    const { agent, token, userId } = await customer();
    const order = await newOrder(userId);
    const { data } = await openPage(agent, order.number);
    const answer = await agent.post('/api/v1/payments/sandbox/payments').set('X-CSRF-Token', token)
      .send({ sessionId: data.sessionId, sessionData: data.sessionData, returnUrl: data.returnUrl, ...goodCard, CardNumber: '4000000000000002' });
    expect(answer.status).toBe(200);
    expect(answer.body.resultCode).toBe('Refused');
    expect(answer.body.action.type).toBe('redirect');
    expect((await findOrderById(testApp.db, order.orderId))!.state).toBe('Placed');
    const result = await agent.get(answer.body.action.url);
    expect(parseHtml(result.text).querySelector('[data-payment-result]')!.getAttribute('data-payment-result')).toBe('Refused');
    expect(pageData(result.text).sessionId).not.toBe(data.sessionId);
    expect(pageData(result.text).redirectResult).not.toBe('');
  });

  test('bad card input is a 400 naming each field (holder name and billing address required); nothing changes', async () => {
    const { agent, token, userId } = await customer();
    const order = await newOrder(userId);
    const { data } = await openPage(agent, order.number);
    const answer = await agent.post('/api/v1/payments/sandbox/payments').set('X-CSRF-Token', token).send({
      sessionId: data.sessionId, sessionData: data.sessionData, CardNumber: '4111 1111 1111 1112', ExpiryDate: '01/20', Cvc: '7', HolderName: ' ',
      BillingStreet: '', BillingPostalCode: '', BillingCity: '', BillingCountry: 'France',
    });
    expect(answer.status).toBe(400);
    expect(answer.body.Errors.map((error: { Field: string }) => error.Field).sort()).toEqual(
      ['BillingCity', 'BillingCountry', 'BillingPostalCode', 'BillingStreet', 'CardNumber', 'Cvc', 'ExpiryDate', 'HolderName'],
    );
    expect(answer.body.Errors.find((error: { Field: string }) => error.Field === 'HolderName').Message).toBe('Ce champ est obligatoire.');
    const form = await agent.post('/api/v1/payments/sandbox/payments').type('form').send({ _csrf: token, sessionId: data.sessionId, sessionData: data.sessionData, ...goodCard, HolderName: '' });
    expect(form.status).toBe(400);
    expect(parseHtml(form.text).querySelector('#payment-HolderName-error')!.text).toBe('Ce champ est obligatoire.');
    const forged = await agent.post('/api/v1/payments/sandbox/payments').set('X-CSRF-Token', token).send({ sessionId: data.sessionId, sessionData: `${data.sessionData}x`, ...goodCard });
    expect(forged.status).toBe(400);
    const { payment, rows } = await notificationsOf(data.sessionId);
    expect(payment.state).toBe('Pending');
    expect(rows).toHaveLength(0);
    expect((await findOrderById(testApp.db, order.orderId))!.state).toBe('Placed');
  });
});

describe('notifications (the webhook)', () => {
  const key = () => notificationKey({ SESSION_SECRET: testApp.config.SESSION_SECRET, PAYMENT_HMAC_KEY: undefined });

  async function pendingPayment() {
    const { agent, userId } = await customer();
    const order = await newOrder(userId);
    const { data } = await openPage(agent, order.number);
    return { order, sessionId: data.sessionId as string };
  }

  function item(sessionId: string, pspReference: string, eventCode = 'AUTHORISATION', success: 'true' | 'false' = 'true', value = 1000) {
    return signItem(key(), { pspReference, merchantAccountCode: 'StorefrontSandbox', merchantReference: sessionId, amount: { value, currency: 'EUR' }, eventCode, success });
  }

  const deliver = (body: unknown) => request(testApp.app).post('/api/v1/payments/sandbox/notifications').send(body as object);
  const wrap = (...items: unknown[]) => ({ live: 'false', notificationItems: items.map((NotificationRequestItem) => ({ NotificationRequestItem })) });
  const stored = async (psp: string) => testApp.db.selectFrom('payment_notifications').selectAll().where('psp_reference', '=', psp).execute();

  test('a tampered, unsigned or wrongly signed notification is refused and changes nothing', async () => {
    const { order, sessionId } = await pendingPayment();
    const signed = item(sessionId, 'PSPTAMPER0001');
    const tampered = { ...signed, amount: { value: 1, currency: 'EUR' } };
    const unsigned = { ...signed, additionalData: {} };
    const wrongKey = signItem(Buffer.from('not the key'), { ...signed, additionalData: undefined } as never);
    const flipped = { ...item(sessionId, 'PSPTAMPER0001', 'AUTHORISATION', 'false'), success: 'true' };
    for (const body of [wrap(tampered), wrap(unsigned), wrap(wrongKey), wrap(flipped), { notificationItems: 'x' }, {}]) {
      const answer = await deliver(body);
      expect(answer.status).toBe(401);
      expect(answer.text).not.toBe('[accepted]');
    }
    expect(await stored('PSPTAMPER0001')).toHaveLength(0);
    expect((await findOrderById(testApp.db, order.orderId))!.state).toBe('Placed');
    const payment = await testApp.db.selectFrom('payments').select('state').where('session_id', '=', sessionId).executeTakeFirstOrThrow();
    expect(payment.state).toBe('Pending');
  });

  test('a signed notification is stored, acknowledged and processed once, even delivered twice or in parallel', async () => {
    const { order, sessionId } = await pendingPayment();
    const body = wrap(item(sessionId, 'PSPTWICE00001'));
    const first = await deliver(body);
    expect(first.status).toBe(200);
    expect(first.text).toBe('[accepted]');
    expect((await findOrderById(testApp.db, order.orderId))!.state).toBe('Paid');
    const replays = await Promise.all(Array.from({ length: 10 }, () => deliver(body)));
    for (const replay of replays) expect(replay.text).toBe('[accepted]');
    expect(await stored('PSPTWICE00001')).toHaveLength(1);
    expect(await paidHistory(order.orderId)).toHaveLength(1);

    // Parallel first deliveries of a fresh payment: one row, one transition.
    const other = await pendingPayment();
    const parallelBody = wrap(item(other.sessionId, 'PSPPARALLEL01'));
    const answers = await Promise.all(Array.from({ length: 10 }, () => deliver(parallelBody)));
    expect(answers.map((answer) => answer.text)).toEqual(Array(10).fill('[accepted]'));
    expect(await stored('PSPPARALLEL01')).toHaveLength(1);
    expect(await paidHistory(other.order.orderId)).toHaveLength(1);
  });

  test('out of order: a late event changes nothing (a refusal after the authorisation, an authorisation after a cancellation)', async () => {
    const paid = await pendingPayment();
    await deliver(wrap(item(paid.sessionId, 'PSPORDER00001')));
    const late = await deliver(wrap(item(paid.sessionId, 'PSPORDER00002', 'AUTHORISATION', 'false')));
    expect(late.text).toBe('[accepted]');
    expect(await stored('PSPORDER00002')).toHaveLength(1);
    expect((await findOrderById(testApp.db, paid.order.orderId))!.state).toBe('Paid');
    const payment = await testApp.db.selectFrom('payments').select(['state', 'psp_reference']).where('session_id', '=', paid.sessionId).executeTakeFirstOrThrow();
    expect(payment).toEqual({ state: 'Authorised', psp_reference: 'PSPORDER00001' });

    const cancelled = await pendingPayment();
    await deliver(wrap(item(cancelled.sessionId, 'PSPORDER00003', 'CANCELLATION')));
    await deliver(wrap(item(cancelled.sessionId, 'PSPORDER00003', 'AUTHORISATION')));
    expect((await stored('PSPORDER00003')).map((row) => row.event_code).sort()).toEqual(['AUTHORISATION', 'CANCELLATION']);
    expect((await findOrderById(testApp.db, cancelled.order.orderId))!.state).toBe('Placed');
    expect(await paidHistory(cancelled.order.orderId)).toHaveLength(0);
  });
});

describe('one order is charged once', () => {
  const key = () => notificationKey({ SESSION_SECRET: testApp.config.SESSION_SECRET, PAYMENT_HMAC_KEY: undefined });
  const item = (sessionId: string, pspReference: string, eventCode = 'AUTHORISATION', success: 'true' | 'false' = 'true', value = 1000) =>
    signItem(key(), { pspReference, merchantAccountCode: 'StorefrontSandbox', merchantReference: sessionId, amount: { value, currency: 'EUR' }, eventCode, success });
  const deliver = (...items: unknown[]) =>
    request(testApp.app).post('/api/v1/payments/sandbox/notifications').send({ live: 'false', notificationItems: items.map((NotificationRequestItem) => ({ NotificationRequestItem })) });
  const paymentsOf = (orderId: number) => testApp.db.selectFrom('payments').select(['session_id', 'state', 'psp_reference']).where('order_id', '=', orderId).orderBy('id').execute();
  const historyTo = async (orderId: number, state: string) => (await findOrderById(testApp.db, orderId))!.history.filter((entry) => entry.to === state);

  test('two sessions asked for one order (the page and other keys, in parallel) are one; paid in parallel: one Authorised payment, the order Paid once', async () => {
    const { agent, token, userId, sid } = await customer();
    const order = await newOrder(userId);
    const { data } = await openPage(agent, order.number);
    const server = testApp.app.listen(0, '127.0.0.1');
    try {
      const create = (key: string) => request(server).post('/api/v1/payments/sessions').set('Cookie', sid).set('X-CSRF-Token', token).set('Idempotency-Key', key).send({ OrderNumber: order.number });
      const sessions = await Promise.all([create('other-tab-000001'), create('other-tab-000002')]);
      expect(sessions.map((answer) => answer.status)).toEqual([200, 200]);
      expect(sessions.map((answer) => answer.body.id)).toEqual([data.sessionId, data.sessionId]);
      const submits = [data, ...sessions.map((answer) => ({ sessionId: answer.body.id, sessionData: answer.body.sessionData }))].map((session) =>
        request(server).post('/api/v1/payments/sandbox/payments').set('Cookie', sid).set('X-CSRF-Token', token).send({ sessionId: session.sessionId, sessionData: session.sessionData, ...goodCard }),
      );
      const answers = await Promise.all(submits);
      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
    const payments = await paymentsOf(order.orderId);
    expect(payments.filter((payment) => payment.state === 'Authorised')).toHaveLength(1);
    expect(payments).toHaveLength(1);
    expect((await findOrderById(testApp.db, order.orderId))!.state).toBe('Paid');
    expect(await paidHistory(order.orderId)).toHaveLength(1);
  });

  test('the card is not taken when the order already has an Authorised payment or cannot be paid any more', async () => {
    const { agent, token, userId } = await customer();
    // An Authorised payment whose order is still Placed (its notification not applied yet): a new session is not charged.
    const order = await newOrder(userId);
    const first = await openPage(agent, order.number);
    await testApp.db.updateTable('payments').set({ state: 'Authorised', psp_reference: 'PSPFIRST00001' }).where('session_id', '=', first.data.sessionId).execute();
    const second = await agent.post('/api/v1/payments/sessions').set('X-CSRF-Token', token).set('Idempotency-Key', 'second-attempt-01').send({ OrderNumber: order.number });
    expect(second.status).toBe(201);
    expect(second.body.id).not.toBe(first.data.sessionId);
    const paid = await agent.post('/api/v1/payments/sandbox/payments').set('X-CSRF-Token', token).send({ sessionId: second.body.id, sessionData: second.body.sessionData, ...goodCard });
    expect(paid.status).toBe(200);
    expect(paid.body.resultCode).not.toBe('Authorised');
    expect(await paymentsOf(order.orderId)).toEqual([
      { session_id: first.data.sessionId, state: 'Authorised', psp_reference: 'PSPFIRST00001' },
      { session_id: second.body.id, state: 'Pending', psp_reference: null },
    ]);
    expect(await paidHistory(order.orderId)).toHaveLength(0);

    // A page opened before the order was cancelled: its session is not charged.
    const cancelled = await newOrder(userId);
    const page = await openPage(agent, cancelled.number);
    await transitionOrder(testApp.db, cancelled.orderId, 'Cancelled', 'test');
    const late = await agent.post('/api/v1/payments/sandbox/payments').set('X-CSRF-Token', token).send({ sessionId: page.data.sessionId, sessionData: page.data.sessionData, ...goodCard });
    expect(late.body.resultCode).not.toBe('Authorised');
    expect(await paymentsOf(cancelled.orderId)).toEqual([{ session_id: page.data.sessionId, state: 'Pending', psp_reference: null }]);
  });

  test('a second AUTHORISATION for a paid order is a duplicate charge: RefundDue and a warning, the order Paid once', async () => {
    const { agent, userId } = await customer();
    const order = await newOrder(userId);
    const { data } = await openPage(agent, order.number);
    expect((await deliver(item(data.sessionId, 'PSPDUP0000001'))).text).toBe('[accepted]');
    // A session made elsewhere before the order was paid (a provider-side retry, another tab).
    await testApp.db.insertInto('payments').values({
      order_id: order.orderId, provider: 'sandbox', session_id: 'CSDUPLICATE0001', idempotency_key: 'test:duplicate:1', amount_cents: 1000, currency: 'EUR',
      state: 'Pending', psp_reference: null, created_at: Date.now(), updated_at: Date.now(),
    }).execute();
    const warn = jest.spyOn(testApp.app.locals.logger, 'warn');
    try {
      expect((await deliver(item('CSDUPLICATE0001', 'PSPDUP0000002'))).text).toBe('[accepted]');
      expect(warn).toHaveBeenCalledWith(expect.objectContaining({ orderId: order.orderId, pspReference: 'PSPDUP0000002' }), expect.stringContaining('duplicate charge'));
    } finally {
      warn.mockRestore();
    }
    expect((await paymentsOf(order.orderId)).map((payment) => payment.state)).toEqual(['Authorised', 'RefundDue']);
    expect(await paidHistory(order.orderId)).toHaveLength(1);
    // Its refund closes that payment and leaves the order Paid.
    expect((await deliver(item('CSDUPLICATE0001', 'PSPDUPREFUND1', 'REFUND'))).text).toBe('[accepted]');
    expect((await paymentsOf(order.orderId)).map((payment) => payment.state)).toEqual(['Authorised', 'Refunded']);
    expect((await findOrderById(testApp.db, order.orderId))!.state).toBe('Paid');
  });

  test('a REFUND of the order\'s payment refunds the order, once', async () => {
    const { agent, userId } = await customer();
    const order = await newOrder(userId);
    const { data } = await openPage(agent, order.number);
    await deliver(item(data.sessionId, 'PSPREFUND0001'));
    const refund = item(data.sessionId, 'PSPREFUND0002', 'REFUND');
    const answers = await Promise.all([deliver(refund), deliver(refund), deliver(refund)]);
    expect(answers.map((answer) => answer.text)).toEqual(['[accepted]', '[accepted]', '[accepted]']);
    expect(await paymentsOf(order.orderId)).toEqual([{ session_id: data.sessionId, state: 'Refunded', psp_reference: 'PSPREFUND0001' }]);
    expect((await findOrderById(testApp.db, order.orderId))!.state).toBe('Refunded');
    expect(await historyTo(order.orderId, 'Refunded')).toHaveLength(1);
  });

  test('partial REFUNDs add up, each once; the order stays Paid until the one that completes the amount refunds it', async () => {
    const { agent, userId } = await customer();
    const order = await newOrder(userId);
    const { data } = await openPage(agent, order.number);
    await deliver(item(data.sessionId, 'PSPPART00001'));
    const refunded = async () =>
      testApp.db.selectFrom('payments').select(['state', 'refunded_cents']).where('order_id', '=', order.orderId).executeTakeFirstOrThrow();
    // 3.00 twice over (a redelivery), then 2.50: 5.50 of 10.00 refunded, still Authorised and Paid.
    const first = item(data.sessionId, 'PSPPART00002', 'REFUND', 'true', 300);
    await Promise.all([deliver(first), deliver(first)]);
    await deliver(item(data.sessionId, 'PSPPART00003', 'REFUND', 'true', 250));
    expect(await refunded()).toEqual({ state: 'Authorised', refunded_cents: 550 });
    expect((await findOrderById(testApp.db, order.orderId))!.state).toBe('Paid');
    // More than what is left (4.50) changes nothing; nothing, or less than nothing, neither.
    for (const [psp, value] of [['PSPPART00004', 500], ['PSPPART00005', 0], ['PSPPART00006', -100]] as const) {
      expect((await deliver(item(data.sessionId, psp, 'REFUND', 'true', value))).text).toBe('[accepted]');
    }
    expect(await refunded()).toEqual({ state: 'Authorised', refunded_cents: 550 });
    // The rest completes the refund: the payment and the order are Refunded, once.
    await deliver(item(data.sessionId, 'PSPPART00007', 'REFUND', 'true', 450));
    expect(await refunded()).toEqual({ state: 'Refunded', refunded_cents: 1000 });
    expect((await findOrderById(testApp.db, order.orderId))!.state).toBe('Refunded');
    expect(await historyTo(order.orderId, 'Refunded')).toHaveLength(1);
  });

  test('two partial REFUNDs at once both count: one that lost the race is left for redelivery, not dropped', async () => {
    const { agent, userId } = await customer();
    const order = await newOrder(userId);
    const { data } = await openPage(agent, order.number);
    await deliver(item(data.sessionId, 'PSPRACE00001'));
    const refunds = [item(data.sessionId, 'PSPRACE00002', 'REFUND', 'true', 400), item(data.sessionId, 'PSPRACE00003', 'REFUND', 'true', 600)];
    let pending = refunds;
    // The provider delivers again whatever was not acknowledged (a 500 answer), as often as needed.
    for (let round = 0; pending.length > 0 && round < 5; round += 1) {
      const answers = await Promise.all(pending.map((refund) => deliver(refund)));
      pending = pending.filter((_, index) => answers[index].status !== 200);
    }
    expect(pending).toEqual([]);
    const payment = await testApp.db.selectFrom('payments').select(['state', 'refunded_cents']).where('order_id', '=', order.orderId).executeTakeFirstOrThrow();
    expect(payment).toEqual({ state: 'Refunded', refunded_cents: 1000 });
    expect((await findOrderById(testApp.db, order.orderId))!.state).toBe('Refunded');
  });

  test('a REFUND for an order staff already marked Refunded closes the payment and is not left for redelivery', async () => {
    const { agent, userId } = await customer();
    const order = await newOrder(userId);
    const { data } = await openPage(agent, order.number);
    await deliver(item(data.sessionId, 'PSPSTAFF0001'));
    await testApp.db.transaction().execute((trx) => transitionOrder(trx, order.orderId, 'Refunded', 'staff:1'));
    const answer = await deliver(item(data.sessionId, 'PSPSTAFF0002', 'REFUND'));
    expect(answer.status).toBe(200);
    expect(answer.text).toBe('[accepted]');
    expect(await paymentsOf(order.orderId)).toEqual([{ session_id: data.sessionId, state: 'Refunded', psp_reference: 'PSPSTAFF0001' }]);
    expect(await historyTo(order.orderId, 'Refunded')).toHaveLength(1);
  });

  test('a CANCELLATION of the order\'s Authorised payment (voided before capture) cancels the order once', async () => {
    const { agent, userId } = await customer();
    const order = await newOrder(userId);
    const { data } = await openPage(agent, order.number);
    await deliver(item(data.sessionId, 'PSPCANCEL0001'));
    expect((await findOrderById(testApp.db, order.orderId))!.state).toBe('Paid');
    const cancellation = item(data.sessionId, 'PSPCANCEL0002', 'CANCELLATION');
    const stored = () => testApp.db.selectFrom('payment_notifications').select('event_code').where('psp_reference', '=', 'PSPCANCEL0002').execute();
    expect((await deliver(cancellation)).text).toBe('[accepted]');
    expect((await deliver(cancellation)).text).toBe('[accepted]');
    expect((await paymentsOf(order.orderId)).map((payment) => payment.state)).toEqual(['Cancelled']);
    expect((await findOrderById(testApp.db, order.orderId))!.state).toBe('Cancelled');
    expect(await historyTo(order.orderId, 'Cancelled')).toHaveLength(1);
    expect(await stored()).toHaveLength(1);
  });
});
