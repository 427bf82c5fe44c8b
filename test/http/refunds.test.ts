// Refund requests: the customer's form of a paid order (a quantity select per line, the line amount =
// unit price including tax × quantity with 2 decimals and a comma, the totals), the request and its
// mails, bad input (a 400 with the messages that writes nothing), ownership (someone else's order or
// request: 404), and the staff's handling: accept or refuse, then the refund through the provider (a
// partial refund of the card payment) or back to the prepaid account, never more than was paid, audited.
import { useTestApp } from '../support/app';
import { attributesOf, csrfTokenOf, parseHtml, textOf, textsOf } from '../support/html';
import { resource } from '../support/resources';
import { type Agent, demo, signedIn, subjectOf, waitForMail } from './accounts-helpers';
import { readOutbox } from '../support/outbox';
import { balanceOf, cardOrderOf, paidCardOrderOf, prepaidVariantId, signedInCustomer } from './prepaid-helpers';
import { placeOrder, transitionOrder } from '../../server/orders/orders';
import { orderAddress } from './checkout-helpers';
import { payOrderFromAccount } from '../../server/prepaid/ledger';

const testApp = useTestApp();

async function formOf(agent: Agent, number: string) {
  const answer = await agent.get(`/fr/account/orders/${number}/refund`);
  return { answer, html: parseHtml(answer.text) };
}

async function customerWithPaidOrder() {
  const customer = await signedInCustomer(testApp, { balanceCents: 0 });
  const order = await paidCardOrderOf(testApp, customer);
  const { html } = await formOf(customer.agent, order.number);
  const post = (fields: Record<string, string>) => customer.agent.post(`/fr/account/orders/${order.number}/refund`).type('form').send({ _csrf: csrfTokenOf(html), ...fields });
  return { customer, order, html, post };
}

const requestsOf = (orderId: number) => testApp.db.selectFrom('refund_requests').select(['id', 'state', 'amount_cents', 'refunded_cents']).where('order_id', '=', orderId).orderBy('id').execute();
const paymentOf = (paymentId: number) => testApp.db.selectFrom('payments').select(['state', 'refunded_cents']).where('id', '=', paymentId).executeTakeFirstOrThrow();
const orderState = async (orderId: number) => (await testApp.db.selectFrom('orders').select('state').where('id', '=', orderId).executeTakeFirstOrThrow()).state;

async function staff() {
  const session = await signedIn(testApp, demo.staff);
  const act = async (requestId: number, action: 'accept' | 'refuse' | 'refund', Note = '') => {
    const page = parseHtml((await session.agent.get(`/fr/staff/refunds/${requestId}`)).text);
    return session.agent.post(`/fr/staff/refunds/${requestId}/${action}`).type('form').send({ _csrf: csrfTokenOf(page), Note });
  };
  return { ...session, act };
}

describe('the request form', () => {
  test('a select per line (0 to the quantity ordered), amounts with 2 decimals and a comma, totals', async () => {
    const { order, html } = await customerWithPaidOrder();
    expect(attributesOf(html, `select[name=Quantity_${order.lineIds[0]}] option`, 'value')).toEqual(['0', '1', '2', '3']);
    expect(attributesOf(html, `select[name=Quantity_${order.lineIds[1]}] option`, 'value')).toEqual(['0', '1']);
    expect(textsOf(html, '[data-refund-amount]')).toEqual(['0,00', '0,00']);
    expect(textOf(html, '[data-refund-total-amount]')).toBe('0,00');
  });

  test('a top-up line (prepaid cards) is not offered: its money is the account\'s; a quantity posted for it is left out', async () => {
    const customer = await signedInCustomer(testApp, { balanceCents: 0 });
    const variantId = await prepaidVariantId(testApp);
    const topUp = { variantId, sku: 'PREPAID-10', name: 'Carte prépayée', quantity: 2, unitInclCents: 1000, unitExclCents: 1000, totalInclCents: 2000, totalExclCents: 2000, taxRateBp: 0 };
    const summary = { currency: 'EUR', lines: [topUp], subtotalInclCents: 2000, subtotalExclCents: 2000, shipping: null, discount: null, taxes: [], totalInclCents: 2000, totalExclCents: 2000, taxCents: 0, reverseCharge: false };
    const placed = await placeOrder(testApp.db, { idempotencyKey: `top-up-refund-${customer.userId}`, email: customer.email, userId: customer.userId, culture: 'fr', paymentMethod: 'Card', billing: orderAddress, shipping: orderAddress, summary });
    await transitionOrder(testApp.db, placed.orderId, 'Paid', 'test');
    expect(await balanceOf(testApp, customer.accountId)).toBe(2000);
    const { html } = await formOf(customer.agent, placed.number);
    expect(html.querySelectorAll('select[name^=Quantity_]')).toHaveLength(0);
    const [line] = await testApp.db.selectFrom('order_lines').select('id').where('order_id', '=', placed.orderId).execute();
    const answer = await customer.agent.post(`/fr/account/orders/${placed.number}/refund`).type('form').send({ _csrf: csrfTokenOf(html), [`Quantity_${line.id}`]: '2', Reason: 'x' });
    expect(answer.status).toBe(400);
    expect(await requestsOf(placed.orderId)).toEqual([]);
  });

  test('the request: the amount is unit price × quantity; the form again shows the rest open; a mail', async () => {
    const { customer, order, post } = await customerWithPaidOrder();
    const answer = await post({ [`Quantity_${order.lineIds[0]}`]: '2', [`Quantity_${order.lineIds[1]}`]: '1', Reason: 'Trop grand' });
    expect(answer.status).toBe(303);
    const [request] = await requestsOf(order.orderId);
    expect(answer.headers.location).toBe(`/fr/account/refunds/${request.id}`);
    expect(request).toMatchObject({ state: 'Requested', amount_cents: 2 * 1250 + 999 });
    const detail = parseHtml((await customer.agent.get(answer.headers.location)).text);
    expect(textsOf(detail, 'tbody [data-refund-line] td:last-child')).toEqual(['25,00', '9,99']);
    expect(textOf(detail, 'tfoot [data-refund-total-quantity]')).toBe('3');
    expect(textOf(detail, 'tfoot [data-refund-total-amount]')).toBe('34,99');
    const again = await formOf(customer.agent, order.number);
    expect(attributesOf(again.html, `select[name=Quantity_${order.lineIds[0]}] option`, 'value')).toEqual(['0', '1']);
    await waitForMail(testApp, { to: customer.email, subject: resource('fr', 'Sales.Refunds.Mail.Requested.Subject').replace('{{number}}', order.number) });
  });

  test.each([
    [{ q0: 'abc' }, 'Quantity_0', 'Sales.Refunds.InvalidQuantity'],
    [{ q0: '-1' }, 'Quantity_0', 'Sales.Refunds.InvalidQuantity'],
    [{ q0: '1.5' }, 'Quantity_0', 'Sales.Refunds.InvalidQuantity'],
    [{ q0: '4' }, 'Quantity_0', 'Sales.Refunds.AboveRemaining'],
    [{ q1: '2' }, 'Quantity_1', 'Sales.Refunds.AboveRemaining'],
    [{ q0: '0', q1: '0' }, 'Lines', 'Sales.Refunds.NothingChosen'],
    [{ q0: '1', Reason: 'x'.repeat(1001) }, 'Reason', 'Sales.Refunds.ReasonTooLong'],
  ] as [Record<string, string>, string, string][])('%j: the form again (400) with %s %s, nothing written', async (input, field, key) => {
    const { customer, order, post } = await customerWithPaidOrder();
    const fields: Record<string, string> = {};
    if (input.q0 !== undefined) fields[`Quantity_${order.lineIds[0]}`] = input.q0;
    if (input.q1 !== undefined) fields[`Quantity_${order.lineIds[1]}`] = input.q1;
    if (input.Reason !== undefined) fields.Reason = input.Reason;
    const answer = await post(fields);
    expect(answer.status).toBe(400);
    const html = parseHtml(answer.text);
    const id = field === 'Lines' ? '[data-refund-error]' : field === 'Reason' ? '#refund-reason-error' : `#refund-Quantity_${order.lineIds[Number(field.slice(-1))]}-error`;
    expect(textOf(html, id)).toBe(resource('fr', key));
    expect(await requestsOf(order.orderId)).toEqual([]);
    void customer;
  });

  test('an order not paid cannot be refunded: the page says so, a post is a 400 that writes nothing', async () => {
    const customer = await signedInCustomer(testApp, { balanceCents: 0 });
    const order = await cardOrderOf(testApp, customer, 1000);
    const { answer, html } = await formOf(customer.agent, order.number);
    expect(answer.status).toBe(200);
    expect(html.querySelector('[data-refund-closed]')).not.toBeNull();
    const line = (await testApp.db.selectFrom('order_lines').select('id').where('order_id', '=', order.orderId).executeTakeFirstOrThrow()).id;
    const post = await customer.agent.post(`/fr/account/orders/${order.number}/refund`).type('form').send({ _csrf: csrfTokenOf(html), [`Quantity_${line}`]: '1' });
    expect(post.status).toBe(400);
    expect(await requestsOf(order.orderId)).toEqual([]);
  });
});

describe('parallel requests', () => {
  test('two requests for all of a line at once: one is made, the other is a 400; never more than ordered', async () => {
    const { order, post } = await customerWithPaidOrder();
    const answers = await Promise.all([post({ [`Quantity_${order.lineIds[0]}`]: '3' }), post({ [`Quantity_${order.lineIds[0]}`]: '3' })]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([303, 400]);
    expect(await requestsOf(order.orderId)).toHaveLength(1);
  });
});

describe('ownership', () => {
  test("someone else's order (form and post) and request are 404; nothing written", async () => {
    const owner = await customerWithPaidOrder();
    await owner.post({ [`Quantity_${owner.order.lineIds[1]}`]: '1' });
    const [request] = await requestsOf(owner.order.orderId);
    const intruder = await signedInCustomer(testApp, { balanceCents: 0 });
    expect((await intruder.agent.get(`/fr/account/orders/${owner.order.number}/refund`)).status).toBe(404);
    const token = csrfTokenOf(parseHtml((await intruder.agent.get('/fr/account/refunds')).text));
    expect((await intruder.agent.post(`/fr/account/orders/${owner.order.number}/refund`).type('form').send({ _csrf: token, [`Quantity_${owner.order.lineIds[0]}`]: '1' })).status).toBe(404);
    expect((await intruder.agent.get(`/fr/account/refunds/${request.id}`)).status).toBe(404);
    expect(textsOf(parseHtml((await intruder.agent.get('/fr/account/refunds')).text), '[data-refund-request]')).toEqual([]);
    expect(await requestsOf(owner.order.orderId)).toHaveLength(1);
  });

  test('a customer cannot reach the staff handling (403) and changes nothing', async () => {
    const owner = await customerWithPaidOrder();
    await owner.post({ [`Quantity_${owner.order.lineIds[1]}`]: '1' });
    const [request] = await requestsOf(owner.order.orderId);
    const token = csrfTokenOf(owner.html);
    expect((await owner.customer.agent.get(`/fr/staff/refunds/${request.id}`)).status).toBe(403);
    expect((await owner.customer.agent.post(`/fr/staff/refunds/${request.id}/accept`).type('form').send({ _csrf: token })).status).toBe(403);
    expect((await requestsOf(owner.order.orderId))[0].state).toBe('Requested');
  });
});

describe('staff handling', () => {
  test('accept then refund: a partial refund of the card payment through the provider, mails, audit', async () => {
    const { customer, order, post } = await customerWithPaidOrder();
    await post({ [`Quantity_${order.lineIds[0]}`]: '1' });
    const [request] = await requestsOf(order.orderId);
    const desk = await staff();
    const list = parseHtml((await desk.agent.get('/fr/staff/refunds?state=Requested')).text);
    expect(attributesOf(list, '[data-refund-request]', 'data-refund-request')).toContain(String(request.id));
    expect((await desk.act(request.id, 'accept', 'OK pour nous')).status).toBe(303);
    await waitForMail(testApp, { to: customer.email, subject: resource('fr', 'Sales.Refunds.Mail.Accepted.Subject').replace('{{number}}', order.number) });
    expect((await desk.act(request.id, 'refund')).status).toBe(303);
    expect((await requestsOf(order.orderId))[0]).toMatchObject({ state: 'Refunded', refunded_cents: 1250 });
    expect(await paymentOf(order.paymentId)).toMatchObject({ state: 'Authorised', refunded_cents: 1250 });
    expect(await orderState(order.orderId)).toBe('Paid');
    await waitForMail(testApp, { to: customer.email, subject: resource('fr', 'Sales.Refunds.Mail.Refunded.Subject').replace('{{number}}', order.number) });
    const audit = await testApp.db.selectFrom('audit_log').select(['action', 'actor_id']).where('entity', '=', 'refund_request').where('entity_id', '=', String(request.id)).orderBy('id').execute();
    expect(audit.map((row) => row.action)).toEqual(['refund.accepted', 'refund.refunded']);
    expect((await desk.act(request.id, 'refund')).status).toBe(409);
    expect(await paymentOf(order.paymentId)).toMatchObject({ refunded_cents: 1250 });
  });

  test('the whole order refunded: the payment and the order are Refunded', async () => {
    const { order, post } = await customerWithPaidOrder();
    await post({ [`Quantity_${order.lineIds[0]}`]: '3', [`Quantity_${order.lineIds[1]}`]: '1' });
    const [request] = await requestsOf(order.orderId);
    const desk = await staff();
    await desk.act(request.id, 'accept');
    expect((await desk.act(request.id, 'refund')).status).toBe(303);
    expect(await paymentOf(order.paymentId)).toMatchObject({ state: 'Refunded', refunded_cents: 4749 });
    expect(await orderState(order.orderId)).toBe('Refunded');
  });

  test('refused: a mail, no refund possible (409), the lines open again', async () => {
    const { customer, order, post } = await customerWithPaidOrder();
    await post({ [`Quantity_${order.lineIds[1]}`]: '1' });
    const [request] = await requestsOf(order.orderId);
    const desk = await staff();
    expect((await desk.act(request.id, 'refuse', 'Article porté')).status).toBe(303);
    await waitForMail(testApp, { to: customer.email, subject: resource('fr', 'Sales.Refunds.Mail.Refused.Subject').replace('{{number}}', order.number) });
    expect((await desk.act(request.id, 'refund')).status).toBe(409);
    expect((await desk.act(request.id, 'accept')).status).toBe(409);
    expect(await paymentOf(order.paymentId)).toMatchObject({ refunded_cents: 0 });
    const again = await formOf(customer.agent, order.number);
    expect(attributesOf(again.html, `select[name=Quantity_${order.lineIds[1]}] option`, 'value')).toEqual(['0', '1']);
  });

  test('never more than was paid: a payment refunded meanwhile at the provider makes the refund a 409 that changes nothing', async () => {
    const { order, post } = await customerWithPaidOrder();
    await post({ [`Quantity_${order.lineIds[0]}`]: '3' });
    const [request] = await requestsOf(order.orderId);
    const desk = await staff();
    await desk.act(request.id, 'accept');
    await testApp.db.updateTable('payments').set({ refunded_cents: 4000 }).where('id', '=', order.paymentId).execute();
    const answer = await desk.act(request.id, 'refund');
    expect(answer.status).toBe(409);
    expect(parseHtml(answer.text).textContent).toContain(resource('fr', 'Sales.Refunds.AbovePaid'));
    expect((await requestsOf(order.orderId))[0]).toMatchObject({ state: 'Accepted', refunded_cents: 0 });
    expect(await paymentOf(order.paymentId)).toMatchObject({ refunded_cents: 4000 });
  });

  test('an order paid from a prepaid account is refunded back to it', async () => {
    const customer = await signedInCustomer(testApp, { balanceCents: 5000 });
    const order = await cardOrderOf(testApp, customer, 2000);
    await payOrderFromAccount(testApp.db, { orderId: order.orderId, accountId: customer.accountId, note: 'test' });
    const { html } = await formOf(customer.agent, order.number);
    const line = (await testApp.db.selectFrom('order_lines').select('id').where('order_id', '=', order.orderId).executeTakeFirstOrThrow()).id;
    await customer.agent.post(`/fr/account/orders/${order.number}/refund`).type('form').send({ _csrf: csrfTokenOf(html), [`Quantity_${line}`]: '1' });
    const [request] = await requestsOf(order.orderId);
    const desk = await staff();
    await desk.act(request.id, 'accept');
    expect((await desk.act(request.id, 'refund')).status).toBe(303);
    expect(await balanceOf(testApp, customer.accountId)).toBe(5000);
    expect(await orderState(order.orderId)).toBe('Refunded');
  });

  test('unknown or malformed request ids are 404 for staff; a bad state filter 400', async () => {
    const desk = await staff();
    expect((await desk.agent.get('/fr/staff/refunds/999999')).status).toBe(404);
    expect((await desk.agent.get('/fr/staff/refunds/abc')).status).toBe(404);
    expect((await desk.agent.get('/fr/staff/refunds?state=Nope')).status).toBe(400);
    void readOutbox;
    void subjectOf;
  });
});
