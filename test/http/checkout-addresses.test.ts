// The address book of signed-in customers: the address popup form (page without JS, JSON answers for
// ajax), the owner check, the DeliveryAddressPicker widget, and the checkout using a saved address.
import request from 'supertest';
import { useTestApp } from '../support/app';
import { parseHtml, textOf } from '../support/html';
import { createAccount, demo, signedIn } from './accounts-helpers';
import { cartFor, countryId, orderOf, savedAddressFor, type SavedAddressOverrides, userIdOf, validCheckout } from './checkout-helpers';

const testApp = useTestApp();
const other = { email: 'other-customer@example.com', password: 'Other-Customer-2026' };

beforeAll(async () => {
  await createAccount(testApp, other);
});

const userId = (email: string) => userIdOf(testApp, email);
const addressFor = (email: string, overrides?: SavedAddressOverrides) => savedAddressFor(testApp, email, overrides);

async function popupForm(agent: ReturnType<typeof request.agent>, query = 'Id=0&AddressType=Billing') {
  const page = await agent.get(`/fr/checkout/address?${query}`);
  const html = parseHtml(page.text);
  return { page, html, csrf: html.querySelector('input[name="_csrf"]')?.getAttribute('value') ?? '' };
}

async function addressPost(overrides: Record<string, string> = {}) {
  return {
    Id: '0',
    AddressType: 'Both',
    ExistingBillingAddressId: '0',
    ExistingShippingAddressId: '0',
    AccountType: 'Private',
    BillingFirstName: 'Claire',
    BillingLastName: 'Dubois',
    BillingStreet1: '12 quai Saint-Antoine',
    BillingPostalCode: '69002',
    BillingCity: 'Lyon',
    BillingCountry: String(await countryId(testApp, 'FR')),
    ...overrides,
  };
}

describe('the address popup form', () => {
  test('a visitor is sent to sign in; a customer gets the spec fields', async () => {
    const visitorAnswer = await request(testApp.app).get('/fr/checkout/address?Id=0');
    expect(visitorAnswer.status).toBe(303);
    expect(visitorAnswer.headers.location).toBe(`/fr/security/login?returnUrl=${encodeURIComponent('/fr/checkout/address?Id=0')}`);
    const { agent } = await signedIn(testApp, demo.customer);
    const { page, html } = await popupForm(agent);
    expect(page.status).toBe(200);
    expect(page.headers['cache-control']).toContain('no-store');
    for (const name of ['Id', 'AddressType', 'ExistingBillingAddressId', 'ExistingShippingAddressId', 'AccountType', 'BillingFirstName', 'BillingStreet1', 'BillingVAT', 'BillingCountry']) {
      expect(html.querySelector(`[name="${name}"]`)).not.toBeNull();
    }
    expect(html.querySelector('input[name="Id"]')!.getAttribute('value')).toBe('0');
    expect(html.querySelectorAll('select[name="AddressType"] option').map((o) => o.getAttribute('value'))).toEqual(['Billing', 'Shipping', 'Both']);
    expect(html.querySelector('select[name="AddressType"] option[selected]')!.getAttribute('value')).toBe('Billing');
  });

  test('without JS a new address is saved and the checkout comes back with it chosen and filled in', async () => {
    const { agent } = await signedIn(testApp, demo.customer);
    await cartFor(testApp, { agent, userId: await userId(demo.customer.email), quantity: 1 });
    const { csrf } = await popupForm(agent);
    const answer = await agent.post('/fr/checkout/address').type('form').send({ ...(await addressPost({ BillingStreet1: '7 rue Mercière' })), _csrf: csrf });
    expect(answer.status).toBe(303);
    const saved = await testApp.db.selectFrom('addresses').selectAll().where('street1', '=', '7 rue Mercière').executeTakeFirstOrThrow();
    expect(saved).toMatchObject({ user_id: await userId(demo.customer.email), type: 'Both', first_name: 'Claire', city: 'Lyon', account_type: 'Private' });
    expect(answer.headers.location).toBe(`/fr/checkout?ExistingBillingAddressId=${saved.id}&ExistingShippingAddressId=${saved.id}`);

    const checkout = parseHtml((await agent.get(answer.headers.location)).text);
    expect(textOf(checkout, '.flash')).toBe('Adresse enregistrée.');
    expect(checkout.querySelector(`input[name="ExistingBillingAddressId"][value="${saved.id}"]`)!.hasAttribute('checked')).toBe(true);
    expect(checkout.querySelector(`input[name="ExistingShippingAddressId"][value="${saved.id}"]`)!.hasAttribute('checked')).toBe(true);
    expect(checkout.querySelector('input[name="BillingStreet1"]')!.getAttribute('value')).toBe('7 rue Mercière');
    expect(checkout.querySelector('[data-address-pickers]')!.getAttribute('data-has-creation')).toBe('true');
    expect(checkout.querySelector('[data-address-pickers]')!.getAttribute('data-has-edit')).toBe('true');
  });

  test('bad input: field messages (400) for the page, the API body for JSON, nothing saved, never 500', async () => {
    const { agent } = await signedIn(testApp, demo.customer);
    const { csrf } = await popupForm(agent);
    const before = (await testApp.db.selectFrom('addresses').select('id').execute()).length;
    const bad = await addressPost({ BillingFirstName: '', AddressType: 'Elsewhere', AccountType: 'Company', BillingCompany: '', BillingCountry: String(await countryId(testApp, 'BE')), BillingVAT: 'BE12' });
    const page = await agent.post('/fr/checkout/address').type('form').send({ ...bad, _csrf: csrf });
    expect(page.status).toBe(400);
    const html = parseHtml(page.text);
    for (const name of ['BillingFirstName', 'AddressType', 'BillingCompany', 'BillingVAT']) expect(textOf(html, `[data-valmsg-for="${name}"]`)).not.toBe('');
    expect(textOf(html, '[data-valmsg-for="BillingVAT"]')).toBe("Le format du numéro de TVA n'est pas valide pour ce pays.");

    const json = await agent.post('/fr/checkout/address').set('Accept', 'application/json').type('form').send({ ...bad, Id: 'abc', _csrf: csrf });
    expect(json.status).toBe(400);
    expect(json.body.Message).toEqual(expect.any(String));
    expect(json.body.Errors.map((e: { Field: string }) => e.Field)).toEqual(expect.arrayContaining(['Id', 'BillingFirstName', 'AddressType', 'BillingVAT']));
    const unknownCountry = await agent.post('/fr/checkout/address').type('form').send({ ...(await addressPost({ BillingCountry: '999999' })), _csrf: csrf });
    expect(unknownCountry.status).toBe(400);
    expect((await testApp.db.selectFrom('addresses').select('id').execute()).length).toBe(before);
  });

  test('the owner check: another customer\'s address is 403, an unknown one 404, the own one is edited', async () => {
    const theirs = await addressFor(other.email, { street1: 'Their street' });
    const mine = await addressFor(demo.customer.email, { street1: 'My street' });
    const { agent } = await signedIn(testApp, demo.customer);
    const { csrf } = await popupForm(agent);
    expect((await agent.get(`/fr/checkout/address?Id=${theirs}`)).status).toBe(403);
    expect((await agent.get('/fr/checkout/address?Id=99999')).status).toBe(404);
    const steal = await agent.post('/fr/checkout/address').type('form').send({ ...(await addressPost({ Id: String(theirs), BillingStreet1: 'Hijacked' })), _csrf: csrf });
    expect(steal.status).toBe(403);
    expect((await agent.post('/fr/checkout/address').type('form').send({ ...(await addressPost({ Id: '99999' })), _csrf: csrf })).status).toBe(404);
    expect((await testApp.db.selectFrom('addresses').select('street1').where('id', '=', theirs).executeTakeFirstOrThrow()).street1).toBe('Their street');

    const edit = await popupForm(agent, `Id=${mine}`);
    expect(edit.html.querySelector('input[name="BillingStreet1"]')!.getAttribute('value')).toBe('My street');
    const saved = await agent.post('/fr/checkout/address').type('form').send({ ...(await addressPost({ Id: String(mine), AddressType: 'Shipping', BillingStreet1: 'My new street' })), _csrf: csrf });
    expect(saved.status).toBe(303);
    const row = await testApp.db.selectFrom('addresses').select(['street1', 'type']).where('id', '=', mine).executeTakeFirstOrThrow();
    expect(row).toEqual({ street1: 'My new street', type: 'Shipping' });
    // A Shipping address is chosen for shipping only; the billing choice stays as it was.
    expect(saved.headers.location).toBe(`/fr/checkout?ExistingBillingAddressId=0&ExistingShippingAddressId=${mine}`);
  });

  test('with JS (ajax) the save answers JSON with the new choice', async () => {
    const { agent } = await signedIn(testApp, demo.customer);
    const { csrf } = await popupForm(agent);
    const answer = await agent
      .post('/fr/checkout/address')
      .set('HX-Request', 'true')
      .set('HX-Target', 'modal-body')
      .set('X-CSRF-Token', csrf)
      .type('form')
      .send(await addressPost({ AddressType: 'Billing', ExistingShippingAddressId: '0', BillingStreet1: 'Ajax street' }));
    expect(answer.status).toBe(200);
    const saved = await testApp.db.selectFrom('addresses').select('id').where('street1', '=', 'Ajax street').executeTakeFirstOrThrow();
    expect(answer.body).toEqual({ Id: saved.id, AddressType: 'Billing', ExistingBillingAddressId: String(saved.id), ExistingShippingAddressId: '0' });
    // A refused ajax post answers the form region with its messages (400), to go back into the modal.
    const refused = await agent.post('/fr/checkout/address').set('HX-Request', 'true').set('HX-Target', 'modal-body').set('X-CSRF-Token', csrf).type('form').send(await addressPost({ BillingCity: '' }));
    expect(refused.status).toBe(400);
    expect(refused.text).not.toContain('<html');
    expect(textOf(parseHtml(refused.text), '[data-valmsg-for="BillingCity"]')).not.toBe('');
  });
});

describe('GET /widget/DeliveryAddressPicker', () => {
  test('lists the customer\'s own addresses by use, with the chosen ones checked and the page flags', async () => {
    const billingOnly = await addressFor(demo.customer.email, { type: 'Billing', street1: 'Billing only street' });
    const shippingOnly = await addressFor(demo.customer.email, { type: 'Shipping', street1: 'Shipping only street' });
    await addressFor(other.email, { street1: 'Not mine street' });
    const { agent } = await signedIn(testApp, demo.customer);
    const answer = await agent.get(`/widget/DeliveryAddressPicker?culture=fr&ExistingBillingAddressId=${billingOnly}&ExistingShippingAddressId=${shippingOnly}&hasEdit=false`);
    expect(answer.status).toBe(200);
    expect(answer.headers['cache-control']).toContain('no-store');
    const html = parseHtml(answer.text);
    const picker = (use: string) => html.querySelector(`[data-address-picker="${use}"]`)!;
    expect(picker('Billing').text).toContain('Billing only street');
    expect(picker('Billing').text).not.toContain('Shipping only street');
    expect(picker('Shipping').text).toContain('Shipping only street');
    expect(picker('Shipping').text).not.toContain('Billing only street');
    expect(answer.text).not.toContain('Not mine street');
    expect(html.querySelector(`input[name="ExistingBillingAddressId"][value="${billingOnly}"]`)!.hasAttribute('checked')).toBe(true);
    expect(html.querySelector(`input[name="ExistingShippingAddressId"][value="${shippingOnly}"]`)!.hasAttribute('checked')).toBe(true);
    expect(textOf(html, 'legend')).toContain('Mes adresses de facturation');
    // has-edit off: no edit links; has-creation on: the add links.
    expect(html.querySelectorAll('[data-address-popup].address-edit')).toHaveLength(0);
    expect(html.querySelectorAll('.address-add [data-address-popup]')).toHaveLength(2);
    const data = JSON.parse(html.querySelector(`input[name="ExistingBillingAddressId"][value="${billingOnly}"]`)!.getAttribute('data-address')!);
    expect(data).toMatchObject({ BillingStreet1: 'Billing only street', BillingCountry: String(await countryId(testApp, 'FR')) });
  });

  test('a visitor gets 401; a malformed id a 400 with the field', async () => {
    expect((await request(testApp.app).get('/widget/DeliveryAddressPicker').set('Accept', 'application/json')).status).toBe(401);
    const { agent } = await signedIn(testApp, demo.customer);
    const bad = await agent.get('/widget/DeliveryAddressPicker?ExistingBillingAddressId=x').set('Accept', 'application/json');
    expect(bad.status).toBe(400);
    expect(bad.body.Errors[0].Field).toBe('ExistingBillingAddressId');
  });
});

describe('the checkout with saved addresses', () => {
  test('the chosen billing and shipping addresses become the order\'s addresses, without typing them', async () => {
    const billing = await addressFor(demo.customer.email, { type: 'Billing', first_name: 'Bill', street1: '1 Billing road', city: 'Lille' });
    const shipping = await addressFor(demo.customer.email, { type: 'Shipping', first_name: 'Ship', street1: '2 Shipping road', city: 'Nantes' });
    const { agent } = await signedIn(testApp, demo.customer);
    const { csrf, key } = await cartFor(testApp, { agent, userId: await userId(demo.customer.email), quantity: 1 });
    const post = await validCheckout(testApp, { Email: demo.customer.email, ExistingBillingAddressId: String(billing), ExistingShippingAddressId: String(shipping) });
    // Nothing typed: the server fills the fields from the chosen addresses.
    for (const name of ['BillingFirstName', 'BillingLastName', 'BillingStreet1', 'BillingPostalCode', 'BillingCity', 'SameAddressForShipping']) delete post[name];
    const answer = await agent.post('/fr/checkout').type('form').send({ ...post, _csrf: csrf, IdempotencyKey: key });
    expect(answer.status).toBe(303);
    const order = await orderOf(testApp, answer.headers.location);
    expect(JSON.parse(order.billing_address)).toMatchObject({ firstName: 'Bill', street1: '1 Billing road', city: 'Lille' });
    expect(JSON.parse(order.shipping_address)).toMatchObject({ firstName: 'Ship', street1: '2 Shipping road', city: 'Nantes' });
  });

  test('another customer\'s address, or a shipping-only one for billing, is a field message and no order', async () => {
    const theirs = await addressFor(other.email);
    const shippingOnly = await addressFor(demo.customer.email, { type: 'Shipping' });
    const { agent } = await signedIn(testApp, demo.customer);
    for (const id of [theirs, shippingOnly]) {
      const { csrf, key } = await cartFor(testApp, { agent, userId: await userId(demo.customer.email), quantity: 1 });
      const answer = await agent.post('/fr/checkout').type('form').send({ ...(await validCheckout(testApp, { ExistingBillingAddressId: String(id) })), _csrf: csrf, IdempotencyKey: key });
      expect(answer.status).toBe(400);
      expect(textOf(parseHtml(answer.text), '[data-valmsg-for="ExistingBillingAddressId"]')).toBe("Cette adresse n'est pas dans votre carnet.");
      expect(await testApp.db.selectFrom('orders').select('id').where('idempotency_key', '=', key).executeTakeFirst()).toBeUndefined();
    }
  });
});
