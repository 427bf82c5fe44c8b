// The address book of the account pages ({app}/{culture}/account/addresses): the list, a new address
// (valid, and refused with the checkout's localised field messages), an edit, a delete confirmed by a
// second page, the owner check (another customer's address: 404, nothing changed), the sign-in redirect,
// and a checkout still working when the address it names was deleted.
import request from 'supertest';
import { useTestApp } from '../support/app';
import { attributeOf, csrfTokenOf, parseHtml, textOf, textsOf } from '../support/html';
import { resource } from '../support/resources';
import { type Agent, createAccount, demo, signedIn, visitor } from './accounts-helpers';
import { cartFor, countryId, orderOf, savedAddressFor, type SavedAddressOverrides, userIdOf, validCheckout } from './checkout-helpers';

const testApp = useTestApp();
const other = { email: 'address-book-other@example.com', password: 'Other-Customer-2026' };

beforeAll(async () => {
  await createAccount(testApp, other);
});

const userId = (email: string) => userIdOf(testApp, email);
const addressFor = (email: string, overrides?: SavedAddressOverrides) => savedAddressFor(testApp, email, overrides);

async function streetOf(id: number): Promise<string | undefined> {
  return (await testApp.db.selectFrom('addresses').select('street1').where('id', '=', id).executeTakeFirst())?.street1;
}

async function countAddresses(): Promise<number> {
  return (await testApp.db.selectFrom('addresses').select('id').execute()).length;
}

async function addressPost(overrides: Record<string, string> = {}): Promise<Record<string, string>> {
  return {
    AddressType: 'Both',
    AccountType: 'Private',
    BillingFirstName: 'Jeanne',
    BillingLastName: 'Moreau',
    BillingStreet1: '8 rue des Carmes',
    BillingPostalCode: '31000',
    BillingCity: 'Toulouse',
    BillingCountry: String(await countryId(testApp, 'FR')),
    ...overrides,
  };
}

async function open(agent: Agent, path: string) {
  const answer = await agent.get(path);
  const html = parseHtml(answer.text);
  return { answer, html, csrf: csrfTokenOf(html) };
}

describe('signed out', () => {
  test('every address book page sends the visitor to log in and back', async () => {
    for (const path of ['/fr/account/addresses', '/fr/account/addresses/new', '/fr/account/addresses/1', '/fr/account/addresses/1/delete']) {
      const answer = await request(testApp.app).get(path);
      expect(answer.status).toBe(303);
      expect(answer.headers.location).toBe(`/fr/security/login?returnUrl=${encodeURIComponent(path)}`);
    }
  });

  test('a post without an account is refused and saves nothing', async () => {
    const { agent, token } = await visitor(testApp);
    const before = await countAddresses();
    const answer = await agent.post('/fr/account/addresses/new').type('form').send({ ...(await addressPost()), _csrf: token });
    expect(answer.status).toBe(401);
    expect(await countAddresses()).toBe(before);
  });
});

describe('the list', () => {
  test('shows the customer\'s own addresses with edit and delete links, and links from the account home and header', async () => {
    const mine = await addressFor(other.email, { street1: '14 rue Sainte-Catherine', city: 'Bordeaux', type: 'Shipping' });
    const theirs = await addressFor(demo.customer.email, { street1: 'Not for the other customer' });
    const { agent } = await signedIn(testApp, other);
    const { answer, html } = await open(agent, '/fr/account/addresses');
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toMatch(/text\/html/);
    expect(answer.headers['cache-control']).toContain('no-store');
    expect(textOf(html, 'h1')).toBe('Mon carnet d\'adresses');
    expect(html.querySelectorAll('.address-card').map((card) => card.getAttribute('data-address-id'))).toEqual([String(mine)]);
    expect(textOf(html, '.address-card .address-type')).toBe('Adresse de livraison');
    expect(textOf(html, '.address-card .address-street')).toBe('14 rue Sainte-Catherine');
    expect(textOf(html, '.address-card .address-city')).toBe('69006 Bordeaux');
    expect(textOf(html, '.address-card .address-country')).toBe('France');
    expect(attributeOf(html, '.address-edit', 'href')).toBe(`/fr/account/addresses/${mine}`);
    expect(attributeOf(html, '.address-delete', 'href')).toBe(`/fr/account/addresses/${mine}/delete`);
    expect(attributeOf(html, '.address-add', 'href')).toBe('/fr/account/addresses/new');
    expect(html.querySelector(`[data-address-id="${theirs}"]`)).toBeNull();
    expect(textOf(html, '.address-book')).not.toContain('Not for the other customer');

    const home = parseHtml((await agent.get('/fr/account')).text);
    expect(textsOf(home, '.account-shopping a').slice(0, 2)).toEqual(['Mes commandes', 'Mon carnet d\'adresses']);
    expect(attributeOf(home, '.header-account-addresses', 'href')).toBe('/fr/account/addresses');
    expect(attributeOf(home, '.header-account-orders', 'href')).toBe('/fr/account/orders');
  });

  test('an empty book says so, in the visitor\'s culture', async () => {
    const email = 'address-book-empty@example.com';
    await createAccount(testApp, { email, password: 'Empty-Book-2026', culture: 'de' });
    const { agent } = await signedIn(testApp, { email, password: 'Empty-Book-2026' }, 'de');
    const { html } = await open(agent, '/de/account/addresses');
    expect(textOf(html, 'h1')).toBe(resource('de', 'Security.Account.Addresses.Title'));
    expect(textOf(html, '.address-book-empty')).toBe(resource('de', 'Checkout.Addresses.None'));
  });
});

describe('adding an address', () => {
  test('the form has the checkout\'s address fields; a valid post saves it and lists it with a notice', async () => {
    const { agent } = await signedIn(testApp, demo.customer);
    const { answer, html, csrf } = await open(agent, '/fr/account/addresses/new');
    expect(answer.status).toBe(200);
    const names = html.querySelectorAll('.address-form [name]').map((element) => element.getAttribute('name'));
    expect(names).toEqual(['_csrf', 'AddressType', 'AccountType', 'BillingFirstName', 'BillingLastName', 'BillingCompany', 'BillingStreet1', 'BillingStreet2', 'BillingPostalCode', 'BillingCity', 'BillingCountry', 'BillingPhone', 'BillingVAT']);
    expect(attributeOf(html, '.address-form', 'action')).toBe('/fr/account/addresses/new');
    // The same declaration as the checkout: its rules reach the browser as data-val-* attributes.
    expect(attributeOf(html, '#address-BillingStreet1', 'data-val-required')).toBe(resource('fr', 'Validation.Required'));
    expect(attributeOf(html, '#address-BillingFirstName', 'value')).toBe('Claire');

    const saved = await agent.post('/fr/account/addresses/new').type('form').send({ ...(await addressPost({ AccountType: 'Company', BillingCompany: 'Moreau SARL', BillingVAT: 'FR12345678901' })), _csrf: csrf });
    expect(saved.status).toBe(303);
    expect(saved.headers.location).toBe('/fr/account/addresses');
    const row = await testApp.db.selectFrom('addresses').selectAll().where('street1', '=', '8 rue des Carmes').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ user_id: await userId(demo.customer.email), type: 'Both', account_type: 'Company', company: 'Moreau SARL', city: 'Toulouse', vat_number: 'FR12345678901' });
    const { html: listed } = await open(agent, saved.headers.location);
    expect(textOf(listed, '.flash')).toBe('Adresse enregistrée.');
    expect(textOf(listed, `.address-card[data-address-id="${row.id}"] .address-company`)).toBe('Moreau SARL');
  });

  test('bad input: 400 with the localised field messages and the typed values, nothing saved', async () => {
    const { agent } = await signedIn(testApp, demo.customer);
    const { csrf } = await open(agent, '/fr/account/addresses/new');
    const before = await countAddresses();
    const bad = await addressPost({ BillingFirstName: '', AccountType: 'Company', BillingCompany: '', BillingCountry: String(await countryId(testApp, 'BE')), BillingVAT: 'BE12', AddressType: 'Elsewhere' });
    const answer = await agent.post('/fr/account/addresses/new').type('form').send({ ...bad, _csrf: csrf });
    expect(answer.status).toBe(400);
    const html = parseHtml(answer.text);
    expect(textOf(html, '[data-valmsg-for="BillingFirstName"]')).toBe('Ce champ est obligatoire.');
    expect(textOf(html, '[data-valmsg-for="BillingCompany"]')).toBe('Ce champ est obligatoire.');
    expect(textOf(html, '[data-valmsg-for="AddressType"]')).toBe('Ce champ est obligatoire.');
    expect(textOf(html, '[data-valmsg-for="BillingVAT"]')).toBe("Le format du numéro de TVA n'est pas valide pour ce pays.");
    expect(attributeOf(html, '#address-BillingStreet1', 'value')).toBe('8 rue des Carmes');
    const unknownCountry = await agent.post('/fr/account/addresses/new').type('form').send({ ...(await addressPost({ BillingCountry: '999999' })), _csrf: csrf });
    expect(unknownCountry.status).toBe(400);
    expect(textOf(parseHtml(unknownCountry.text), '[data-valmsg-for="BillingCountry"]')).toBe(resource('fr', 'Checkout.UnknownCountry'));
    expect(await countAddresses()).toBe(before);
  });

  test('the messages follow the culture of the page', async () => {
    const { agent } = await signedIn(testApp, demo.customer, 'nl');
    const { csrf } = await open(agent, '/nl/account/addresses/new');
    const answer = await agent.post('/nl/account/addresses/new').type('form').send({ ...(await addressPost({ BillingCity: '' })), _csrf: csrf });
    expect(answer.status).toBe(400);
    expect(textOf(parseHtml(answer.text), '[data-valmsg-for="BillingCity"]')).toBe(resource('nl', 'Validation.Required'));
  });
});

describe('editing and deleting', () => {
  test('an address is edited with its values in the form; a refused edit changes nothing', async () => {
    const id = await addressFor(demo.customer.email, { street1: 'Old street' });
    const { agent } = await signedIn(testApp, demo.customer);
    const { html, csrf } = await open(agent, `/fr/account/addresses/${id}`);
    expect(textOf(html, 'h1')).toBe(resource('fr', 'Checkout.Addresses.EditTitle'));
    expect(attributeOf(html, '.address-form', 'action')).toBe(`/fr/account/addresses/${id}`);
    expect(attributeOf(html, '#address-BillingStreet1', 'value')).toBe('Old street');
    expect(attributeOf(html, '#address-AddressType option[selected]', 'value')).toBe('Both');

    const refused = await agent.post(`/fr/account/addresses/${id}`).type('form').send({ ...(await addressPost({ BillingStreet1: '' })), _csrf: csrf });
    expect(refused.status).toBe(400);
    expect(textOf(parseHtml(refused.text), '[data-valmsg-for="BillingStreet1"]')).toBe('Ce champ est obligatoire.');
    expect(await streetOf(id)).toBe('Old street');

    const saved = await agent.post(`/fr/account/addresses/${id}`).type('form').send({ ...(await addressPost({ BillingStreet1: 'New street', AddressType: 'Billing' })), _csrf: csrf });
    expect(saved.status).toBe(303);
    expect(saved.headers.location).toBe('/fr/account/addresses');
    expect(await testApp.db.selectFrom('addresses').select(['street1', 'type', 'city']).where('id', '=', id).executeTakeFirstOrThrow()).toEqual({ street1: 'New street', type: 'Billing', city: 'Toulouse' });
  });

  test('a delete asks first (a page with a post button), then removes the address with a notice', async () => {
    const id = await addressFor(demo.customer.email, { street1: 'Street to delete' });
    const { agent } = await signedIn(testApp, demo.customer);
    const { answer, html, csrf } = await open(agent, `/fr/account/addresses/${id}/delete`);
    expect(answer.status).toBe(200);
    // Opening the confirmation deletes nothing.
    expect(await streetOf(id)).toBe('Street to delete');
    expect(textOf(html, 'h1')).toBe('Supprimer l\'adresse');
    expect(textOf(html, '.address-card .address-street')).toBe('Street to delete');
    expect(attributeOf(html, 'form.address-delete-form', 'method')).toBe('post');
    expect(attributeOf(html, 'form.address-delete-form', 'action')).toBe(`/fr/account/addresses/${id}/delete`);
    expect(textOf(html, 'form.address-delete-form button[type="submit"]')).toBe('Oui, supprimer cette adresse');

    const deleted = await agent.post(`/fr/account/addresses/${id}/delete`).type('form').send({ _csrf: csrf });
    expect(deleted.status).toBe(303);
    expect(deleted.headers.location).toBe('/fr/account/addresses');
    expect(await streetOf(id)).toBeUndefined();
    const { html: listed } = await open(agent, deleted.headers.location);
    expect(textOf(listed, '.flash')).toBe('Adresse supprimée.');
    expect(listed.querySelector(`.address-card[data-address-id="${id}"]`)).toBeNull();
    // Deleted twice (another tab): no such address.
    expect((await agent.post(`/fr/account/addresses/${id}/delete`).type('form').send({ _csrf: csrf })).status).toBe(404);
  });

  test('another customer\'s address answers 404 to every page and post, and changes nothing', async () => {
    const theirs = await addressFor(other.email, { street1: 'Their street' });
    const { agent } = await signedIn(testApp, demo.customer);
    const { csrf } = await open(agent, '/fr/account/addresses');
    for (const path of [`/fr/account/addresses/${theirs}`, `/fr/account/addresses/${theirs}/delete`, '/fr/account/addresses/99999', '/fr/account/addresses/abc']) {
      const answer = await agent.get(path);
      expect(answer.status).toBe(404);
      expect(textOf(parseHtml(answer.text), 'h1')).toBe(resource('fr', 'Core.NotFoundTitle'));
    }
    expect((await agent.post(`/fr/account/addresses/${theirs}`).type('form').send({ ...(await addressPost({ BillingStreet1: 'Hijacked' })), _csrf: csrf })).status).toBe(404);
    expect((await agent.post(`/fr/account/addresses/${theirs}/delete`).type('form').send({ _csrf: csrf })).status).toBe(404);
    expect(await streetOf(theirs)).toBe('Their street');
  });
});

describe('the checkout after a delete', () => {
  test('a deleted address drops out of the pickers, a post naming it is a field message, and the order made with it keeps its copy', async () => {
    const customerId = await userId(other.email);
    await testApp.db.deleteFrom('addresses').where('user_id', '=', customerId).execute();
    const gone = await addressFor(other.email, { street1: '1 rue Gone' });
    const kept = await addressFor(other.email, { street1: '2 rue Kept' });
    const { agent } = await signedIn(testApp, other);

    // An order placed with the address, before it goes.
    const first = await cartFor(testApp, { agent, userId: customerId, quantity: 1 });
    const placed = await agent.post('/fr/checkout').type('form').send({ ...(await validCheckout(testApp, { Email: other.email })), ExistingBillingAddressId: String(gone), _csrf: first.csrf, IdempotencyKey: first.key });
    expect(placed.status).toBe(303);
    const order = await orderOf(testApp, placed.headers.location);

    const { csrf } = await open(agent, `/fr/account/addresses/${gone}/delete`);
    expect((await agent.post(`/fr/account/addresses/${gone}/delete`).type('form').send({ _csrf: csrf })).status).toBe(303);

    // The checkout (a link or a tab still naming the deleted address) starts from the one left.
    const { html, csrf: checkoutCsrf, key } = await cartFor(testApp, { agent, userId: customerId, quantity: 1 });
    const stale = parseHtml((await agent.get(`/fr/checkout?ExistingBillingAddressId=${gone}&ExistingShippingAddressId=${gone}`)).text);
    expect(stale.querySelector(`input[name="ExistingBillingAddressId"][value="${gone}"]`)).toBeNull();
    expect(stale.querySelector(`input[name="ExistingBillingAddressId"][value="${kept}"]`)!.hasAttribute('checked')).toBe(true);
    expect(html.querySelector('input[name="BillingStreet1"]')!.getAttribute('value')).toBe('2 rue Kept');

    // A form rendered before the delete posts its id: a field message, no order, no 500.
    const before = (await testApp.db.selectFrom('orders').select('id').execute()).length;
    const refused = await agent.post('/fr/checkout').type('form').send({ ...(await validCheckout(testApp, { Email: other.email })), ExistingBillingAddressId: String(gone), _csrf: checkoutCsrf, IdempotencyKey: key });
    expect(refused.status).toBe(400);
    expect(textOf(parseHtml(refused.text), '[data-valmsg-for="ExistingBillingAddressId"]')).toBe(resource('fr', 'Checkout.Addresses.NotYours'));
    expect((await testApp.db.selectFrom('orders').select('id').execute()).length).toBe(before);
    const again = await agent.post('/fr/checkout').type('form').send({ ...(await validCheckout(testApp, { Email: other.email })), ExistingBillingAddressId: String(kept), _csrf: checkoutCsrf, IdempotencyKey: key });
    expect(again.status).toBe(303);
    expect((await orderOf(testApp, again.headers.location)).billing_address).toContain('2 rue Kept');

    // The earlier order still shows the address it was placed with.
    const detail = parseHtml((await agent.get(`/fr/account/orders/${order.number}`)).text);
    expect(textOf(detail, '.order-addresses address')).toContain('1 rue Gone');
  });
});
