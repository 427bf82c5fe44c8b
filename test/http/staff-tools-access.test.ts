// Issue 28, item 1: staff must not take over privileged accounts. The staff's customer tools (search API
// and page, customer page, edit, order tools, prepaid payment, delivery address, reorder) see and touch
// only plain customers: a staff, editor or administrator account is "not found" (404) and nothing changes.
// The probe of the issue, step by step, then every role against every route with a plain customer's ids
// and a privileged account's (table-driven).
import { useTestApp } from '../support/app';
import { csrfTokenOf, parseHtml, textsOf } from '../support/html';
import { resource } from '../support/resources';
import { insertPrepaidAccount, moveMoney } from '../../server/prepaid/data';
import { type Agent, demo, settledOutbox, signedIn, visitor } from './accounts-helpers';
import { placeCardOrder } from './payments-fixtures';
import { balanceOf, customerWithAccount, prepaidVariantId, signedInCustomer } from './prepaid-helpers';

const testApp = useTestApp();
const admin = { email: 'admin@example.com', password: 'Admin-Demo-2026' };

const idOf = async (email: string) => (await testApp.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
const userRow = (id: number) => testApp.db.selectFrom('users').select(['email', 'first_name', 'last_name', 'culture', 'password_hash']).where('id', '=', id).executeTakeFirstOrThrow();

describe('the probe of issue 28 now fails at every step', () => {
  test('search, edit, password reset to the new address, back office', async () => {
    const adminId = await idOf(admin.email);
    const before = await userRow(adminId);
    const desk = await signedIn(testApp, demo.staff);
    // 1. The search does not list the administrator (API and page), nor any other privileged account.
    expect((await desk.agent.get('/api/v1/sales/customers?q=admin')).body).toEqual([]);
    const all = await desk.agent.get('/api/v1/sales/customers?q=%40example.com');
    for (const email of [admin.email, demo.staff.email, demo.editor.email]) expect(all.body.map((row: { Email: string }) => row.Email)).not.toContain(email);
    expect(textsOf(parseHtml((await desk.agent.get('/fr/staff/customers?q=admin')).text), '.staff-customer-results a')).toEqual([]);
    // 2. The edit is not found (the usual localised 404), and the account is unchanged.
    const outboxBefore = (await settledOutbox(testApp)).length;
    const token = csrfTokenOf(parseHtml((await desk.agent.get('/fr/staff/customers')).text));
    const edit = await desk.agent.post(`/fr/staff/customers/${adminId}/edit`).type('form').send({ _csrf: token, FirstName: 'Adrien', LastName: 'Dubois', Email: 'mallory@example.net', Culture: 'fr' });
    expect(edit.status).toBe(404);
    expect(parseHtml(edit.text).textContent).toContain(resource('fr', 'Core.NotFoundText'));
    expect(await userRow(adminId)).toEqual(before);
    expect(await testApp.db.selectFrom('email_changes').select('id').where('user_id', '=', adminId).execute()).toEqual([]);
    // 3. A password reset asked for the new address sends nothing (no account has it).
    const anonymous = await visitor(testApp, '/fr/security/forgotpassword');
    expect((await anonymous.agent.post('/fr/security/forgotpassword').type('form').send({ _csrf: anonymous.token, Email: 'mallory@example.net' })).status).toBe(303);
    const outbox = await settledOutbox(testApp);
    expect(outbox.slice(outboxBefore).map((message) => message.to)).toEqual([]);
    // 4. The back office stays closed to the attacker; the administrator still signs in with their own address and password.
    expect((await desk.agent.get('/fr/backoffice/editors')).status).toBe(403);
    await signedIn(testApp, admin);
    expect(await userRow(adminId)).toEqual(before);
  });

  test('on a plain customer: the staff edit of the e-mail changes nothing until the customer confirms, so a reset to the new address sends nothing', async () => {
    const customer = await customerWithAccount(testApp);
    const desk = await signedIn(testApp, demo.staff);
    const token = csrfTokenOf(parseHtml((await desk.agent.get(`/fr/staff/customers/${customer.userId}/edit`)).text));
    const edit = await desk.agent.post(`/fr/staff/customers/${customer.userId}/edit`).type('form').send({ _csrf: token, FirstName: 'Test', LastName: 'Account', Email: 'mallory2@example.net', Culture: 'fr' });
    expect(edit.status).toBe(303);
    expect((await userRow(customer.userId)).email).toBe(customer.email);
    const seen = (await settledOutbox(testApp)).length;
    const anonymous = await visitor(testApp, '/fr/security/forgotpassword');
    await anonymous.agent.post('/fr/security/forgotpassword').type('form').send({ _csrf: anonymous.token, Email: 'mallory2@example.net' });
    const resets = (await settledOutbox(testApp)).slice(seen).filter((message) => message.subject === resource('fr', 'Security.Mail.ResetPassword.Subject'));
    expect(resets).toEqual([]);
  });
});

type Role = 'anonymous' | 'customer' | 'another customer' | 'staff' | 'editor' | 'admin';
type Target = 'plain' | 'privileged';

/** What each target offers the routes: the account, one of its orders, one of its prepaid accounts. */
interface Fixture {
  userId: number;
  email: string;
  orderNumber: string;
  prepaidAccountId: number;
}

interface Route {
  name: string;
  /** 'staff': requireRole('staff'); 'reorder': any account, its own order or (staff) a plain customer's. */
  guard: 'staff' | 'reorder';
  /** A GET page a browser loads: a visitor is sent to log in (303) rather than answered 401. */
  page?: boolean;
  /** A search: a privileged account is not an error, it is simply not among the results. */
  search?: boolean;
  ok: number;
  send: (agent: Agent, token: string, target: Fixture) => ReturnType<Agent['get']>;
}

const routes: Route[] = [
  { name: 'GET search API', guard: 'staff', search: true, ok: 200, send: (agent, _token, target) => agent.get(`/api/v1/sales/customers?q=${encodeURIComponent(target.email)}`) },
  { name: 'GET search page', guard: 'staff', page: true, search: true, ok: 200, send: (agent, _token, target) => agent.get(`/fr/staff/customers?q=${encodeURIComponent(target.email)}`) },
  { name: 'GET customer page', guard: 'staff', page: true, ok: 200, send: (agent, _token, target) => agent.get(`/fr/staff/customers/${target.userId}`) },
  { name: 'GET edit form', guard: 'staff', page: true, ok: 200, send: (agent, _token, target) => agent.get(`/fr/staff/customers/${target.userId}/edit`) },
  {
    name: 'POST edit',
    guard: 'staff',
    ok: 303,
    send: (agent, token, target) => agent.post(`/fr/staff/customers/${target.userId}/edit`).type('form').send({ _csrf: token, FirstName: 'Mallory', LastName: 'Intruder', Email: `taken-over-${target.userId}@example.net`, Culture: 'de' }),
  },
  { name: 'GET order tools', guard: 'staff', page: true, ok: 200, send: (agent, _token, target) => agent.get(`/fr/staff/orders/${target.orderNumber}/tools`) },
  {
    name: 'POST prepaid payment',
    guard: 'staff',
    ok: 303,
    send: (agent, token, target) => agent.post(`/fr/staff/orders/${target.orderNumber}/prepaid`).type('form').send({ _csrf: token, PrepaidAccountId: target.prepaidAccountId }),
  },
  { name: 'GET delivery address form', guard: 'staff', page: true, ok: 200, send: (agent, _token, target) => agent.get(`/fr/sales/order/ChangeDeliveryAddressRequest?OrderNumber=${target.orderNumber}`) },
  {
    name: 'POST delivery address',
    guard: 'staff',
    ok: 200,
    send: (agent, token, target) =>
      agent.post('/fr/sales/order/ChangeDeliveryAddressRequest').type('form').send({
        _csrf: token, OrderNumber: target.orderNumber, ShippingFirstName: 'Mallory', ShippingLastName: 'Intruder', ShippingStreet1: '1 rue Pirate', ShippingStreet2: '',
        ShippingPostalCode: '75001', ShippingCity: 'Paris', ShippingCountry: countryId, ShippingPhone: '',
      }),
  },
  { name: 'PUT reorder', guard: 'reorder', ok: 200, send: (agent, token, target) => agent.put('/api/v1/sales/orders/addtocart?culture=fr').set('X-CSRF-Token', token).type('form').send({ OrderId: target.orderNumber }) },
  {
    name: 'POST reorder (no JS)',
    guard: 'reorder',
    ok: 303,
    send: (agent, token, target) => agent.post('/api/v1/sales/orders/addtocart').type('form').set('Referer', 'http://x/fr/staff').send({ _csrf: token, OrderId: target.orderNumber }),
  },
];

let countryId = '';
const fixtures = {} as Record<Target, Fixture>;
const sessions = {} as Record<Role, { agent: Agent; token: string; userId: number | null }>;

/** The status a role must get on a route for a target. */
function expected(route: Route, role: Role, target: Target): number {
  if (role === 'anonymous') return route.page ? 303 : 401;
  const owner = (role === 'customer' && target === 'plain') || (role === 'admin' && target === 'privileged');
  if (route.guard === 'reorder') {
    return owner || (role === 'staff' && target === 'plain') ? route.ok : 404;
  }
  if (role !== 'staff') return 403;
  return target === 'plain' || route.search ? route.ok : 404;
}

async function privilegedFixture(): Promise<Fixture> {
  const userId = await idOf(admin.email);
  const now = Date.now();
  const prepaidAccountId = await insertPrepaidAccount(testApp.db, { userId, variantId: await prepaidVariantId(testApp), name: 'Admin', currency: 'EUR', now });
  await testApp.db.transaction().execute((trx) => moveMoney(trx, { accountId: prepaidAccountId, amountCents: 50000, kind: 'TopUp', orderId: null, note: 'test', now }));
  const order = await placeCardOrder(testApp, { userId, email: admin.email, key: `admin-order-${now}` });
  return { userId, email: admin.email, orderNumber: order.number, prepaidAccountId };
}

beforeAll(async () => {
  const plain = await customerWithAccount(testApp, { balanceCents: 50000 });
  const plainOrder = await placeCardOrder(testApp, { userId: plain.userId, email: plain.email, key: `plain-order-${Date.now()}` });
  fixtures.plain = { userId: plain.userId, email: plain.email, orderNumber: plainOrder.number, prepaidAccountId: plain.accountId };
  fixtures.privileged = await privilegedFixture();
  const order = await testApp.db.selectFrom('orders').select('shipping_address').where('number', '=', plainOrder.number).executeTakeFirstOrThrow();
  countryId = String(JSON.parse(order.shipping_address).countryId);
  const withToken = async (session: { agent: Agent; token: string }, userId: number | null) => ({ agent: session.agent, token: session.token, userId });
  sessions.anonymous = await withToken(await visitor(testApp, '/fr/'), null);
  sessions.customer = await withToken(await signedIn(testApp, plain), plain.userId);
  const another = await signedInCustomer(testApp);
  sessions['another customer'] = await withToken(another, another.userId);
  sessions.staff = await withToken(await signedIn(testApp, demo.staff), await idOf(demo.staff.email));
  sessions.editor = await withToken(await signedIn(testApp, demo.editor), await idOf(demo.editor.email));
  sessions.admin = await withToken(await signedIn(testApp, admin), await idOf(admin.email));
});

const roles: Role[] = ['anonymous', 'customer', 'another customer', 'staff', 'editor', 'admin'];
const table = routes.flatMap((route) => roles.flatMap((role) => (['plain', 'privileged'] as Target[]).map((target) => [route.name, role, target] as const)));

describe('every role against every staff customer route', () => {
  let privilegedBefore: Awaited<ReturnType<typeof snapshot>>;

  /** Everything a staff tool could change on the privileged account. */
  async function snapshot() {
    const { userId, orderNumber, prepaidAccountId } = fixtures.privileged;
    const order = await testApp.db.selectFrom('orders').select(['state', 'shipping_address']).where('number', '=', orderNumber).executeTakeFirstOrThrow();
    const carts = await testApp.db.selectFrom('carts').innerJoin('cart_items', 'cart_items.cart_id', 'carts.id').select('cart_items.id').where('carts.user_id', '=', userId).execute();
    return { user: await userRow(userId), order, balance: await balanceOf(testApp, prepaidAccountId), carts: carts.length };
  }

  beforeAll(async () => {
    privilegedBefore = await snapshot();
  });

  test.each(table)('%s, %s, %s account', async (routeName, role, target) => {
    const route = routes.find((candidate) => candidate.name === routeName)!;
    const session = sessions[role];
    const answer = await route.send(session.agent, session.token, fixtures[target]);
    expect(answer.status).toBe(expected(route, role, target));
    if (route.name === 'GET search API' && answer.status === 200) {
      expect(answer.body.map((row: { CustomerId: number }) => row.CustomerId)).toEqual(target === 'plain' ? [fixtures.plain.userId] : []);
    }
    if (route.name === 'GET search page' && answer.status === 200) {
      expect(textsOf(parseHtml(answer.text), '.staff-customer-results a')).toEqual(target === 'plain' ? [fixtures.plain.email] : []);
    }
  });

  test('nothing of the privileged account changed, except its own reorder into its own cart', async () => {
    const after = await snapshot();
    expect({ ...after, carts: 0 }).toEqual({ ...privilegedBefore, carts: 0 });
    expect(await testApp.db.selectFrom('email_changes').select('id').where('user_id', '=', fixtures.privileged.userId).execute()).toEqual([]);
    const staffId = sessions.staff.userId!;
    const audit = await testApp.db.selectFrom('audit_log').select(['action', 'entity_id']).where('actor_id', '=', staffId).execute();
    expect(audit.filter((entry) => [String(fixtures.privileged.userId), fixtures.privileged.orderNumber].includes(entry.entity_id))).toEqual([]);
  });

  test('the plain customer was served: the staff edit asked an e-mail change, the prepaid account paid the order', async () => {
    const changes = await testApp.db.selectFrom('email_changes').select(['new_email', 'requested_by']).where('user_id', '=', fixtures.plain.userId).execute();
    expect(changes).toEqual([{ new_email: `taken-over-${fixtures.plain.userId}@example.net`, requested_by: sessions.staff.userId }]);
    expect((await userRow(fixtures.plain.userId)).email).toBe(fixtures.plain.email);
    expect(await balanceOf(testApp, fixtures.plain.prepaidAccountId)).toBeLessThan(50000);
  });
});
