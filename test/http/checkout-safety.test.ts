// The checkout's guards: one cart makes one order even from two tabs (two keys), ids that are not whole
// numbers of the columns' size are field messages (400, never 500), a key is no pass to someone else's
// order, the reverse charge needs an EU delivery outside France, and an item no longer for sale is refused.
// Runs on SQLite and (DATABASE_URL) PostgreSQL.
import request from 'supertest';
import type { ViesClient } from '../../server/checkout/vies';
import { useTestApp } from '../support/app';
import { parseHtml, textOf } from '../support/html';
import { resource } from '../support/resources';
import { demo, signedIn } from './accounts-helpers';
import { cartFor, countryId, orderOf, validCheckout } from './checkout-helpers';

const testApp = useTestApp();
const fakeVies: ViesClient = { check: async (_country, number) => number.startsWith('0') };

beforeAll(() => {
  testApp.app.locals.vies = fakeVies;
});

async function stockOf(variantId: number): Promise<number> {
  const rows = await testApp.db.selectFrom('variant_stock').select('quantity').where('variant_id', '=', variantId).execute();
  return rows.reduce((sum, row) => sum + Number(row.quantity), 0);
}

const keyOf = (html: string) => parseHtml(html).querySelector('input[name="IdempotencyKey"]')?.getAttribute('value') ?? '';

describe('one cart, one order', () => {
  test('the same cart posted from several tabs (each its own key) in parallel makes exactly one order', async () => {
    const { agent, csrf, key, variant, cartId } = await cartFor(testApp, { quantity: 2, stock: 10 });
    const keys = [key];
    for (let tab = 1; tab < 4; tab++) keys.push(keyOf((await agent.get('/fr/checkout')).text));
    expect(new Set(keys).size).toBe(4);
    const form = await validCheckout(testApp);
    const answers = await Promise.all(keys.map((k) => agent.post('/fr/checkout').type('form').send({ ...form, _csrf: csrf, IdempotencyKey: k })));

    const orders = await testApp.db.selectFrom('orders').select(['id', 'number']).where('idempotency_key', 'in', keys).execute();
    expect(orders).toHaveLength(1);
    expect(await stockOf(variant.id)).toBe(8);
    expect(await testApp.db.selectFrom('cart_items').select('id').where('cart_id', '=', cartId).execute()).toHaveLength(0);
    const placed = answers.filter((a) => a.status === 303 && a.headers.location === `/fr/orders/confirmation/${orders[0].number}`);
    expect(placed).toHaveLength(1);
    // The others: a clean answer, the checkout again (its cart emptied) or the form saying the cart changed.
    for (const answer of answers.filter((a) => !placed.includes(a))) {
      if (answer.status === 303) expect(answer.headers.location).toBe('/fr/checkout');
      else {
        expect(answer.status).toBe(409);
        expect(textOf(parseHtml(answer.text), '.form-error')).toBe(resource('fr', 'Checkout.CartChanged'));
      }
    }
  });
});

describe('ids that do not fit are field messages, never a 500', () => {
  const bad = ['abc', '1.5', '99999999999', '-3'];

  test.each(bad)('BillingCountry, ShippingCountry and ShippingMethodId %s: 400 with the field message, no order', async (value) => {
    const { agent, csrf, key } = await cartFor(testApp, { quantity: 1 });
    for (const field of ['BillingCountry', 'ShippingMethodId'] as const) {
      const answer = await agent.post('/fr/checkout').type('form').send({ ...(await validCheckout(testApp, { [field]: value })), _csrf: csrf, IdempotencyKey: key });
      expect(answer.status).toBe(400);
      expect(textOf(parseHtml(answer.text), `[data-valmsg-for="${field}"]`)).toBe(resource('fr', 'Catalog.InvalidId'));
    }
    const shipping = await agent
      .post('/fr/checkout')
      .type('form')
      .send({
        ...(await validCheckout(testApp, { SameAddressForShipping: 'false', ShippingFirstName: 'Jean', ShippingLastName: 'Martin', ShippingStreet1: '2 rue Neuve', ShippingPostalCode: '69001', ShippingCity: 'Lyon', ShippingCountry: value })),
        _csrf: csrf,
        IdempotencyKey: key,
      });
    expect(shipping.status).toBe(400);
    expect(textOf(parseHtml(shipping.text), '[data-valmsg-for="ShippingCountry"]')).toBe(resource('fr', 'Catalog.InvalidId'));
    expect(await testApp.db.selectFrom('orders').select('id').where('idempotency_key', '=', key).executeTakeFirst()).toBeUndefined();
  });

  test.each(bad)('the VAT check countryId and the current country %s: 400 naming the field', async (value) => {
    const vat = await request(testApp.app).get('/api/v1/sales/customers/checkisvatvalid/').query({ countryId: value, VAT: 'BE0123456789' });
    expect(vat.status).toBe(400);
    expect(vat.body.Errors).toEqual([{ Field: 'countryId', Message: expect.any(String) }]);
    const { agent, csrf } = await cartFor(testApp, { quantity: 1 });
    const current = await agent.put('/api/v1/salestaxes/currentcountry').set('X-CSRF-Token', csrf).send({ currentCountry: value });
    expect(current.status).toBe(400);
    expect(current.body.Errors[0].Field).toBe('currentCountry');
  });
  test.each(bad)('the address ids of a signed-in customer %s: 400 with the field, never a 500', async (value) => {
    const { agent } = await signedIn(testApp, demo.customer);
    const customer = await testApp.db.selectFrom('users').select('id').where('email', '=', demo.customer.email).executeTakeFirstOrThrow();
    const { csrf, key } = await cartFor(testApp, { quantity: 1, userId: customer.id, agent });
    const checkout = await agent.post('/fr/checkout').type('form').send({ ...(await validCheckout(testApp, { ExistingBillingAddressId: value })), _csrf: csrf, IdempotencyKey: key });
    expect(checkout.status).toBe(400);
    expect(textOf(parseHtml(checkout.text), '[data-valmsg-for="ExistingBillingAddressId"]')).toBe(resource('fr', 'Checkout.Addresses.NotYours'));
    expect(await testApp.db.selectFrom('orders').select('id').where('idempotency_key', '=', key).executeTakeFirst()).toBeUndefined();

    const popup = await agent
      .post('/fr/checkout/address')
      .set('Accept', 'application/json')
      .type('form')
      .send({ Id: value, AddressType: 'Both', AccountType: 'Private', BillingFirstName: 'Anne', BillingLastName: 'Martin', BillingStreet1: '1 rue de la Paix', BillingPostalCode: '75002', BillingCity: 'Paris', BillingCountry: value, _csrf: csrf });
    expect(popup.status).toBe(400);
    expect(popup.body.Errors.map((e: { Field: string }) => e.Field)).toEqual(expect.arrayContaining(['Id', 'BillingCountry']));
    const widget = await agent.get(`/widget/DeliveryAddressPicker?ExistingBillingAddressId=${encodeURIComponent(value)}`).set('Accept', 'application/json');
    expect(widget.status).toBe(400);
    expect(widget.body.Errors[0].Field).toBe('ExistingBillingAddressId');
  });
});

describe('a checkout key is no pass to an order', () => {
  test('another visitor posting a known key gets a fresh form, not the order', async () => {
    const first = await cartFor(testApp, { quantity: 1 });
    const placed = await first.agent.post('/fr/checkout').type('form').send({ ...(await validCheckout(testApp)), _csrf: first.csrf, IdempotencyKey: first.key });
    expect(placed.status).toBe(303);
    const number = placed.headers.location.split('/').pop()!;

    const other = await cartFor(testApp, { quantity: 1 });
    const answer = await other.agent.post('/fr/checkout').type('form').send({ ...(await validCheckout(testApp, { Email: 'other@example.com' })), _csrf: other.csrf, IdempotencyKey: first.key });
    expect(answer.status).toBe(409);
    expect(answer.text).not.toContain(number);
    const fresh = keyOf(answer.text);
    expect(fresh).toMatch(/^[\w-]{8,100}$/);
    expect(fresh).not.toBe(first.key);
    expect(textOf(parseHtml(answer.text), '.form-error')).toBe(resource('fr', 'Checkout.FormExpired'));
    // Their cart is untouched, and the fresh key places their own order.
    expect(await testApp.db.selectFrom('cart_items').select('id').where('cart_id', '=', other.cartId).execute()).toHaveLength(1);
    const own = await other.agent.post('/fr/checkout').type('form').send({ ...(await validCheckout(testApp, { Email: 'other@example.com' })), _csrf: other.csrf, IdempotencyKey: fresh });
    expect(own.status).toBe(303);
    expect(own.headers.location).not.toContain(number);
    expect((await orderOf(testApp, own.headers.location)).email).toBe('other@example.com');

    // The one who placed it, posting the key again, still lands on it.
    const again = await first.agent.post('/fr/checkout').type('form').send({ ...(await validCheckout(testApp)), _csrf: first.csrf, IdempotencyKey: first.key });
    expect(again.status).toBe(303);
    expect(again.headers.location).toBe(placed.headers.location);
  });
});

describe('the reverse charge', () => {
  test('a Belgian company (VIES-valid) shipping to France pays French VAT', async () => {
    const { agent, csrf, key } = await cartFor(testApp, { quantity: 1 });
    const answer = await agent
      .post('/fr/checkout')
      .type('form')
      .send({
        ...(await validCheckout(testApp, {
          AccountType: 'Company',
          BillingCompany: 'ACME SA',
          BillingStreet1: '1 rue Neuve',
          BillingPostalCode: '1000',
          BillingCity: 'Bruxelles',
          BillingCountry: String(await countryId(testApp, 'BE')),
          BillingVAT: 'BE0123456789',
          SameAddressForShipping: 'false',
          ShippingFirstName: 'Anne',
          ShippingLastName: 'Martin',
          ShippingStreet1: '1 rue de la Paix',
          ShippingPostalCode: '75002',
          ShippingCity: 'Paris',
          ShippingCountry: String(await countryId(testApp, 'FR')),
        })),
        _csrf: csrf,
        IdempotencyKey: key,
      });
    expect(answer.status).toBe(303);
    const order = await orderOf(testApp, answer.headers.location);
    expect(order.reverse_charge).toBe(0);
    expect(order.vat_number).toBe('0123456789');
    expect(order.tax_cents).toBeGreaterThan(0);
    expect(JSON.parse(order.taxes)).toEqual([{ rateBp: 2000, cents: order.tax_cents }]);
    expect(order.total_incl_cents).toBe(order.total_excl_cents + order.tax_cents);
  });
});

describe('items no longer for sale', () => {
  test('a product whose sale ended after it went in the cart: a clean refusal, nothing written', async () => {
    const { agent, csrf, key, variant, cartId } = await cartFor(testApp, { quantity: 1, stock: 5 });
    const { product_id } = await testApp.db.selectFrom('product_variants').select('product_id').where('id', '=', variant.id).executeTakeFirstOrThrow();
    await testApp.db.updateTable('products').set({ available_until: Date.now() - 60_000 }).where('id', '=', product_id).execute();
    try {
      const answer = await agent.post('/fr/checkout').type('form').send({ ...(await validCheckout(testApp)), _csrf: csrf, IdempotencyKey: key });
      expect(answer.status).toBe(409);
      expect(textOf(parseHtml(answer.text), '.form-error')).toBe(resource('fr', 'Checkout.NotForSale'));
      expect(await testApp.db.selectFrom('orders').select('id').where('idempotency_key', '=', key).executeTakeFirst()).toBeUndefined();
      expect(await stockOf(variant.id)).toBe(5);
      expect(await testApp.db.selectFrom('cart_items').select('id').where('cart_id', '=', cartId).execute()).toHaveLength(1);
    } finally {
      await testApp.db.updateTable('products').set({ available_until: null }).where('id', '=', product_id).execute();
    }
  });
});

