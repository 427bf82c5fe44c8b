// Helpers shared by the checkout tests (test/http/checkout-*.test.ts): a cart with stock, the seeded
// countries and shipping methods, a valid checkout post and its address as an order keeps it.
import { randomBytes } from 'node:crypto';
import request from 'supertest';
import type { OrderAddress } from '../../server/orders/orders';
import type { TestApp } from '../support/app';
import { csrfTokenOf, parseHtml } from '../support/html';

type Agent = ReturnType<typeof request.agent>;

export async function countryId(testApp: TestApp, code: string): Promise<number> {
  return (await testApp.db.selectFrom('countries').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;
}

export async function methodId(testApp: TestApp, code: string): Promise<number> {
  return (await testApp.db.selectFrom('shipping_methods').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;
}

/** The first active variant, stock-managed with exactly `stock` units in the first warehouse. */
export async function stockedVariant(testApp: TestApp, stock = 10) {
  const { db } = testApp;
  const variant = await db.selectFrom('product_variants').select(['id', 'price_incl_cents', 'price_excl_cents']).where('is_active', '=', 1).orderBy('id').executeTakeFirstOrThrow();
  await db.updateTable('product_variants').set({ stock_mode: 'Managed' }).where('id', '=', variant.id).execute();
  await db.deleteFrom('variant_stock').where('variant_id', '=', variant.id).execute();
  const warehouse = await db.selectFrom('warehouses').select('id').orderBy('position').executeTakeFirstOrThrow();
  await db.insertInto('variant_stock').values({ variant_id: variant.id, warehouse_id: warehouse.id, quantity: stock }).execute();
  return variant;
}

/**
 * A cart holding `quantity` of a stocked variant: a visitor's (cookie) or, with `userId`, a customer's,
 * opened by `agent` (a new one for a visitor). Answers the checkout page as the agent sees it.
 */
export async function cartFor(testApp: TestApp, { quantity = 2, stock = 10, userId = null, agent, couponCode = null }: { quantity?: number; stock?: number; userId?: number | null; agent?: Agent; couponCode?: string | null } = {}) {
  const { db } = testApp;
  const variant = await stockedVariant(testApp, stock);
  const token = randomBytes(24).toString('base64url');
  const now = Date.now();
  if (userId !== null) await db.deleteFrom('carts').where('user_id', '=', userId).execute();
  const cart = await db
    .insertInto('carts')
    .values({ token, user_id: userId, currency: 'EUR', coupon_code: couponCode, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.insertInto('cart_items').values({ cart_id: cart.id, variant_id: variant.id, quantity, origin: 'Catalog', item_key: '', created_at: now }).execute();
  const client = agent ?? request.agent(testApp.app);
  if (!agent) client.set('Cookie', `cart=${token}`);
  const page = await client.get('/fr/checkout');
  const html = parseHtml(page.text);
  const key = html.querySelector('input[name="IdempotencyKey"]')?.getAttribute('value') ?? '';
  return { agent: client, page, html, csrf: csrfTokenOf(html), key, variant, cartId: cart.id };
}

export async function validCheckout(testApp: TestApp, overrides: Record<string, string> = {}): Promise<Record<string, string>> {
  return {
    Email: 'guest@example.com',
    AccountType: 'Private',
    BillingFirstName: 'Anne',
    BillingLastName: 'Martin',
    BillingStreet1: '1 rue de la Paix',
    BillingPostalCode: '75002',
    BillingCity: 'Paris',
    BillingCountry: String(await countryId(testApp, 'FR')),
    SameAddressForShipping: 'true',
    ShippingMethodId: String(await methodId(testApp, 'express')),
    PaymentMethod: 'BankTransfer',
    ...overrides,
  };
}

/** validCheckout's billing address as an order keeps it (in country 1): for tests that call placeOrder directly. */
export const orderAddress: OrderAddress = {
  firstName: 'Anne',
  lastName: 'Martin',
  company: '',
  street1: '1 rue de la Paix',
  street2: '',
  postalCode: '75002',
  city: 'Paris',
  countryId: 1,
  phone: '',
  vatNumber: '',
  accountType: 'Private',
};

/** The order a checkout answer redirected to (its number is the last path segment). */
/** The id of the account with that email. */
export async function userIdOf(testApp: TestApp, email: string): Promise<number> {
  return (await testApp.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
}

export type SavedAddressOverrides = Partial<{
  type: 'Billing' | 'Shipping' | 'Both';
  first_name: string;
  street1: string;
  city: string;
  /** ISO code of the country (FR unless given). */
  country: string;
  account_type: 'Private' | 'Company';
  company: string;
  vat_number: string;
}>;

/** Saves an address straight into a customer's book (Claire Dubois, Lyon, unless overridden); answers its id. */
export async function savedAddressFor(testApp: TestApp, email: string, overrides: SavedAddressOverrides = {}): Promise<number> {
  const now = Date.now();
  const { country = 'FR', ...rest } = overrides;
  const row = {
    user_id: await userIdOf(testApp, email),
    type: 'Both' as const,
    account_type: 'Private' as const,
    first_name: 'Claire',
    last_name: 'Dubois',
    company: '',
    street1: '5 avenue Foch',
    street2: '',
    postal_code: '69006',
    city: 'Lyon',
    country_id: await countryId(testApp, country),
    phone: '',
    vat_number: '',
    created_at: now,
    updated_at: now,
    ...rest,
  };
  return (await testApp.db.insertInto('addresses').values(row).returning('id').executeTakeFirstOrThrow()).id;
}

export async function orderOf(testApp: TestApp, location: string) {
  const number = location.split('/').pop()!;
  return testApp.db.selectFrom('orders').selectAll().where('number', '=', number).executeTakeFirstOrThrow();
}
