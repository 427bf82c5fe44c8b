// The one-step checkout without JS: the page, field messages, the VAT check API, the current country,
// order creation (PRG to the confirmation), the double submit and the confirmation email.
import { randomBytes } from 'node:crypto';
import request from 'supertest';
import type { ViesClient } from '../../server/checkout/vies';
import { useTestApp } from '../support/app';
import { parseHtml, textOf } from '../support/html';
import { readOutbox } from '../support/outbox';
import { resource } from '../support/resources';
import { waitForMail } from './accounts-helpers';
import { countryId, stockedVariant, validCheckout } from './checkout-helpers';

const testApp = useTestApp();
const viesCalls: string[] = [];
const fakeVies: ViesClient = {
  async check(country, number) {
    viesCalls.push(`${country}${number}`);
    if (number === '0999999999') return null; // "unreachable"
    return number.startsWith('0') || number === '123456789';
  },
};

beforeAll(() => {
  testApp.app.locals.vies = fakeVies;
});

/** A visitor with a cart holding `quantity` of a managed variant that has `stock` units. */
async function visitorWithCart(quantity = 2, stock = 10) {
  const { db } = testApp;
  const variant = await stockedVariant(testApp, stock);
  const token = randomBytes(24).toString('base64url');
  const now = Date.now();
  const cart = await db.insertInto('carts').values({ token, user_id: null, currency: 'EUR', created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow();
  await db.insertInto('cart_items').values({ cart_id: cart.id, variant_id: variant.id, quantity, origin: 'Catalog', item_key: '', created_at: now }).execute();
  const agent = request.agent(testApp.app);
  agent.set('Cookie', `cart=${token}`);
  const page = await agent.get('/fr/checkout');
  const html = parseHtml(page.text);
  const csrf = html.querySelector('meta[name="csrf-token"]')?.getAttribute('content') ?? '';
  const key = html.querySelector('input[name="IdempotencyKey"]')?.getAttribute('value') ?? '';
  const set = ((page.headers['set-cookie'] as unknown as string[] | undefined) ?? []).map((c) => c.split(';')[0]);
  return { agent, page, html, csrf, key, variant, cartId: cart.id, cookie: [`cart=${token}`, ...set].join('; ') };
}

describe('the checkout page', () => {
  test('renders one form with the declared fields, a fresh idempotency key and no-store', async () => {
    const { page, html, key } = await visitorWithCart();
    expect(page.status).toBe(200);
    expect(page.headers['cache-control']).toContain('no-store');
    const form = html.querySelector('form[data-checkout]')!;
    expect(form.getAttribute('method')).toBe('post');
    expect(form.getAttribute('action')).toBe('/fr/checkout');
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
    for (const name of ['Email', 'BillingFirstName', 'BillingCountry', 'BillingVAT', 'AccountType', 'SameAddressForShipping', 'ShippingStreet1', 'ShippingMethodId', 'PaymentMethod']) {
      expect(html.querySelector(`[name="${name}"]`)).not.toBeNull();
    }
    expect(html.querySelector('#checkout-Email')!.getAttribute('data-val-required')).toBe(resource('fr', 'Validation.Required'));
    expect(html.querySelectorAll('input[name="PaymentMethod"]').map((i) => i.getAttribute('value'))).toEqual(['BankTransfer', 'Card']);
    expect(html.querySelector('[data-bank-transfer]')!.hasAttribute('hidden')).toBe(false);
    const again = await visitorWithCart();
    expect(again.key).not.toBe(key);
  });

  test('an empty cart shows the way back to the cart', async () => {
    const page = await request(testApp.app).get('/fr/checkout');
    expect(page.status).toBe(200);
    expect(textOf(parseHtml(page.text), '.checkout-empty')).toBe('Votre panier est vide.');
  });

  test('a bad post re-renders with field messages (400) and places nothing', async () => {
    const { agent, csrf, key } = await visitorWithCart();
    const answer = await agent
      .post('/fr/checkout')
      .type('form')
      .send({ ...(await validCheckout(testApp, { Email: 'not-an-email', BillingLastName: '', SameAddressForShipping: 'false' })), _csrf: csrf, IdempotencyKey: key });
    expect(answer.status).toBe(400);
    const html = parseHtml(answer.text);
    expect(textOf(html, '[data-valmsg-for="Email"]')).not.toBe('');
    expect(textOf(html, '[data-valmsg-for="BillingLastName"]')).not.toBe('');
    expect(textOf(html, '[data-valmsg-for="ShippingStreet1"]')).not.toBe('');
    expect(html.querySelector('input[name="IdempotencyKey"]')!.getAttribute('value')).toBe(key);
    expect(await testApp.db.selectFrom('orders').select('id').where('idempotency_key', '=', key).executeTakeFirst()).toBeUndefined();
  });

  test('a malformed VAT number is a field message, not an order', async () => {
    const { agent, csrf, key } = await visitorWithCart();
    const answer = await agent.post('/fr/checkout').type('form').send({ ...(await validCheckout(testApp, { AccountType: 'Company', BillingCompany: 'ACME SA', BillingVAT: 'BE12', BillingPostalCode: '1000', BillingCountry: String(await countryId(testApp, 'BE')) })), _csrf: csrf, IdempotencyKey: key });
    expect(answer.status).toBe(400);
    expect(textOf(parseHtml(answer.text), '[data-valmsg-for="BillingVAT"]')).toBe("Le format du numéro de TVA n'est pas valide pour ce pays.");
  });

  test('a valid post places the order, empties the cart, redirects to the confirmation and mails it', async () => {
    const { agent, csrf, key, variant, cartId } = await visitorWithCart(2);
    const seen = readOutbox(testApp.config.DATA_DIR).length;
    const answer = await agent.post('/fr/checkout').type('form').send({ ...(await validCheckout(testApp)), _csrf: csrf, IdempotencyKey: key });
    expect(answer.status).toBe(303);
    const match = /^\/fr\/orders\/confirmation\/(\d{4}-\d{6})$/.exec(answer.headers.location);
    expect(match).not.toBeNull();
    const number = match![1];
    const order = await testApp.db.selectFrom('orders').selectAll().where('number', '=', number).executeTakeFirstOrThrow();
    expect(order).toMatchObject({ state: 'AwaitingPayment', payment_method: 'BankTransfer', email: 'guest@example.com', currency: 'EUR', culture: 'fr' });
    // 2 × price + express shipping (12,90 €), French VAT.
    expect(order.total_incl_cents).toBe(variant.price_incl_cents * 2 + 1290);
    expect(order.total_incl_cents).toBe(order.total_excl_cents + order.tax_cents);
    expect(await testApp.db.selectFrom('cart_items').select('id').where('cart_id', '=', cartId).execute()).toHaveLength(0);

    const confirmation = await agent.get(answer.headers.location);
    expect(confirmation.status).toBe(200);
    const html = parseHtml(confirmation.text);
    expect(textOf(html, 'h1')).toBe(`Commande ${number}`);
    expect(html.querySelector('[data-order-state]')!.getAttribute('data-order-state')).toBe('AwaitingPayment');
    expect(textOf(html, '.bank-transfer-info')).toContain(number);
    expect(html.querySelector('.bank-transfer-info .iban')).not.toBeNull();
    // Someone else cannot open it.
    expect((await request(testApp.app).get(answer.headers.location)).status).toBe(404);

    const mail = await waitForMail(testApp, { to: 'guest@example.com', subject: `Votre commande ${number}`, seen });
    expect(mail.text).toContain(number);
    expect(mail.text).toContain('IBAN');

    // The same form posted again (back button, double click): the same order, no second one.
    const again = await agent.post('/fr/checkout').type('form').send({ ...(await validCheckout(testApp)), _csrf: csrf, IdempotencyKey: key });
    expect(again.status).toBe(303);
    expect(again.headers.location).toBe(answer.headers.location);
    expect(await testApp.db.selectFrom('orders').select('id').where('idempotency_key', '=', key).execute()).toHaveLength(1);
  });

  test('the same checkout posted 20 times in parallel makes one order', async () => {
    const { cookie, csrf, key } = await visitorWithCart(1);
    const form = { ...(await validCheckout(testApp)), _csrf: csrf, IdempotencyKey: key };
    // One listening server for all 20 (supertest would otherwise start one per request).
    const server = testApp.app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => request(server).post('/fr/checkout').set('Cookie', cookie).type('form').send(form)),
    ).finally(() => server.close());
    const locations = new Set(answers.map((a) => `${a.status} ${a.headers.location}`));
    expect(locations.size).toBe(1);
    expect([...locations][0]).toMatch(/^303 \/fr\/orders\/confirmation\/\d{4}-\d{6}$/);
    expect(await testApp.db.selectFrom('orders').select('id').where('idempotency_key', '=', key).execute()).toHaveLength(1);
  });

  test('card payment goes on to the payment page with the order number', async () => {
    const { agent, csrf, key } = await visitorWithCart(1);
    const answer = await agent.post('/fr/checkout').type('form').send({ ...(await validCheckout(testApp, { PaymentMethod: 'Card' })), _csrf: csrf, IdempotencyKey: key });
    expect(answer.status).toBe(303);
    expect(answer.headers.location).toMatch(/^\/fr\/payments\?order=\d{4}-\d{6}$/);
    const number = answer.headers.location.split('=')[1];
    expect((await testApp.db.selectFrom('orders').select('state').where('number', '=', number).executeTakeFirstOrThrow()).state).toBe('Placed');
  });

  test('not enough stock: the form comes back with a message (409) and nothing is placed', async () => {
    const { agent, csrf, key } = await visitorWithCart(3, 2);
    const answer = await agent.post('/fr/checkout').type('form').send({ ...(await validCheckout(testApp)), _csrf: csrf, IdempotencyKey: key });
    expect(answer.status).toBe(409);
    expect(textOf(parseHtml(answer.text), '.form-error')).toContain("n'est plus disponible");
    expect(await testApp.db.selectFrom('orders').select('id').where('idempotency_key', '=', key).executeTakeFirst()).toBeUndefined();
  });

  test('a valid intra-EU company VAT number from another country applies the reverse charge', async () => {
    const { agent, csrf, key, variant } = await visitorWithCart(1);
    const be = String(await countryId(testApp, 'BE'));
    const answer = await agent
      .post('/fr/checkout')
      .type('form')
      .send({ ...(await validCheckout(testApp, { AccountType: 'Company', BillingCompany: 'ACME SA', BillingPostalCode: '1000', BillingCountry: be, BillingVAT: 'BE 0123.456.789' })), _csrf: csrf, IdempotencyKey: key });
    expect(answer.status).toBe(303);
    const number = answer.headers.location.split('/').pop();
    const order = await testApp.db.selectFrom('orders').selectAll().where('number', '=', number!).executeTakeFirstOrThrow();
    expect(order.reverse_charge).toBe(1);
    expect(order.tax_cents).toBe(0);
    expect(order.vat_number).toBe('0123456789');
    expect(order.total_incl_cents).toBe(order.total_excl_cents);
    expect(order.subtotal_incl_cents).toBeLessThan(variant.price_incl_cents);
  });
});

describe('GET /api/v1/sales/customers/checkisvatvalid/', () => {
  const check = async (query: Record<string, string>) => request(testApp.app).get('/api/v1/sales/customers/checkisvatvalid/').query(query);

  test('answers IsVATValidWebService true, false or null (unreachable)', async () => {
    const be = String(await countryId(testApp, 'BE'));
    expect((await check({ countryId: be, VAT: 'BE0123456789', customerId: '0' })).body).toEqual({ IsVATValidWebService: true, ErrorMessage: '' });
    const invalid = await check({ countryId: be, VAT: '1123456789' });
    expect(invalid.status).toBe(200);
    expect(invalid.body.IsVATValidWebService).toBe(false);
    expect(invalid.body.ErrorMessage).toBe(resource('fr', 'Checkout.VatNotValid'));
    const down = await check({ countryId: be, VAT: '0999999999' });
    expect(down.body.IsVATValidWebService).toBeNull();
    expect(viesCalls).toContain('BE0123456789');
  });

  test('a malformed number is a 400 with the field, and VIES is not asked', async () => {
    const calls = viesCalls.length;
    const answer = await check({ countryId: String(await countryId(testApp, 'DE')), VAT: 'DE12AB' });
    expect(answer.status).toBe(400);
    expect(answer.body.IsVATValidWebService).toBe(false);
    expect(answer.body.Errors).toEqual([{ Field: 'VAT', Message: expect.any(String) }]);
    expect(viesCalls.length).toBe(calls);
  });

  test('an unknown country or an empty number is a 400, never a 500', async () => {
    expect((await check({ countryId: 'abc', VAT: 'x' })).status).toBe(400);
    expect((await check({ countryId: '99999', VAT: 'BE0123456789' })).status).toBe(400);
    const empty = await check({ countryId: String(await countryId(testApp, 'BE')), VAT: '' });
    expect(empty.status).toBe(400);
    expect(empty.body.Errors[0].Field).toBe('VAT');
  });
});

describe('PUT /api/v1/salestaxes/currentcountry', () => {
  test('sets the cart tax country; bad input is a 400', async () => {
    const { agent, csrf, cartId } = await visitorWithCart(1);
    const answer = await agent.put('/api/v1/salestaxes/currentcountry').set('X-CSRF-Token', csrf).send({ currentCountry: 'de' });
    expect(answer.status).toBe(200);
    expect(answer.body.currentCountry).toBe(await countryId(testApp, 'DE'));
    const cart = await testApp.db.selectFrom('carts').select('shipping_country_id').where('id', '=', cartId).executeTakeFirstOrThrow();
    expect(cart.shipping_country_id).toBe(await countryId(testApp, 'DE'));
    const bad = await agent.put('/api/v1/salestaxes/currentcountry').set('X-CSRF-Token', csrf).send({ currentCountry: 'XX' });
    expect(bad.status).toBe(400);
    expect(bad.body.Errors[0].Field).toBe('currentCountry');
  });
});
