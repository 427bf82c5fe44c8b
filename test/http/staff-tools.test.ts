// The staff's tools for customers: the customer search GET {app}/api/v1/sales/customers (CustomerId,
// Email; at least 2 characters), the customer pages and the edit-customer form (the form again on error,
// a redirect on success), ChangeDeliveryAddressRequest (HTML with a messages element carrying success-msg
// or error-msg), make payment from a prepaid account, PUT {app}/api/v1/sales/orders/addtocart, and the
// audit log of every staff action. Staff only: a visitor 401, a customer 403; someone else's things 404.
import { useTestApp } from '../support/app';
import { placeCardOrder } from './payments-fixtures';
import { attributeOf, csrfTokenOf, parseHtml, textOf, textsOf } from '../support/html';
import { resource } from '../support/resources';
import { demo, signedIn, visitor, waitForMail } from './accounts-helpers';
import { balanceOf, cardOrderOf, customerWithAccount, paidCardOrderOf, signedInCustomer } from './prepaid-helpers';
import { transitionOrder } from '../../server/orders/orders';

const testApp = useTestApp();

const auditOf = (entity: string, entityId: string | number) =>
  testApp.db.selectFrom('audit_log').select(['action', 'actor_id', 'before_json', 'after_json']).where('entity', '=', entity).where('entity_id', '=', String(entityId)).orderBy('id').execute();

async function staff() {
  const session = await signedIn(testApp, demo.staff);
  const staffId = (await testApp.db.selectFrom('users').select('id').where('email', '=', demo.staff.email).executeTakeFirstOrThrow()).id;
  const tokenOf = async (path: string) => csrfTokenOf(parseHtml((await session.agent.get(path)).text));
  return { ...session, staffId, tokenOf };
}

describe('customer search', () => {
  test('GET /api/v1/sales/customers?q= answers CustomerId and Email of the matches', async () => {
    const desk = await staff();
    const answer = await desk.agent.get('/api/v1/sales/customers?q=CUSTOMER@exa');
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toMatch(/application\/json/);
    const id = (await testApp.db.selectFrom('users').select('id').where('email', '=', demo.customer.email).executeTakeFirstOrThrow()).id;
    expect(answer.body).toEqual([{ CustomerId: id, Email: demo.customer.email }]);
    expect((await desk.agent.get('/api/v1/sales/customers?q=zzzz-nobody')).body).toEqual([]);
    expect((await desk.agent.get('/api/v1/sales/customers?q=%25')).status).toBe(400);
  });

  test.each(['', 'c', ' c '])('q=%j (under 2 characters) is a localised 400', async (q) => {
    const desk = await staff();
    const answer = await desk.agent.get(`/api/v1/sales/customers?culture=fr&q=${encodeURIComponent(q)}`);
    expect(answer.status).toBe(400);
    expect(answer.body.Errors).toEqual([{ Field: 'q', Message: resource('fr', 'Sales.Customers.SearchTooShort') }]);
  });

  test('a visitor gets 401, a customer 403', async () => {
    const anonymous = await visitor(testApp, '/fr/');
    expect((await anonymous.agent.get('/api/v1/sales/customers?q=customer')).status).toBe(401);
    const customer = await signedIn(testApp, demo.customer);
    expect((await customer.agent.get('/api/v1/sales/customers?q=customer')).status).toBe(403);
    expect((await customer.agent.get('/fr/staff/customers?q=customer')).status).toBe(403);
  });

  test('the search page works without JS: a GET form and links to each customer', async () => {
    const desk = await staff();
    const page = parseHtml((await desk.agent.get('/fr/staff/customers?q=customer%40example')).text);
    expect(textsOf(page, '.staff-customer-results a')).toEqual([demo.customer.email]);
    expect((await desk.agent.get('/fr/staff/customers?q=x')).status).toBe(400);
  });
});

describe('edit customer', () => {
  test('the form again (400) on error, nothing changed; saved and audited on success', async () => {
    const customer = await customerWithAccount(testApp);
    const desk = await staff();
    const form = await desk.agent.get(`/fr/staff/customers/${customer.userId}/edit`).set('HX-Request', 'true').set('HX-Target', 'modal-body');
    expect(form.status).toBe(200);
    expect(form.text).not.toMatch(/<html/);
    const token = parseHtml(form.text).querySelector('form[data-customer-edit-form] input[name=_csrf]')!.getAttribute('value')!;
    const post = (body: Record<string, string>) => desk.agent.post(`/fr/staff/customers/${customer.userId}/edit`).type('form').send({ _csrf: token, FirstName: 'Jeanne', LastName: 'Durand', Email: customer.email, Culture: 'nl', ...body });
    const bad = await post({ Email: 'not-an-email' });
    expect(bad.status).toBe(400);
    expect(parseHtml(bad.text).querySelector('form[data-customer-edit-form]')).not.toBeNull();
    const taken = await post({ Email: demo.customer.email });
    expect(taken.status).toBe(400);
    expect(parseHtml(taken.text).textContent).toContain(resource('fr', 'Sales.Customers.EmailTaken'));
    expect((await testApp.db.selectFrom('users').select('first_name').where('id', '=', customer.userId).executeTakeFirstOrThrow()).first_name).toBe('Test');
    const saved = await post({});
    expect(saved.status).toBe(303);
    expect(saved.headers.location).toBe(`/fr/staff/customers/${customer.userId}`);
    expect(await testApp.db.selectFrom('users').select(['first_name', 'last_name', 'culture']).where('id', '=', customer.userId).executeTakeFirstOrThrow()).toEqual({ first_name: 'Jeanne', last_name: 'Durand', culture: 'nl' });
    const audit = await auditOf('customer', customer.userId);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'customer.edit', actor_id: desk.staffId });
    expect(JSON.parse(audit[0].before_json!)).toMatchObject({ firstName: 'Test' });
  });

  test('an unknown customer is 404; a customer cannot edit (403)', async () => {
    const desk = await staff();
    expect((await desk.agent.get('/fr/staff/customers/999999/edit')).status).toBe(404);
    const customer = await signedIn(testApp, demo.customer);
    const token = csrfTokenOf(parseHtml((await customer.agent.get('/fr/account')).text));
    const other = await customerWithAccount(testApp);
    expect((await customer.agent.post(`/fr/staff/customers/${other.userId}/edit`).type('form').send({ _csrf: token, FirstName: 'X', LastName: 'Y', Email: 'x@example.com', Culture: 'fr' })).status).toBe(403);
  });
});

describe('ChangeDeliveryAddressRequest', () => {
  const path = '/fr/sales/order/ChangeDeliveryAddressRequest';

  async function addressPost(desk: Awaited<ReturnType<typeof staff>>, number: string, body: Record<string, string> = {}) {
    const form = parseHtml((await desk.agent.get(`${path}?OrderNumber=${number}`)).text);
    const fields = Object.fromEntries(form.querySelectorAll('form[data-delivery-address-form] input').map((input) => [input.getAttribute('name')!, input.getAttribute('value') ?? '']));
    const country = attributeOf(form, 'select[name=ShippingCountry] option[selected]', 'value') ?? '';
    return desk.agent.post(path).type('form').send({ ...fields, ShippingCountry: country, ShippingStreet1: '99 avenue Nouvelle', ShippingCity: 'Lyon', ShippingPostalCode: '69001', ...body });
  }

  test('success: the messages element carries success-msg, the address changes, the customer is mailed, audited', async () => {
    const customer = await customerWithAccount(testApp);
    const order = await cardOrderOf(testApp, customer);
    const desk = await staff();
    const answer = await addressPost(desk, order.number);
    expect(answer.status).toBe(200);
    const html = parseHtml(answer.text);
    expect(textOf(html, '.messages .success-msg')).toBe(resource('fr', 'Sales.DeliveryAddress.Changed').replace('{{number}}', order.number));
    expect(html.querySelector('.messages .error-msg')).toBeNull();
    const row = await testApp.db.selectFrom('orders').select('shipping_address').where('id', '=', order.orderId).executeTakeFirstOrThrow();
    expect(JSON.parse(row.shipping_address)).toMatchObject({ street1: '99 avenue Nouvelle', city: 'Lyon', postalCode: '69001' });
    await waitForMail(testApp, { to: customer.email, subject: resource('fr', 'Sales.DeliveryAddress.Mail.Subject').replace('{{number}}', order.number) });
    expect((await auditOf('order', order.number)).map((entry) => entry.action)).toEqual(['order.delivery-address']);
  });

  test('a shipped order: error-msg (409), the address unchanged; a missing field: the form again (400)', async () => {
    const customer = await customerWithAccount(testApp);
    const order = await paidCardOrderOf(testApp, customer);
    await transitionOrder(testApp.db, order.orderId, 'Shipped', 'test');
    const desk = await staff();
    const before = (await testApp.db.selectFrom('orders').select('shipping_address').where('id', '=', order.orderId).executeTakeFirstOrThrow()).shipping_address;
    const late = await addressPost(desk, order.number);
    expect(late.status).toBe(409);
    expect(textOf(parseHtml(late.text), '.messages .error-msg')).toBe(resource('fr', 'Sales.DeliveryAddress.TooLate'));
    const missing = await addressPost(desk, order.number, { ShippingCity: '' });
    expect(missing.status).toBe(400);
    expect(parseHtml(missing.text).querySelector('form[data-delivery-address-form]')).not.toBeNull();
    expect((await testApp.db.selectFrom('orders').select('shipping_address').where('id', '=', order.orderId).executeTakeFirstOrThrow()).shipping_address).toBe(before);
    expect(await auditOf('order', order.number)).toEqual([]);
  });

  test('an unknown order is 404; a customer 403', async () => {
    const desk = await staff();
    expect((await desk.agent.get(`${path}?OrderNumber=2099-999999`)).status).toBe(404);
    const customer = await signedInCustomer(testApp);
    const order = await cardOrderOf(testApp, customer);
    expect((await customer.agent.get(`${path}?OrderNumber=${order.number}`)).status).toBe(403);
  });
});

describe('make payment with a prepaid account (staff)', () => {
  test("the customer's account pays the order, audited; another customer's account is 404; above the balance 400", async () => {
    const customer = await customerWithAccount(testApp, { balanceCents: 3000 });
    const other = await customerWithAccount(testApp, { balanceCents: 9000 });
    const order = await cardOrderOf(testApp, customer, 2000);
    const expensive = await cardOrderOf(testApp, customer, 5000);
    const desk = await staff();
    const tools = parseHtml((await desk.agent.get(`/fr/staff/orders/${order.number}/tools`)).text);
    expect(attributeOf(tools, 'form.prepaid-pay-form input[name=PrepaidAccountId]', 'value')).toBe(String(customer.accountId));
    const token = csrfTokenOf(tools);
    const pay = (number: string, PrepaidAccountId: number) => desk.agent.post(`/fr/staff/orders/${number}/prepaid`).type('form').send({ _csrf: token, PrepaidAccountId });
    expect((await pay(order.number, other.accountId)).status).toBe(404);
    expect((await pay(expensive.number, customer.accountId)).status).toBe(400);
    expect(await balanceOf(testApp, customer.accountId)).toBe(3000);
    expect((await pay(order.number, customer.accountId)).status).toBe(303);
    expect(await balanceOf(testApp, customer.accountId)).toBe(1000);
    expect(await balanceOf(testApp, other.accountId)).toBe(9000);
    const audit = await auditOf('order', order.number);
    expect(audit.map((entry) => [entry.action, entry.actor_id])).toEqual([['order.prepaid-payment', desk.staffId]]);
  });
});

describe('PUT /api/v1/sales/orders/addtocart', () => {
  test("the customer's own order goes back into their cart; someone else's is 404; no OrderId 400", async () => {
    const customer = await signedInCustomer(testApp);
    const order = await paidCardOrderOf(testApp, customer);
    const answer = await customer.agent.put('/api/v1/sales/orders/addtocart?culture=fr').set('X-CSRF-Token', customer.token).type('form').send({ OrderId: order.number });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ ItemsCount: 4, Skipped: [], Url: '/fr/shoppingcarts' });
    const intruder = await signedInCustomer(testApp);
    expect((await intruder.agent.put('/api/v1/sales/orders/addtocart').set('X-CSRF-Token', intruder.token).type('form').send({ OrderId: order.number })).status).toBe(404);
    expect(await testApp.db.selectFrom('carts').select('id').where('user_id', '=', intruder.userId).execute()).toEqual([]);
    const missing = await customer.agent.put('/api/v1/sales/orders/addtocart?culture=fr').set('X-CSRF-Token', customer.token).type('form').send({});
    expect(missing.status).toBe(400);
    expect(missing.body.Errors).toEqual([{ Field: 'OrderId', Message: resource('fr', 'Sales.Reorder.OrderRequired') }]);
  });

  test("staff prepare a customer's order in the CUSTOMER's cart (found at their sign-in), not their own; audited; a form post goes back to the tools", async () => {
    const customer = await customerWithAccount(testApp);
    const order = await paidCardOrderOf(testApp, customer);
    const desk = await staff();
    const cartsOf = (userId: number) => testApp.db.selectFrom('carts').select('id').where('user_id', '=', userId).execute();
    const ownBefore = await cartsOf(desk.staffId);
    const token = await desk.tokenOf(`/fr/staff/orders/${order.number}/tools`);
    const answer = await desk.agent.post('/api/v1/sales/orders/addtocart').type('form').set('Referer', 'http://x/fr/staff').send({ _csrf: token, OrderId: order.number });
    expect(answer.status).toBe(303);
    expect(answer.headers.location).toBe(`/fr/staff/orders/${order.number}/tools`);
    expect((await desk.agent.get(answer.headers.location)).text).toContain(resource('fr', 'Sales.Reorder.AddedForCustomer').replace(/'/g, '&#39;'));
    // Nothing in the staff member's cart; the customer's cart holds the order's lines.
    expect(await cartsOf(desk.staffId)).toEqual(ownBefore);
    for (const { id } of ownBefore) expect(await testApp.db.selectFrom('cart_items').select('id').where('cart_id', '=', id).execute()).toEqual([]);
    const [cart] = await cartsOf(customer.userId);
    const lines = await testApp.db.selectFrom('cart_items').select(['variant_id', 'quantity', 'origin']).where('cart_id', '=', cart.id).orderBy('id').execute();
    expect(lines.map((line) => [line.quantity, line.origin])).toEqual([[3, 'Order'], [1, 'Order']]);
    // The customer signs in and finds them in their cart.
    const own = await signedIn(testApp, customer);
    const info = await own.agent.get('/api/v1/shoppingcarts?culture=fr').set('Accept', 'application/json');
    expect(info.body.ItemsCount).toBe(4);
    const audit = await auditOf('order', order.number);
    expect(audit.map((entry) => [entry.action, entry.actor_id])).toEqual([['order.reorder', desk.staffId]]);
    // PUT (JSON) again: the same cart of the customer's grows; the answer points back to the tools.
    const put = await desk.agent.put('/api/v1/sales/orders/addtocart?culture=fr').set('X-CSRF-Token', token).type('form').send({ OrderId: order.number });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ ItemsCount: 8, Skipped: [], Url: `/fr/staff/orders/${order.number}/tools` });
    expect(await cartsOf(customer.userId)).toEqual([cart]);
  });

  test("a guest's order (no account to hold a cart) is refused to staff: 409, no cart made", async () => {
    const desk = await staff();
    const guest = await placeCardOrder(testApp, { userId: null, email: 'reorder-guest@example.com', key: `reorder-guest-${Date.now()}` });
    const token = await desk.tokenOf('/fr/staff/customers');
    const cartsBefore = await testApp.db.selectFrom('carts').select('id').execute();
    const answer = await desk.agent.put('/api/v1/sales/orders/addtocart?culture=fr').set('X-CSRF-Token', token).set('Accept', 'application/json').type('form').send({ OrderId: guest.number });
    expect(answer.status).toBe(409);
    expect(answer.body.Message).toBe(resource('fr', 'Sales.Reorder.GuestOrder'));
    expect(await testApp.db.selectFrom('carts').select('id').execute()).toEqual(cartsBefore);
  });
});
