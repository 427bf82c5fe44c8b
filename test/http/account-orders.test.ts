// The customer's orders on the account pages ({app}/{culture}/account/orders): the list newest first with
// the localised state and the total in the order's own currency, 20 a page (pagenbr), and an order's
// detail with its real lines, shipping, discount, taxes, totals, addresses and, while a bank transfer is
// awaited, where to pay. Only the owner sees an order; a visitor is sent to log in.
import request from 'supertest';
import { variantOptions } from '../../server/catalog/variant-options';
import { formatMoney } from '../../server/shared/money';
import { transitionOrder } from '../../server/orders/orders';
import { useTestApp } from '../support/app';
import { attributeOf, parseHtml, textOf, textsOf } from '../support/html';
import { resource } from '../support/resources';
import { type Agent, createAccount, demo, signedIn } from './accounts-helpers';
import { cartFor, validCheckout } from './checkout-helpers';

const testApp = useTestApp();
const buyer = { email: 'orders-buyer@example.com', password: 'Orders-Buyer-2026' };

/** Money as the page's text reads it (textOf folds the culture's no-break spaces). */
const money = (cents: number, currency = 'EUR', culture = 'fr') => formatMoney({ cents, currency }, culture).replace(/\s+/g, ' ');
const longDate = (at: number | string, culture = 'fr') => new Intl.DateTimeFormat(culture, { dateStyle: 'long', timeZone: 'Europe/Brussels' }).format(Number(at));

beforeAll(async () => {
  await createAccount(testApp, buyer);
});

async function userId(email: string): Promise<number> {
  return (await testApp.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
}

/** Places a real order through the checkout form as the signed-in agent; answers the order row. */
async function checkout(agent: Agent, email: string, { paymentMethod = 'BankTransfer', quantity = 1, couponCode = null as string | null } = {}) {
  const customerId = await userId(email);
  const { csrf, key } = await cartFor(testApp, { agent, userId: customerId, quantity, couponCode });
  const answer = await agent.post('/fr/checkout').type('form').send({ ...(await validCheckout(testApp, { Email: email, PaymentMethod: paymentMethod })), _csrf: csrf, IdempotencyKey: key });
  expect(answer.status).toBe(303);
  return testApp.db.selectFrom('orders').selectAll().where('user_id', '=', customerId).orderBy('id', 'desc').executeTakeFirstOrThrow();
}

/** Writes `count` orders of a customer straight into the table, a minute apart, the last one newest. */
async function insertOrders(customerId: number, count: number) {
  const start = Date.UTC(2025, 2, 1, 9);
  const address = JSON.stringify({ firstName: 'Paul', lastName: 'Page', company: '', street1: '1 rue du Test', street2: '', postalCode: '75001', city: 'Paris', countryId: 1, phone: '', vatNumber: '', accountType: 'Private' });
  for (let index = 0; index < count; index++) {
    const at = start + index * 60_000;
    await testApp.db
      .insertInto('orders')
      .values({
        number: `2025-${String(900_000 + customerId * 100 + index)}`,
        user_id: customerId,
        email: 'paging@example.com',
        culture: 'fr',
        state: 'Paid',
        currency: 'EUR',
        rate_ppm: 1_000_000,
        subtotal_incl_cents: 1000 + index,
        subtotal_excl_cents: 1000 + index,
        shipping_incl_cents: 0,
        shipping_excl_cents: 0,
        discount_incl_cents: 0,
        discount_excl_cents: 0,
        tax_cents: 0,
        total_incl_cents: 1000 + index,
        total_excl_cents: 1000 + index,
        taxes: '[]',
        coupon_code: null,
        shipping_method_id: null,
        payment_method: 'Card',
        reverse_charge: 0,
        vat_number: '',
        pickup_point: null,
        billing_address: address,
        shipping_address: address,
        idempotency_key: `paging-${customerId}-${index}`,
        created_at: at,
        updated_at: at,
      })
      .execute();
  }
}

describe('signed out', () => {
  test('the list and a detail send the visitor to log in and back', async () => {
    for (const path of ['/fr/account/orders', '/fr/account/orders?pagenbr=2', '/fr/account/orders/2026-000001']) {
      const answer = await request(testApp.app).get(path);
      expect(answer.status).toBe(303);
      expect(answer.headers.location).toBe(`/fr/security/login?returnUrl=${encodeURIComponent(path)}`);
    }
  });
});

describe('real orders', () => {
  let bank: Awaited<ReturnType<typeof checkout>>;
  let card: Awaited<ReturnType<typeof checkout>>;
  let agent: Agent;

  beforeAll(async () => {
    ({ agent } = await signedIn(testApp, buyer));
    bank = await checkout(agent, buyer.email, { quantity: 3, couponCode: 'FIRST10' });
    card = await checkout(agent, buyer.email, { paymentMethod: 'Card' });
  });

  test('a customer without orders is told so', async () => {
    const email = 'orders-none@example.com';
    await createAccount(testApp, { email, password: 'Orders-None-2026' });
    const { agent: nobody } = await signedIn(testApp, { email, password: 'Orders-None-2026' });
    const html = parseHtml((await nobody.get('/fr/account/orders')).text);
    expect(textOf(html, 'h1')).toBe('Mes commandes');
    expect(textOf(html, '.account-orders-empty')).toBe('Vous n\'avez pas encore passé de commande.');
    expect(html.querySelector('.account-orders-table')).toBeNull();
  });

  test('the list shows them newest first: number, date, localised state, total', async () => {
    const answer = await agent.get('/fr/account/orders');
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toMatch(/text\/html/);
    expect(answer.headers['cache-control']).toContain('no-store');
    const html = parseHtml(answer.text);
    expect(textOf(html, '.account-orders-count')).toBe('Nombre de commandes : 2');
    expect(textsOf(html, '.account-order-link')).toEqual([card.number, bank.number]);
    expect(attributeOf(html, '.account-order-link', 'href')).toBe(`/fr/account/orders/${card.number}`);
    expect(textsOf(html, '.account-order-state')).toEqual(['Enregistrée', 'En attente de paiement']);
    expect(textsOf(html, '.account-order-total')).toEqual([money(card.total_incl_cents), money(bank.total_incl_cents)]);
    expect(textsOf(html, '.account-order-date')).toEqual([longDate(card.created_at), longDate(bank.created_at)]);
    // 2 orders: one page, no pagination.
    expect(html.querySelector('nav.pagination')).toBeNull();
  });

  test('the list speaks the page\'s culture and answers htmx with the page region alone', async () => {
    const nl = parseHtml((await agent.get('/nl/account/orders')).text);
    expect(textOf(nl, 'h1')).toBe(resource('nl', 'Security.Account.Orders.Title'));
    expect(textsOf(nl, '.account-order-state')).toEqual([resource('nl', 'Orders.States.Placed'), resource('nl', 'Orders.States.AwaitingPayment')]);
    const region = await agent.get('/fr/account/orders').set('HX-Request', 'true').set('HX-Target', 'page');
    expect(region.status).toBe(200);
    expect(region.text).not.toMatch(/<html/i);
    expect(region.headers.vary).toMatch(/HX-Request/);
    expect(textsOf(parseHtml(region.text), '.account-order-link')).toEqual([card.number, bank.number]);
  });

  test('a bank-transfer order\'s detail: lines, shipping, discount, taxes, totals, addresses and where to pay', async () => {
    const answer = await agent.get(`/fr/account/orders/${bank.number}`);
    expect(answer.status).toBe(200);
    expect(answer.headers['cache-control']).toContain('no-store');
    const html = parseHtml(answer.text);
    expect(textOf(html, 'h1')).toBe(`Commande ${bank.number}`);
    expect(attributeOf(html, '[data-order-state]', 'data-order-state')).toBe('AwaitingPayment');
    expect(textOf(html, '[data-order-state]')).toBe('En attente de paiement');
    expect(textOf(html, '.order-payment')).toBe('Virement bancaire');
    expect(textOf(html, '.order-shipping-method')).toBe('Livraison express');

    const [line] = await testApp.db.selectFrom('order_lines').selectAll().where('order_id', '=', bank.id).execute();
    // The chosen variant in words after its code (views/partials/orders/order-lines.ejs).
    const options = (await variantOptions(testApp.db, { variantIds: [line.variant_id], culture: 'fr' })).get(line.variant_id)!.text;
    expect(textsOf(html, '.order-lines:not(.order-taxes) tbody td')).toEqual([`3 × ${line.name} (${line.sku}) ${options}`, money(line.total_incl_cents)]);
    const totals = textsOf(html, '.order-lines:not(.order-taxes) tfoot td');
    expect(bank.discount_incl_cents).toBeGreaterThan(0);
    expect(totals).toEqual([money(bank.subtotal_incl_cents), money(bank.shipping_incl_cents), `-${money(bank.discount_incl_cents)}`, money(bank.tax_cents), money(bank.total_incl_cents)]);
    expect(textOf(html, '.order-discount th')).toBe('Réduction (FIRST10)');
    const taxes = JSON.parse(bank.taxes) as { rateBp: number; cents: number }[];
    const percent = (rateBp: number) => new Intl.NumberFormat('fr', { style: 'percent' }).format(rateBp / 10_000).replace(/\s+/g, ' ');
    expect(textsOf(html, '.order-taxes tbody th')).toEqual(taxes.map((tax) => `TVA ${percent(tax.rateBp)}`));
    expect(textsOf(html, '.order-taxes tbody td')).toEqual(taxes.map((tax) => money(tax.cents)));
    expect(taxes.reduce((sum, tax) => sum + tax.cents, 0)).toBe(bank.tax_cents);
    expect(textOf(html, '.order-addresses address')).toContain('1 rue de la Paix');

    expect(textOf(html, '.bank-transfer-info .iban')).toBe(testApp.config.BANK_IBAN);
    expect(textOf(html, '.bank-transfer-info')).toContain(bank.number);
    expect(textOf(html, '.bank-transfer-info')).toContain(money(bank.total_incl_cents));
  });

  test('no transfer details for a card order, nor once the transfer arrived', async () => {
    const cardPage = parseHtml((await agent.get(`/fr/account/orders/${card.number}`)).text);
    expect(textOf(cardPage, '.order-payment')).toBe('Carte bancaire');
    expect(textOf(cardPage, '[data-order-state]')).toBe('Enregistrée');
    expect(cardPage.querySelector('.bank-transfer-info')).toBeNull();
    expect(textOf(cardPage, '.order-total td')).toBe(money(card.total_incl_cents));

    await transitionOrder(testApp.db, bank.id, 'Paid');
    const paid = parseHtml((await agent.get(`/fr/account/orders/${bank.number}`)).text);
    expect(textOf(paid, '[data-order-state]')).toBe('Payée');
    expect(paid.querySelector('.bank-transfer-info')).toBeNull();
  });

  test('an order in another currency is shown in it', async () => {
    const token = parseHtml((await agent.get('/fr/account/orders')).text).querySelector('meta[name="csrf-token"]')!.getAttribute('content')!;
    expect((await agent.post('/api/v1/currencyconverter/currency/changeto/GBP').set('X-CSRF-Token', token)).body).toMatchObject({ ResponseCode: 'OK' });
    const pounds = await checkout(agent, buyer.email);
    await agent.post('/api/v1/currencyconverter/currency/changeto/EUR').set('X-CSRF-Token', token);
    expect(pounds.currency).toBe('GBP');
    const list = parseHtml((await agent.get('/fr/account/orders')).text);
    expect(textOf(list, `tr[data-order-number="${pounds.number}"] .account-order-total`)).toBe(money(pounds.total_incl_cents, 'GBP'));
    expect(textOf(list, `tr[data-order-number="${pounds.number}"] .account-order-total`)).toContain('£');
    const detail = parseHtml((await agent.get(`/fr/account/orders/${pounds.number}`)).text);
    expect(textOf(detail, '.order-total td')).toBe(money(pounds.total_incl_cents, 'GBP'));
  });

  test('someone else\'s order, an unknown or a malformed number: 404; their list holds none of it', async () => {
    const { agent: stranger } = await signedIn(testApp, demo.customer);
    for (const path of [`/fr/account/orders/${bank.number}`, '/fr/account/orders/2026-999999', '/fr/account/orders/not-a-number']) {
      const answer = await stranger.get(path);
      expect(answer.status).toBe(404);
      expect(textOf(parseHtml(answer.text), 'h1')).toBe(resource('fr', 'Core.NotFoundTitle'));
    }
    const list = parseHtml((await stranger.get('/fr/account/orders')).text);
    expect(list.querySelector(`tr[data-order-number="${bank.number}"]`)).toBeNull();
  });
});

describe('paging', () => {
  const pager = { email: 'orders-pager@example.com', password: 'Orders-Pager-2026' };
  let agent: Agent;
  let numbers: string[];

  beforeAll(async () => {
    const customerId = await createAccount(testApp, pager);
    await insertOrders(customerId, 25);
    ({ agent } = await signedIn(testApp, pager));
    const rows = await testApp.db.selectFrom('orders').select('number').where('user_id', '=', customerId).orderBy('created_at', 'desc').execute();
    numbers = rows.map((row) => row.number);
  });

  test('20 a page, newest first, with links to the next page', async () => {
    const first = parseHtml((await agent.get('/fr/account/orders')).text);
    expect(textOf(first, '.account-orders-count')).toBe('Nombre de commandes : 25');
    expect(textsOf(first, '.account-order-link')).toEqual(numbers.slice(0, 20));
    expect(attributeOf(first, 'nav.pagination', 'data-total-pages')).toBe('2');
    expect(attributeOf(first, 'nav.pagination a[rel="next"]', 'href')).toBe('/fr/account/orders?pagenbr=2');

    const second = parseHtml((await agent.get('/fr/account/orders?pagenbr=2')).text);
    expect(textsOf(second, '.account-order-link')).toEqual(numbers.slice(20));
    expect(textOf(second, 'nav.pagination [aria-current="page"]')).toBe('2');
    expect(attributeOf(second, 'nav.pagination a[rel="prev"]', 'href')).toBe('/fr/account/orders');
  });

  test('a page past the end shows the last one; a malformed page number is a 400 naming it', async () => {
    const past = parseHtml((await agent.get('/fr/account/orders?pagenbr=99')).text);
    expect(textsOf(past, '.account-order-link')).toEqual(numbers.slice(20));
    for (const value of ['abc', '0', '-1', '1.5']) {
      const answer = await agent.get(`/fr/account/orders?pagenbr=${value}`);
      expect(answer.status).toBe(400);
      expect(textOf(parseHtml(answer.text), '.error-page')).toContain(resource('fr', 'Catalog.InvalidParameter'));
    }
  });
});
