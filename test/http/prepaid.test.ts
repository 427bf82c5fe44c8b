// Prepaid accounts: the account pages (balance, movements 10 a page by pagenbr), POST
// {app}/api/v1/sales/prepaidaccounts/addtocart (the cart's address as a JSON string; Quantity required:
// Sales.QuantityIsMandatory; 1 to 50), POST .../setnotification, the top-up credited when the order that
// bought it is paid (and taken back when the provider refunds it), an order paid from an account (payment page form, hidden PrepaidAccountId) and the
// low-balance mail. Someone else's account or order is 404; bad input a 400 that changes nothing.
import request from 'supertest';
import { transitionOrder, placeOrder } from '../../server/orders/orders';
import { useTestApp } from '../support/app';
import { attributeOf, csrfTokenOf, parseHtml, textOf, textsOf } from '../support/html';
import { resource } from '../support/resources';
import { demo, signedIn, visitor, waitForMail } from './accounts-helpers';
import { balanceOf, cardOrderOf, customerWithAccount, movementsOf, prepaidVariantId, signedInCustomer } from './prepaid-helpers';
import { orderAddress } from './checkout-helpers';
import { signItem } from '../../server/payments/notifications';
import { notificationKey } from '../../server/payments/signing';
import { sandboxProvider } from '../../server/payments/sandbox';
import { payOrderFromAccount } from '../../server/prepaid/ledger';

const testApp = useTestApp();
const api = '/api/v1/sales/prepaidaccounts';

async function cartLines(agent: request.Agent) {
  const page = await agent.get('/api/v1/shoppingcarts?culture=fr').set('Accept', 'application/json');
  return page.body;
}

async function demoAccountId(): Promise<number> {
  const row = await testApp.db.selectFrom('prepaid_accounts as a').innerJoin('users as u', 'u.id', 'a.user_id').select('a.id').where('u.email', '=', demo.customer.email).executeTakeFirstOrThrow();
  return row.id;
}

describe('account pages', () => {
  test('the list shows each account with its balance; the detail its movements 10 a page', async () => {
    const { agent } = await signedIn(testApp, demo.customer);
    const list = await agent.get('/fr/account/prepaidaccounts');
    expect(list.status).toBe(200);
    expect(list.headers['content-type']).toMatch(/text\/html/);
    expect(list.headers['cache-control']).toBe('no-store');
    const html = parseHtml(list.text);
    expect(textOf(html, 'h1')).toBe(resource('fr', 'Sales.Prepaid.Title'));
    expect(textsOf(html, '.prepaid-balance')).toEqual(['85,00 €']);
    const id = await demoAccountId();
    const first = parseHtml((await agent.get(`/fr/account/prepaidaccounts/${id}`)).text);
    expect(textOf(first, '[data-prepaid-balance]')).toBe('85,00 €');
    expect(first.querySelectorAll('tr.prepaid-movement')).toHaveLength(10);
    expect(attributeOf(first, 'nav.pagination', 'data-total-pages')).toBe('2');
    const second = await agent.get(`/fr/account/prepaidaccounts/${id}?pagenbr=2`);
    expect(parseHtml(second.text).querySelectorAll('tr.prepaid-movement')).toHaveLength(2);
    expect(attributeOf(first, 'form[data-prepaid-add] input[name=PrepaidAccountId]', 'value')).toBe(String(id));
  });

  test('the page region alone for htmx', async () => {
    const { agent } = await signedIn(testApp, demo.customer);
    const answer = await agent.get(`/fr/account/prepaidaccounts/${await demoAccountId()}`).set('HX-Request', 'true').set('HX-Target', 'page');
    expect(answer.status).toBe(200);
    expect(answer.text).not.toMatch(/<html/);
    expect(parseHtml(answer.text).querySelector('#prepaid-account')).not.toBeNull();
  });

  test("someone else's account is 404, a bad page number 400, a visitor is sent to log in", async () => {
    const other = await customerWithAccount(testApp);
    const { agent } = await signedIn(testApp, demo.customer);
    expect((await agent.get(`/fr/account/prepaidaccounts/${other.accountId}`)).status).toBe(404);
    expect((await agent.get('/fr/account/prepaidaccounts/abc')).status).toBe(404);
    expect((await agent.get(`/fr/account/prepaidaccounts/${await demoAccountId()}?pagenbr=x`)).status).toBe(400);
    const anonymous = await visitor(testApp, '/fr/');
    expect((await anonymous.agent.get('/fr/account/prepaidaccounts')).status).toBe(303);
  });
});

describe('addtocart', () => {
  test("puts Quantity prepaid cards in the cart and answers the cart's address as a JSON string", async () => {
    const customer = await signedInCustomer(testApp);
    const answer = await customer.agent.post(`${api}/addtocart?culture=fr`).set('X-CSRF-Token', customer.token).send({ PrepaidAccountId: customer.accountId, Quantity: 3 });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toMatch(/application\/json/);
    expect(answer.body).toBe('/fr/shoppingcarts');
    const cart = await testApp.db.selectFrom('carts').innerJoin('cart_items', 'cart_items.cart_id', 'carts.id').select(['cart_items.variant_id', 'cart_items.quantity', 'cart_items.item_key']).where('carts.user_id', '=', customer.userId).execute();
    expect(cart).toEqual([{ variant_id: await prepaidVariantId(testApp), quantity: 3, item_key: `prepaid:${customer.accountId}` }]);
  });

  test('a plain form post (no JS) is sent to the cart', async () => {
    const customer = await signedInCustomer(testApp);
    const answer = await customer.agent.post(`${api}/addtocart`).type('form').set('Referer', 'http://x/nl/account').send({ _csrf: customer.token, PrepaidAccountId: customer.accountId, Quantity: '2' });
    expect(answer.status).toBe(303);
    expect(answer.headers.location).toBe('/nl/shoppingcarts');
  });

  test.each([
    [{}, 'Sales.QuantityIsMandatory'],
    [{ Quantity: '' }, 'Sales.QuantityIsMandatory'],
    [{ Quantity: 0 }, 'Sales.Prepaid.InvalidQuantity'],
    [{ Quantity: -2 }, 'Sales.Prepaid.InvalidQuantity'],
    [{ Quantity: 'abc' }, 'Sales.Prepaid.InvalidQuantity'],
    [{ Quantity: '1.5' }, 'Sales.Prepaid.InvalidQuantity'],
    [{ Quantity: 51 }, 'Sales.Prepaid.InvalidQuantity'],
  ])('%j is a 400 naming Quantity (%s) that adds nothing', async (body, key) => {
    const customer = await signedInCustomer(testApp);
    const answer = await customer.agent.post(`${api}/addtocart?culture=fr`).set('X-CSRF-Token', customer.token).send({ PrepaidAccountId: customer.accountId, ...body });
    expect(answer.status).toBe(400);
    expect(answer.body.Errors).toEqual([{ Field: 'Quantity', Message: resource('fr', key) }]);
    if (key === 'Sales.QuantityIsMandatory') expect(answer.body.Message).toBe(resource('fr', key));
    const carts = await testApp.db.selectFrom('carts').select('id').where('user_id', '=', customer.userId).execute();
    expect(carts).toEqual([]);
  });

  test("someone else's, an unknown or a missing account is 404 and adds nothing; a visitor 401", async () => {
    const customer = await signedInCustomer(testApp);
    const other = await customerWithAccount(testApp);
    for (const PrepaidAccountId of [other.accountId, 999999, 'x', undefined]) {
      const answer = await customer.agent.post(`${api}/addtocart`).set('X-CSRF-Token', customer.token).send({ PrepaidAccountId, Quantity: 1 });
      expect(answer.status).toBe(404);
    }
    expect(await testApp.db.selectFrom('carts').select('id').where('user_id', '=', customer.userId).execute()).toEqual([]);
    const anonymous = await visitor(testApp, '/fr/');
    expect((await anonymous.agent.post(`${api}/addtocart`).set('X-CSRF-Token', anonymous.token).send({ PrepaidAccountId: other.accountId, Quantity: 1 })).status).toBe(401);
  });
});

describe('setnotification', () => {
  test('turns the low-balance mail on and off', async () => {
    const customer = await signedInCustomer(testApp);
    const on = await customer.agent.post(`${api}/setnotification`).set('X-CSRF-Token', customer.token).send({ PrepaidAccountId: customer.accountId, IsActivated: true });
    expect(on.status).toBe(200);
    expect(on.body).toEqual({ PrepaidAccountId: customer.accountId, IsActivated: true });
    const notifyOf = async () => Number((await testApp.db.selectFrom('prepaid_accounts').select('notify').where('id', '=', customer.accountId).executeTakeFirstOrThrow()).notify);
    expect(await notifyOf()).toBe(1);
    const off = await customer.agent.post(`${api}/setnotification`).type('form').send({ _csrf: customer.token, PrepaidAccountId: customer.accountId, IsActivated: 'false' });
    expect(off.status).toBe(303);
    expect(await notifyOf()).toBe(0);
  });

  test("a bad IsActivated is 400, someone else's account 404; neither changes anything", async () => {
    const customer = await signedInCustomer(testApp, { notify: true });
    const other = await customerWithAccount(testApp, { notify: true });
    const bad = await customer.agent.post(`${api}/setnotification?culture=fr`).set('X-CSRF-Token', customer.token).send({ PrepaidAccountId: customer.accountId, IsActivated: 'maybe' });
    expect(bad.status).toBe(400);
    expect(bad.body.Errors).toEqual([{ Field: 'IsActivated', Message: resource('fr', 'Sales.Prepaid.InvalidActivated') }]);
    const foreign = await customer.agent.post(`${api}/setnotification`).set('X-CSRF-Token', customer.token).send({ PrepaidAccountId: other.accountId, IsActivated: false });
    expect(foreign.status).toBe(404);
    const rows = await testApp.db.selectFrom('prepaid_accounts').select('notify').where('id', 'in', [customer.accountId, other.accountId]).execute();
    expect(rows.map((row) => Number(row.notify))).toEqual([1, 1]);
  });
});

describe('top-ups', () => {
  test('an order of prepaid cards credits the account when it is paid, once', async () => {
    const customer = await customerWithAccount(testApp, { balanceCents: 0 });
    const variantId = await prepaidVariantId(testApp);
    const line = { variantId, sku: 'PREPAID-10', name: 'Carte prépayée', quantity: 3, unitInclCents: 1000, unitExclCents: 1000, totalInclCents: 3000, totalExclCents: 3000, taxRateBp: 0 };
    const summary = { currency: 'EUR', lines: [line], subtotalInclCents: 3000, subtotalExclCents: 3000, shipping: null, discount: null, taxes: [], totalInclCents: 3000, totalExclCents: 3000, taxCents: 0, reverseCharge: false };
    const placed = await placeOrder(testApp.db, { idempotencyKey: `top-up-${customer.userId}`, email: customer.email, userId: customer.userId, culture: 'fr', paymentMethod: 'Card', billing: orderAddress, shipping: orderAddress, summary });
    expect(await balanceOf(testApp, customer.accountId)).toBe(0);
    await transitionOrder(testApp.db, placed.orderId, 'Paid', 'test');
    await transitionOrder(testApp.db, placed.orderId, 'Paid', 'test again');
    expect(await balanceOf(testApp, customer.accountId)).toBe(3000);
    expect(await movementsOf(testApp, customer.accountId)).toEqual([{ kind: 'TopUp', amount_cents: 3000, balance_after_cents: 3000, order_id: placed.orderId }]);
  });
});

describe('a top-up refunded by the payment provider', () => {
  const key = () => notificationKey({ SESSION_SECRET: testApp.config.SESSION_SECRET, PAYMENT_HMAC_KEY: undefined });
  const deliver = (sessionId: string, pspReference: string, eventCode: string, value: number) =>
    request(testApp.app)
      .post('/api/v1/payments/sandbox/notifications')
      .send({ live: 'false', notificationItems: [{ NotificationRequestItem: signItem(key(), { pspReference, merchantAccountCode: 'StorefrontSandbox', merchantReference: sessionId, amount: { value, currency: 'EUR' }, eventCode, success: 'true' }) }] });

  /** A card order of `cards` prepaid cards (10.00 each), authorised by its signed notification: the account credited. */
  async function paidTopUp(customer: { userId: number; email: string }, cards: number) {
    const variantId = await prepaidVariantId(testApp);
    const cents = cards * 1000;
    const line = { variantId, sku: 'PREPAID-10', name: 'Carte prépayée', quantity: cards, unitInclCents: 1000, unitExclCents: 1000, totalInclCents: cents, totalExclCents: cents, taxRateBp: 0 };
    const summary = { currency: 'EUR', lines: [line], subtotalInclCents: cents, subtotalExclCents: cents, shipping: null, discount: null, taxes: [], totalInclCents: cents, totalExclCents: cents, taxCents: 0, reverseCharge: false };
    const placed = await placeOrder(testApp.db, { idempotencyKey: `top-up-refund-${customer.userId}-${cards}`, email: customer.email, userId: customer.userId, culture: 'fr', paymentMethod: 'Card', billing: orderAddress, shipping: orderAddress, summary });
    const { payment } = await sandboxProvider(testApp.config).createSession(testApp.db, { orderId: placed.orderId, amountCents: cents, currency: 'EUR', idempotencyKey: `top-up-refund-pay-${placed.orderId}` });
    expect((await deliver(payment.sessionId, `AUTH${placed.orderId}`, 'AUTHORISATION', cents)).text).toBe('[accepted]');
    return { orderId: placed.orderId, sessionId: payment.sessionId };
  }

  test('a whole refund takes the credit back once, also when the notification comes twice', async () => {
    const customer = await customerWithAccount(testApp, { balanceCents: 500 });
    const topUp = await paidTopUp(customer, 3);
    expect(await balanceOf(testApp, customer.accountId)).toBe(3500);
    for (let delivery = 0; delivery < 2; delivery++) expect((await deliver(topUp.sessionId, `REFUND${topUp.orderId}`, 'REFUND', 3000)).text).toBe('[accepted]');
    expect(await balanceOf(testApp, customer.accountId)).toBe(500);
    const movements = (await movementsOf(testApp, customer.accountId)).filter((movement) => movement.order_id === topUp.orderId);
    expect(movements).toEqual([
      { kind: 'TopUp', amount_cents: 3000, balance_after_cents: 3500, order_id: topUp.orderId },
      { kind: 'Refund', amount_cents: -3000, balance_after_cents: 500, order_id: topUp.orderId },
    ]);
    expect((await testApp.db.selectFrom('orders').select('state').where('id', '=', topUp.orderId).executeTakeFirstOrThrow()).state).toBe('Refunded');
  });

  test('partial refunds take back their part; a credit already spent is taken as far as the balance goes, never below 0', async () => {
    const customer = await customerWithAccount(testApp, { balanceCents: 0 });
    const topUp = await paidTopUp(customer, 4);
    expect(await balanceOf(testApp, customer.accountId)).toBe(4000);
    expect((await deliver(topUp.sessionId, `PART1${topUp.orderId}`, 'REFUND', 1000)).text).toBe('[accepted]');
    expect(await balanceOf(testApp, customer.accountId)).toBe(3000);
    // The customer spends 2500 of what is left.
    const spent = await cardOrderOf(testApp, customer, 2500);
    await payOrderFromAccount(testApp.db, { orderId: spent.orderId, accountId: customer.accountId, note: 'test' });
    expect(await balanceOf(testApp, customer.accountId)).toBe(500);
    // The rest of the top-up refunded (3000): only the 500 left can come back; the balance is 0, not -2500.
    expect((await deliver(topUp.sessionId, `PART2${topUp.orderId}`, 'REFUND', 3000)).text).toBe('[accepted]');
    expect(await balanceOf(testApp, customer.accountId)).toBe(0);
    const takeBacks = (await movementsOf(testApp, customer.accountId)).filter((movement) => movement.kind === 'Refund');
    expect(takeBacks.map((movement) => Number(movement.amount_cents))).toEqual([-1000, -500]);
    const notes = await testApp.db.selectFrom('prepaid_movements').select('note').where('account_id', '=', customer.accountId).where('kind', '=', 'Refund').orderBy('id').execute();
    expect(notes.map((row) => row.note)).toEqual(['top-up refunded', 'top-up refunded; 2500 cents already spent, not taken back']);
  });

  test('the same REFUND delivered twice at once takes the credit back once', async () => {
    const customer = await customerWithAccount(testApp, { balanceCents: 0 });
    const topUp = await paidTopUp(customer, 2);
    const answers = await Promise.all([0, 1].map(() => deliver(topUp.sessionId, `TWICE${topUp.orderId}`, 'REFUND', 2000)));
    expect(answers.map((answer) => answer.text)).toEqual(['[accepted]', '[accepted]']);
    expect(await balanceOf(testApp, customer.accountId)).toBe(0);
    expect((await movementsOf(testApp, customer.accountId)).map((movement) => [movement.kind, Number(movement.amount_cents)])).toEqual([['TopUp', 2000], ['Refund', -2000]]);
  });

  test('the refund of an order that bought no top-up leaves the accounts alone', async () => {
    const customer = await customerWithAccount(testApp, { balanceCents: 1200 });
    const order = await cardOrderOf(testApp, customer, 1000);
    const { payment } = await sandboxProvider(testApp.config).createSession(testApp.db, { orderId: order.orderId, amountCents: 1000, currency: 'EUR', idempotencyKey: `plain-refund-${order.orderId}` });
    expect((await deliver(payment.sessionId, `PLAINAUTH${order.orderId}`, 'AUTHORISATION', 1000)).text).toBe('[accepted]');
    expect((await deliver(payment.sessionId, `PLAINREF${order.orderId}`, 'REFUND', 1000)).text).toBe('[accepted]');
    expect(await balanceOf(testApp, customer.accountId)).toBe(1200);
    expect(await movementsOf(testApp, customer.accountId)).toHaveLength(1);
  });
});

describe('paying an order from an account', () => {
  async function payForm(agent: request.Agent, number: string) {
    const page = parseHtml((await agent.get(`/fr/payments?order=${number}`)).text);
    return { page, token: csrfTokenOf(page) };
  }

  test('the payment page offers the account (hidden PrepaidAccountId); paying debits it and the order is Paid', async () => {
    const customer = await signedInCustomer(testApp, { balanceCents: 5000 });
    const order = await cardOrderOf(testApp, customer, 2000);
    const { page, token } = await payForm(customer.agent, order.number);
    expect(attributeOf(page, 'form.prepaid-pay-form input[name=PrepaidAccountId]', 'type')).toBe('hidden');
    expect(attributeOf(page, 'form.prepaid-pay-form input[name=PrepaidAccountId]', 'value')).toBe(String(customer.accountId));
    const answer = await customer.agent.post('/fr/payments/prepaid').type('form').send({ _csrf: token, OrderNumber: order.number, PrepaidAccountId: customer.accountId });
    expect(answer.status).toBe(303);
    expect(answer.headers.location).toBe(`/fr/payments?order=${order.number}`);
    expect(await balanceOf(testApp, customer.accountId)).toBe(3000);
    const row = await testApp.db.selectFrom('orders').select('state').where('id', '=', order.orderId).executeTakeFirstOrThrow();
    expect(row.state).toBe('Paid');
    expect((await movementsOf(testApp, customer.accountId)).at(-1)).toEqual({ kind: 'Payment', amount_cents: -2000, balance_after_cents: 3000, order_id: order.orderId });
    const again = await customer.agent.post('/fr/payments/prepaid').type('form').send({ _csrf: token, OrderNumber: order.number, PrepaidAccountId: customer.accountId });
    expect(again.status).toBe(409);
    expect(await balanceOf(testApp, customer.accountId)).toBe(3000);
  });

  test('above the balance: a localised 400, the order and the balance unchanged', async () => {
    const customer = await signedInCustomer(testApp, { balanceCents: 1500 });
    const order = await cardOrderOf(testApp, customer, 2000);
    const { page, token } = await payForm(customer.agent, order.number);
    expect(page.querySelector('form.prepaid-pay-form button')?.hasAttribute('disabled')).toBe(true);
    const answer = await customer.agent.post('/fr/payments/prepaid').type('form').send({ _csrf: token, OrderNumber: order.number, PrepaidAccountId: customer.accountId });
    expect(answer.status).toBe(400);
    expect(parseHtml(answer.text).textContent).toContain(resource('fr', 'Sales.Prepaid.InsufficientBalance'));
    expect(await balanceOf(testApp, customer.accountId)).toBe(1500);
    expect((await testApp.db.selectFrom('orders').select('state').where('id', '=', order.orderId).executeTakeFirstOrThrow()).state).toBe('Placed');
  });

  test("someone else's order or account is 404 and changes nothing", async () => {
    const customer = await signedInCustomer(testApp, { balanceCents: 5000 });
    const other = await customerWithAccount(testApp, { balanceCents: 5000 });
    const ownOrder = await cardOrderOf(testApp, customer, 1000);
    const othersOrder = await cardOrderOf(testApp, other, 1000);
    const { token } = await payForm(customer.agent, ownOrder.number);
    const post = (OrderNumber: string, PrepaidAccountId: number) => customer.agent.post('/fr/payments/prepaid').type('form').send({ _csrf: token, OrderNumber, PrepaidAccountId });
    expect((await post(ownOrder.number, other.accountId)).status).toBe(404);
    expect((await post(othersOrder.number, customer.accountId)).status).toBe(404);
    expect((await post(othersOrder.number, other.accountId)).status).toBe(404);
    expect([await balanceOf(testApp, customer.accountId), await balanceOf(testApp, other.accountId)]).toEqual([5000, 5000]);
  });

  test('a payment that takes the balance below the threshold mails the customer when notifications are on', async () => {
    const customer = await signedInCustomer(testApp, { balanceCents: 2500, notify: true, lowBalanceCents: 1000 });
    const order = await cardOrderOf(testApp, customer, 2000);
    const { token } = await payForm(customer.agent, order.number);
    await customer.agent.post('/fr/payments/prepaid').type('form').send({ _csrf: token, OrderNumber: order.number, PrepaidAccountId: customer.accountId });
    const subject = resource('fr', 'Sales.Prepaid.LowBalanceMail.Subject').replace('{{account}}', customer.name);
    const mail = await waitForMail(testApp, { to: customer.email, subject });
    expect(mail.text).toContain('5,00');
    expect(mail.text).toContain(`/fr/account/prepaidaccounts/${customer.accountId}`);
  });
});
