// The staff orders screen ({app}/{culture}/staff/orders): staff only; the list (newest first, by state,
// with a payment to refund, 20 a page); each move the transition table lets staff make, posted from the
// order page's own forms; a stale or doubled post refused with a notice and nothing changed; a cancel
// giving the stock and the coupon use back; a RefundDue payment marked refunded. Orders are placed through
// the checkout (test/http/checkout-helpers.ts) or placeOrder (payments-fixtures). SQLite and PostgreSQL.
import { formatMoney } from '../../server/shared/money';
import { transitionOrder } from '../../server/orders/orders';
import { useTestApp } from '../support/app';
import { type Html, attributesOf, parseHtml, textOf, textsOf } from '../support/html';
import { resource } from '../support/resources';
import { type Agent, demo, signedIn, visitor } from './accounts-helpers';
import { cartFor, orderOf, validCheckout } from './checkout-helpers';
import { placeCardOrder } from './payments-fixtures';

const testApp = useTestApp();
let counter = 0;

/** A bank transfer order placed through the checkout (AwaitingPayment), with its variant's stock after it. */
async function bankTransferOrder({ quantity = 1, stock = 10, couponCode = null }: { quantity?: number; stock?: number; couponCode?: string | null } = {}) {
  const { agent, csrf, key, variant } = await cartFor(testApp, { quantity, stock, couponCode });
  const answer = await agent.post('/fr/checkout').type('form').send({ ...(await validCheckout(testApp, { Email: `buyer-${++counter}@example.com` })), _csrf: csrf, IdempotencyKey: key });
  expect(answer.status).toBe(303);
  return { order: await orderOf(testApp, answer.headers.location), variant };
}

async function cardOrder() {
  const email = `card-${++counter}@example.com`;
  return { ...(await placeCardOrder(testApp, { userId: null, email, key: `staff-orders-${counter}` })), email };
}

async function staff(culture = 'fr') {
  const session = await signedIn(testApp, demo.staff, culture);
  const account = await testApp.db.selectFrom('users').select('id').where('email', '=', demo.staff.email).executeTakeFirstOrThrow();
  return { ...session, staffId: account.id };
}

async function stateOf(number: string) {
  return (await testApp.db.selectFrom('orders').select('state').where('number', '=', number).executeTakeFirstOrThrow()).state;
}

async function stockOf(variantId: number) {
  const rows = await testApp.db.selectFrom('variant_stock').select('quantity').where('variant_id', '=', variantId).execute();
  return rows.reduce((sum, row) => sum + Number(row.quantity), 0);
}

async function openOrder(agent: Agent, number: string, culture = 'fr'): Promise<Html> {
  const answer = await agent.get(`/${culture}/staff/orders/${number}`);
  expect(answer.status).toBe(200);
  expect(answer.headers['cache-control']).toBe('no-store');
  return parseHtml(answer.text);
}

/** The fields of the form a page holds (hidden inputs included), as a browser would post them. */
function fieldsOf(form: Html): Record<string, string> {
  return Object.fromEntries(form.querySelectorAll('input').map((input) => [input.getAttribute('name')!, input.getAttribute('value') ?? '']));
}

/** Posts the order page's form for a move (as the page rendered it) and answers the page the redirect leads to. */
async function postMove(agent: Agent, page: Html, to: string) {
  const form = page.querySelector(`form.staff-order-move[data-move="${to}"]`);
  if (!form) throw new Error(`No ${to} form on the page`);
  return postForm(agent, form);
}

async function postForm(agent: Agent, form: Html) {
  const answer = await agent.post(form.getAttribute('action')!).type('form').send(fieldsOf(form));
  expect(answer.status).toBe(303);
  const after = await agent.get(answer.headers.location);
  return { answer, page: parseHtml(after.text) };
}

const moves = (page: Html) => attributesOf(page, 'form.staff-order-move', 'data-move');
const refundDueFilter = async (agent: Agent) => parseHtml((await agent.get('/fr/staff/orders?refundDue=1')).text);

describe('staff only', () => {
  test('a visitor is sent to log in, a customer and an editor get 403; their posts change nothing', async () => {
    const { order } = await bankTransferOrder();
    const anonymous = await visitor(testApp, '/fr/');
    const list = await anonymous.agent.get('/fr/staff/orders');
    expect(list.status).toBe(303);
    expect(list.headers.location).toBe('/fr/security/login?returnUrl=%2Ffr%2Fstaff%2Forders');
    const post = await anonymous.agent.post(`/fr/staff/orders/${order.number}/state`).type('form').send({ _csrf: anonymous.token, From: 'AwaitingPayment', To: 'Paid' });
    expect(post.status).toBe(401);
    for (const account of [demo.customer, demo.editor]) {
      const { agent, token } = await signedIn(testApp, account);
      const page = await agent.get(`/fr/staff/orders/${order.number}`);
      expect(page.status).toBe(403);
      expect(textOf(parseHtml(page.text), 'h1')).toBe(resource('fr', 'Core.ErrorTitle'));
      expect((await agent.get('/fr/staff/orders')).status).toBe(403);
      const move = await agent.post(`/fr/staff/orders/${order.number}/state`).type('form').send({ _csrf: token, From: 'AwaitingPayment', To: 'Paid' });
      expect(move.status).toBe(403);
      // The role refused it (the token was good): not the CSRF check.
      expect(textOf(parseHtml(move.text), 'main')).toContain(resource('fr', 'Core.ForbiddenTitle'));
      const refund = await agent.post(`/fr/staff/orders/${order.number}/payments/1/refunded`).type('form').send({ _csrf: token });
      expect(refund.status).toBe(403);
    }
    expect(await stateOf(order.number)).toBe('AwaitingPayment');
  });

  test('a staff post without the CSRF token is refused and changes nothing', async () => {
    const { order } = await bankTransferOrder();
    const { agent } = await staff();
    const answer = await agent.post(`/fr/staff/orders/${order.number}/state`).type('form').send({ From: 'AwaitingPayment', To: 'Paid' });
    expect(answer.status).toBe(403);
    expect(await stateOf(order.number)).toBe('AwaitingPayment');
  });

  test('the staff dashboard links to the orders screen', async () => {
    const { agent } = await staff('nl');
    const page = parseHtml((await agent.get('/nl/staff')).text);
    expect(textOf(page, '.staff-links a[href="/nl/staff/orders"]')).toBe(resource('nl', 'Staff.Orders.Title'));
  });
});

describe('the list', () => {
  test('newest first with number, customer, localised state, total and payment method; 20 a page', async () => {
    const placed = [];
    for (let i = 0; i < 21; i++) placed.push(await cardOrder());
    const { order: bank } = await bankTransferOrder();
    const total = Number((await testApp.db.selectFrom('orders').select((eb) => eb.fn.countAll().as('count')).executeTakeFirstOrThrow()).count);
    const { agent } = await staff();
    const first = parseHtml((await agent.get('/fr/staff/orders')).text);
    expect(textOf(first, 'h1')).toBe(resource('fr', 'Staff.Orders.Title'));
    expect(textOf(first, '.staff-orders-count')).toBe(resource('fr', 'Staff.Orders.Count').replace('{{count}}', String(total)));
    const numbers = textsOf(first, '.staff-order-number');
    expect(numbers).toHaveLength(20);
    expect(numbers.slice(0, 3)).toEqual([bank.number, placed[20].number, placed[19].number]);
    const row = first.querySelector(`tr[data-order-number="${placed[20].number}"]`)!;
    expect(textOf(row, '.staff-order-email')).toBe(placed[20].email);
    expect(textOf(row, '.staff-order-state')).toBe(resource('fr', 'Orders.States.Placed'));
    expect(textOf(row, '.staff-order-total')).toBe('10,00 €');
    expect(textOf(row, '.staff-order-payment')).toBe(resource('fr', 'Checkout.PaymentMethods.Card'));
    expect(textOf(first, `tr[data-order-number="${bank.number}"] .staff-order-payment`)).toBe(resource('fr', 'Checkout.PaymentMethods.BankTransfer'));
    expect(row.querySelector('a')!.getAttribute('href')).toBe(`/fr/staff/orders/${placed[20].number}`);
    const pages = Math.ceil(total / 20);
    expect(textOf(first, '.staff-orders-page')).toBe(`Page 1 sur ${pages}`);
    expect(first.querySelector('.staff-orders-previous')).toBeNull();
    expect(first.querySelector('.staff-orders-next')!.getAttribute('href')).toBe('/fr/staff/orders?page=2');

    const second = parseHtml((await agent.get('/fr/staff/orders?page=2')).text);
    expect(textsOf(second, '.staff-order-number')).toHaveLength(Math.min(20, total - 20));
    expect(textsOf(second, '.staff-order-number')).not.toContain(numbers[0]);
    expect(second.querySelector('.staff-orders-previous')!.getAttribute('href')).toBe('/fr/staff/orders');
    expect(textOf(second, '.staff-orders-page')).toBe(`Page 2 sur ${pages}`);

    // In another culture: the state and payment method in its words.
    const german = parseHtml((await agent.get('/de/staff/orders')).text);
    expect(textOf(german, `tr[data-order-number="${bank.number}"] .staff-order-state`)).toBe(resource('de', 'Orders.States.AwaitingPayment'));
  });

  test('filtered by state (a GET form), the paging keeps the filter; an unknown state or page is a 400', async () => {
    for (let i = 0; i < 3; i++) await cardOrder();
    const { agent } = await staff();
    const form = parseHtml((await agent.get('/fr/staff/orders')).text).querySelector('form.staff-orders-filter')!;
    expect(form.getAttribute('method')).toBe('get');
    expect(attributesOf(form, 'select[name="state"] option', 'value')).toEqual(['', 'Placed', 'AwaitingPayment', 'Paid', 'Shipped', 'Cancelled', 'Refunded']);
    const awaiting = await testApp.db.selectFrom('orders').select('number').where('state', '=', 'AwaitingPayment').orderBy('id', 'desc').execute();
    const page = parseHtml((await agent.get('/fr/staff/orders?state=AwaitingPayment')).text);
    expect(textsOf(page, '.staff-order-number')).toEqual(awaiting.map((row) => row.number).slice(0, 20));
    expect(attributesOf(page, '.staff-order-state', 'data-order-state').every((state) => state === 'AwaitingPayment')).toBe(true);
    expect(page.querySelector('select[name="state"] option[selected]')!.getAttribute('value')).toBe('AwaitingPayment');

    const placedCount = (await testApp.db.selectFrom('orders').select('id').where('state', '=', 'Placed').execute()).length;
    expect(placedCount).toBeGreaterThan(20);
    const placed = parseHtml((await agent.get('/fr/staff/orders?state=Placed')).text);
    expect(placed.querySelector('.staff-orders-next')!.getAttribute('href')).toBe('/fr/staff/orders?state=Placed&page=2');
    const placedSecond = parseHtml((await agent.get('/fr/staff/orders?state=Placed&page=2')).text);
    expect(textsOf(placedSecond, '.staff-order-number')).toHaveLength(Math.min(20, placedCount - 20));

    const none = parseHtml((await agent.get('/fr/staff/orders?state=Refunded&page=1')).text);
    expect(textOf(none, '.staff-orders-none')).toBe(resource('fr', 'Staff.Orders.None'));

    const unknown = await agent.get('/fr/staff/orders?state=Lost');
    expect(unknown.status).toBe(400);
    expect(textOf(parseHtml(unknown.text), 'main')).toContain(resource('fr', 'Staff.Orders.UnknownState'));
    const badPage = await agent.get('/fr/staff/orders?page=abc');
    expect(badPage.status).toBe(400);
    expect(textOf(parseHtml(badPage.text), 'main')).toContain(resource('fr', 'Catalog.InvalidId'));
    expect((await agent.get('/fr/staff/orders/2026-999999')).status).toBe(404);
    expect((await agent.get('/fr/staff/orders/nonsense')).status).toBe(404);
  });
});

describe('moving an order', () => {
  test('a bank transfer: AwaitingPayment → Paid → Shipped → Refunded, each from the page\'s form, with a notice, history and an audit line', async () => {
    const { order } = await bankTransferOrder();
    const { agent, staffId } = await staff();
    const info = jest.spyOn(testApp.app.locals.logger, 'info');
    try {
      let page = await openOrder(agent, order.number);
      expect(textOf(page, 'h1')).toBe(`Commande ${order.number}`);
      expect(textOf(page, '.staff-order-state')).toBe(resource('fr', 'Orders.States.AwaitingPayment'));
      expect(moves(page)).toEqual(['Paid', 'Cancelled']);
      expect(textOf(page, 'form.staff-order-move[data-move="Paid"] button')).toBe(resource('fr', 'Staff.Orders.MoveTo.Paid'));

      const steps: [string, string, string[]][] = [['Paid', 'AwaitingPayment', ['Shipped', 'Refunded']], ['Shipped', 'Paid', ['Refunded']], ['Refunded', 'Shipped', []]];
      for (const [to, from, next] of steps) {
        const moved = await postMove(agent, page, to);
        expect(moved.answer.headers.location).toBe(`/fr/staff/orders/${order.number}`);
        page = moved.page;
        expect(textOf(page, '.flash-success')).toBe(`La commande ${order.number} est maintenant : ${resource('fr', `Orders.States.${to}`)}.`);
        expect(textOf(page, '.staff-order-state')).toBe(resource('fr', `Orders.States.${to}`));
        expect(moves(page)).toEqual(next);
        expect(await stateOf(order.number)).toBe(to);
        expect(info).toHaveBeenCalledWith({ staffId, orderNumber: order.number, from, to }, 'staff moved an order');
      }
      expect(textOf(page, '.staff-order-no-moves')).toBe(resource('fr', 'Staff.Orders.NoActions'));
      const history = await testApp.db.selectFrom('order_state_history').select(['from_state', 'to_state', 'note']).where('order_id', '=', order.id).orderBy('id').execute();
      expect(history.slice(-3)).toEqual([
        { from_state: 'AwaitingPayment', to_state: 'Paid', note: `staff:${staffId}` },
        { from_state: 'Paid', to_state: 'Shipped', note: `staff:${staffId}` },
        { from_state: 'Shipped', to_state: 'Refunded', note: `staff:${staffId}` },
      ]);
    } finally {
      info.mockRestore();
    }
  });

  test('a paid order is refunded straight away; a card order not yet paid can only be cancelled', async () => {
    const { agent, token } = await staff();
    const { order } = await bankTransferOrder();
    await transitionOrder(testApp.db, order.id, 'Paid');
    const refunded = await postMove(agent, await openOrder(agent, order.number), 'Refunded');
    expect(textOf(refunded.page, '.staff-order-state')).toBe(resource('fr', 'Orders.States.Refunded'));
    expect(await stateOf(order.number)).toBe('Refunded');

    // Only the payment notification marks a card order Paid: staff see no such button.
    const card = await cardOrder();
    expect(moves(await openOrder(agent, card.number))).toEqual(['Cancelled']);
    const forced = await agent.post(`/fr/staff/orders/${card.number}/state`).type('form').send({ _csrf: token, From: 'Placed', To: 'Paid' });
    expect(forced.status).toBe(303);
    expect(await stateOf(card.number)).toBe('Placed');
  });

  test('the same form posted twice (a stale page, two staff at once): the second is refused with a notice and changes nothing', async () => {
    const { order, variant } = await bankTransferOrder({ quantity: 2, stock: 10 });
    expect(await stockOf(variant.id)).toBe(8);
    const first = await staff();
    const second = await staff('de');
    const seenByFirst = await openOrder(first.agent, order.number);
    const seenBySecond = await openOrder(second.agent, order.number, 'de');
    const warn = jest.spyOn(testApp.app.locals.logger, 'warn');
    try {
      await postMove(first.agent, seenByFirst, 'Paid');
      const again = await postMove(first.agent, seenByFirst, 'Paid');
      expect(textOf(again.page, '.flash-error')).toBe(
        resource('fr', 'Staff.Orders.MoveRefused').replace('{{number}}', order.number).replace('{{state}}', resource('fr', 'Orders.States.Paid')),
      );
      expect(again.page.querySelector('.flash-success')).toBeNull();
      // The other staff member's page still offers the cancel: refused, no stock goes back.
      const stale = await postMove(second.agent, seenBySecond, 'Cancelled');
      expect(textOf(stale.page, '.flash-error')).toBe(
        resource('de', 'Staff.Orders.MoveRefused').replace('{{number}}', order.number).replace('{{state}}', resource('de', 'Orders.States.Paid')),
      );
      expect(warn).toHaveBeenCalledWith(expect.objectContaining({ staffId: second.staffId, orderNumber: order.number, from: 'AwaitingPayment', to: 'Cancelled', state: 'Paid' }), expect.stringContaining('refused'));
    } finally {
      warn.mockRestore();
    }
    expect(await stateOf(order.number)).toBe('Paid');
    expect(await stockOf(variant.id)).toBe(8);
    // A move the new state allows too is still refused from a page that showed another state: staff see what changed first.
    const paidPage = await openOrder(first.agent, order.number);
    await postMove(second.agent, await openOrder(second.agent, order.number, 'de'), 'Shipped');
    const late = await postMove(first.agent, paidPage, 'Refunded');
    expect(textOf(late.page, '.flash-error')).toContain(resource('fr', 'Orders.States.Shipped'));
    expect(await stateOf(order.number)).toBe('Shipped');
    const paid = await testApp.db.selectFrom('order_state_history').select('id').where('order_id', '=', order.id).where('to_state', '=', 'Paid').execute();
    expect(paid).toHaveLength(1);
    const bad = await first.agent.post(`/fr/staff/orders/${order.number}/state`).type('form').send({ _csrf: first.token, From: 'Paid', To: 'Lost' });
    expect(bad.status).toBe(400);
    expect(textOf(parseHtml(bad.text), 'main')).toContain(resource('fr', 'Staff.Orders.UnknownState'));
    expect(await stateOf(order.number)).toBe('Shipped');
  });

  test('cancelling gives the stock and the coupon use back, once', async () => {
    const coupon = await testApp.db.selectFrom('coupons').select(['id', 'used_count']).where('code', '=', 'FIRST10').executeTakeFirstOrThrow();
    const { order, variant } = await bankTransferOrder({ quantity: 3, stock: 10, couponCode: 'FIRST10' });
    expect(await stockOf(variant.id)).toBe(7);
    const usedCount = async () => Number((await testApp.db.selectFrom('coupons').select('used_count').where('id', '=', coupon.id).executeTakeFirstOrThrow()).used_count);
    expect(await usedCount()).toBe(Number(coupon.used_count) + 1);
    const { agent } = await staff();
    const page = await openOrder(agent, order.number);
    const cancelled = await postMove(agent, page, 'Cancelled');
    expect(textOf(cancelled.page, '.flash-success')).toBe(`La commande ${order.number} est maintenant : ${resource('fr', 'Orders.States.Cancelled')}.`);
    expect(await stateOf(order.number)).toBe('Cancelled');
    expect(await stockOf(variant.id)).toBe(10);
    expect(await usedCount()).toBe(Number(coupon.used_count));
    const again = await postMove(agent, page, 'Cancelled');
    expect(textOf(again.page, '.flash-error')).toContain(order.number);
    expect(await stockOf(variant.id)).toBe(10);
    expect(await usedCount()).toBe(Number(coupon.used_count));
  });

  test('two staff members cancelling at the same moment: one cancel, the stock back once', async () => {
    const { order, variant } = await bankTransferOrder({ quantity: 4, stock: 10 });
    const sessions = await Promise.all([staff(), staff()]);
    const pages = await Promise.all(sessions.map((session) => openOrder(session.agent, order.number)));
    const answers = await Promise.all(sessions.map((session, i) => postMove(session.agent, pages[i], 'Cancelled')));
    expect(answers.map((answer) => (answer.page.querySelector('.flash-success') ? 'moved' : 'refused')).sort()).toEqual(['moved', 'refused']);
    expect(await stockOf(variant.id)).toBe(10);
    expect(await testApp.db.selectFrom('order_state_history').select('id').where('order_id', '=', order.id).where('to_state', '=', 'Cancelled').execute()).toHaveLength(1);
  });
});

describe("a staff member's own order", () => {
  test('is left to another staff member: no move, no payment marked refunded, a notice', async () => {
    const { order } = await bankTransferOrder();
    const { agent, staffId, token } = await staff();
    await testApp.db.updateTable('orders').set({ user_id: staffId }).where('id', '=', order.id).execute();
    const page = await openOrder(agent, order.number);
    const moved = await postMove(agent, page, 'Paid');
    const notice = resource('fr', 'Staff.Orders.OwnOrder').replace('{{number}}', order.number);
    expect(textOf(moved.page, '.flash-error')).toBe(notice);
    expect(await stateOf(order.number)).toBe('AwaitingPayment');

    const card = await cardOrder();
    await transitionOrder(testApp.db, card.orderId, 'Paid');
    await testApp.db.updateTable('orders').set({ user_id: staffId }).where('id', '=', card.orderId).execute();
    const payment = await testApp.db.insertInto('payments').values({
      order_id: card.orderId, provider: 'sandbox', session_id: `CSOWN${counter}`, idempotency_key: `staff-own:${counter}`, amount_cents: 1000, currency: 'EUR',
      state: 'RefundDue', psp_reference: `PSPOWN${counter}`, created_at: Date.now(), updated_at: Date.now(),
    }).returning('id').executeTakeFirstOrThrow();
    const refunded = await agent.post(`/fr/staff/orders/${card.number}/payments/${payment.id}/refunded`).type('form').send({ _csrf: token });
    expect(refunded.status).toBe(303);
    expect(textOf(parseHtml((await agent.get(refunded.headers.location)).text), '.flash-error')).toBe(resource('fr', 'Staff.Orders.OwnOrder').replace('{{number}}', card.number));
    expect((await testApp.db.selectFrom('payments').select('state').where('id', '=', payment.id).executeTakeFirstOrThrow()).state).toBe('RefundDue');
  });
});

describe('payments to refund', () => {
  async function paidWithDuplicate() {
    const order = await cardOrder();
    await transitionOrder(testApp.db, order.orderId, 'Paid');
    const payment = (state: 'Authorised' | 'RefundDue', n: number) => ({
      order_id: order.orderId, provider: 'sandbox', session_id: `CSSTAFF${counter}${n}`, idempotency_key: `staff:${counter}:${n}`, amount_cents: 1000, currency: 'EUR',
      state, psp_reference: `PSPSTAFF${counter}${n}`, created_at: Date.now(), updated_at: Date.now(),
    });
    await testApp.db.insertInto('payments').values([payment('Authorised', 1), payment('RefundDue', 2)]).execute();
    const rows = await testApp.db.selectFrom('payments').select(['id', 'state']).where('order_id', '=', order.orderId).orderBy('id').execute();
    return { order, authorised: rows[0].id, due: rows[1].id };
  }

  const paymentState = async (id: number) => (await testApp.db.selectFrom('payments').select('state').where('id', '=', id).executeTakeFirstOrThrow()).state;

  test('listed on a filter and on the order; staff mark it refunded once, with an audit line', async () => {
    const { order, authorised, due } = await paidWithDuplicate();
    const { agent, staffId } = await staff();
    const filtered = await refundDueFilter(agent);
    expect(textsOf(filtered, '.staff-order-number')).toContain(order.number);
    expect(textOf(filtered, `tr[data-order-number="${order.number}"] .staff-refund-due`)).toBe(resource('fr', 'Staff.Orders.RefundDue'));
    expect(filtered.querySelector('input[name="refundDue"]')!.hasAttribute('checked')).toBe(true);
    const states = await testApp.db.selectFrom('orders').innerJoin('payments', 'payments.order_id', 'orders.id').select('orders.number').where('payments.state', '=', 'RefundDue').execute();
    expect(textsOf(filtered, '.staff-order-number').sort()).toEqual([...new Set(states.map((row) => row.number))].sort());

    const page = await openOrder(agent, order.number);
    expect(textOf(page, `tr[data-payment-id="${authorised}"] .staff-payment-state`)).toBe(resource('fr', 'Staff.Orders.PaymentStates.Authorised'));
    expect(textOf(page, `tr[data-payment-id="${due}"] .staff-payment-state`)).toContain(resource('fr', 'Staff.Orders.PaymentStates.RefundDue'));
    expect(page.querySelectorAll('form.staff-payment-refunded')).toHaveLength(1);
    const form = page.querySelector(`tr[data-payment-id="${due}"] form.staff-payment-refunded`)!;

    const info = jest.spyOn(testApp.app.locals.logger, 'info');
    try {
      const done = await postForm(agent, form);
      expect(textOf(done.page, '.flash-success')).toBe(resource('fr', 'Staff.Orders.PaymentRefunded').replace('{{number}}', order.number));
      expect(textOf(done.page, `tr[data-payment-id="${due}"] .staff-payment-state`)).toBe(resource('fr', 'Staff.Orders.PaymentStates.Refunded'));
      // All of it: the page says so, and the table keeps the amount.
      expect(textOf(done.page, `tr[data-payment-id="${due}"] .staff-payment-refunded-amount`)).toContain('10,00');
      expect((await testApp.db.selectFrom('payments').select('refunded_cents').where('id', '=', due).executeTakeFirstOrThrow()).refunded_cents).toBe(1000);
      expect(done.page.querySelector('form.staff-payment-refunded')).toBeNull();
      expect(info).toHaveBeenCalledWith({ staffId, orderNumber: order.number, paymentId: due, from: 'RefundDue', to: 'Refunded' }, 'staff marked a payment refunded');
    } finally {
      info.mockRestore();
    }
    expect([await paymentState(authorised), await paymentState(due)]).toEqual(['Authorised', 'Refunded']);
    expect(await stateOf(order.number)).toBe('Paid');
    expect(textsOf(await refundDueFilter(agent), '.staff-order-number')).not.toContain(order.number);

    // The same form again: a notice, nothing changed.
    const again = await postForm(agent, form);
    expect(textOf(again.page, '.flash-error')).toBe(resource('fr', 'Staff.Orders.PaymentNotRefundDue').replace('{{number}}', order.number));
    expect(await paymentState(due)).toBe('Refunded');
  });

  test('a payment of another order, or one that is not RefundDue, is not touched', async () => {
    const { order, authorised } = await paidWithDuplicate();
    const other = await paidWithDuplicate();
    const { agent, token } = await staff();
    const foreign = await agent.post(`/fr/staff/orders/${order.number}/payments/${other.due}/refunded`).type('form').send({ _csrf: token });
    expect(foreign.status).toBe(303);
    const own = await agent.post(`/fr/staff/orders/${order.number}/payments/${authorised}/refunded`).type('form').send({ _csrf: token });
    expect(own.status).toBe(303);
    expect([await paymentState(other.due), await paymentState(authorised)]).toEqual(['RefundDue', 'Authorised']);
    expect((await agent.post(`/fr/staff/orders/${order.number}/payments/abc/refunded`).type('form').send({ _csrf: token })).status).toBe(404);
  });

  test('a payment partly refunded by the provider shows how much; one with nothing refunded shows nothing', async () => {
    const { order, authorised, due } = await paidWithDuplicate();
    await testApp.db.updateTable('payments').set({ refunded_cents: 300 }).where('id', '=', authorised).execute();
    const { agent } = await staff();
    const page = await openOrder(agent, order.number);
    const amount = formatMoney({ cents: 300, currency: 'EUR' }, 'fr');
    expect(textOf(page, `tr[data-payment-id="${authorised}"] .staff-payment-refunded-amount`)).toBe(resource('fr', 'Staff.Orders.RefundedAmount').replace('{{amount}}', amount).replace(/\s+/g, ' '));
    expect(page.querySelector(`tr[data-payment-id="${due}"] .staff-payment-refunded-amount`)).toBeNull();
  });
});
