// Catalog prices in the visitor's currency (the `currency` cookie, converted with the stored rates):
// list cards, the product page (price, tier table), the productvariants answer, the quick view. The
// JSON-LD offers stay in the stored currency; an order keeps the currency and rate it was placed in.
import { formatMoney } from '../../server/shared/money';
import { findCart } from '../../server/cart/cart';
import { summarizeCart } from '../../server/cart/pricing';
import { clearRates, convertCents, loadRates } from '../../server/currencies/rates';
import { firstCountry } from '../../server/shipping/data';
import { exclOf } from '../../server/shipping/tax';
import { findOrderByNumber, placeOrder } from '../../server/orders/orders';
import { useTestApp } from '../support/app';
import { productUrl } from '../support/catalog-product';
import { parseHtml, textOf, textsOf } from '../support/html';
import { type Agent, visitor } from './accounts-helpers';
import { apiCalls, plainVariant } from './cart-helpers';
import { orderAddress } from './checkout-helpers';

const testApp = useTestApp();

/** A visitor who chose `code` through the converter call (cookie set), as the widget does. */
async function visitorIn(code: string): Promise<{ agent: Agent; token: string }> {
  const { agent, token } = await visitor(testApp, '/fr/contact/form');
  const answer = await agent.post(`/api/v1/currencyconverter/currency/changeto/${code}`).set('X-CSRF-Token', token);
  expect(answer.body).toMatchObject({ ResponseCode: 'OK' });
  return { agent, token };
}

/** Money as the page's text reads it (textOf folds the culture's no-break spaces). */
const money = (cents: number, currency: string, culture = 'fr') => formatMoney({ cents, currency }, culture).replace(/\s+/g, ' ');

/** How a stored EUR amount reads in `code` for the culture. */
async function shown(cents: number, code: string, culture = 'fr'): Promise<string> {
  return money(convertCents(cents, 'EUR', code, await loadRates(testApp.db)), code, culture);
}

/** A variant with tiers (min quantity > 1) of an active product, and its tiers. */
async function tieredVariant() {
  const row = await testApp.db
    .selectFrom('tier_prices')
    .innerJoin('product_variants as v', 'v.id', 'tier_prices.variant_id')
    .innerJoin('products as p', 'p.id', 'v.product_id')
    .select(['v.id', 'v.product_id', 'v.price_incl_cents', 'v.price_excl_cents', 'v.currency'])
    .where('v.is_active', '=', 1)
    .where('p.is_active', '=', 1)
    .where('p.available_until', 'is', null)
    .where('tier_prices.min_quantity', '>', 1)
    .orderBy('v.id')
    .executeTakeFirstOrThrow();
  const tiers = await testApp.db.selectFrom('tier_prices').select(['min_quantity', 'price_incl_cents']).where('variant_id', '=', row.id).where('min_quantity', '>', 1).orderBy('min_quantity').execute();
  return { ...row, tiers };
}

const cardPrices = (html: string) => new Map(parseHtml(html).querySelectorAll('.product-card').map((card) => [Number(card.getAttribute('data-product-id')), textOf(card, '.product-card-price')]));

describe('catalog prices in the chosen currency', () => {
  it('shows a list page in CHF after choosing CHF, and in EUR to everyone else (no kept page or list leaks)', async () => {
    const before = cardPrices((await (await visitor(testApp, '/fr/contact/form')).agent.get('/fr/catalog')).text);
    const { agent } = await visitorIn('CHF');
    const page = await agent.get('/fr/catalog');
    expect(page.status).toBe(200);
    const chf = cardPrices(page.text);
    expect(chf.size).toBe(24);
    const rows = await testApp.db.selectFrom('products').select(['id', 'price_from_cents', 'currency']).where('id', 'in', [...chf.keys()]).execute();
    for (const row of rows) {
      expect(row.currency).toBe('EUR');
      expect(chf.get(row.id)).toContain(await shown(Number(row.price_from_cents), 'CHF'));
      expect(before.get(row.id)).toContain(money(Number(row.price_from_cents), 'EUR'));
    }
    // The CHF answer was not kept for a visitor without the cookie (page cache and list HTML cache).
    const after = cardPrices((await (await visitor(testApp, '/fr/contact/form')).agent.get('/fr/catalog')).text);
    expect([...after.values()].every((price) => price.includes('€'))).toBe(true);
  });

  it("shows the header widget with the visitor's currency on every page, the cart page too", async () => {
    const { agent } = await visitorIn('GBP');
    for (const path of ['/fr/catalog', '/fr/shoppingcarts', '/nl/contact/form']) {
      const page = parseHtml((await agent.get(path)).text);
      expect(page.querySelector('form[data-currency-widget] #currency-select option[selected]')?.getAttribute('value')).toBe('GBP');
    }
  });

  it('shows the product page price and tier table in CHF; the JSON-LD offers keep the stored EUR', async () => {
    const variant = await tieredVariant();
    const { agent } = await visitorIn('CHF');
    const page = parseHtml((await agent.get(`${await productUrl(testApp.db, variant.product_id)}?productVariantId=${variant.id}`)).text);
    expect(textOf(page, '[data-bind=UnitPriceTaxInclHtml]')).toBe(await shown(variant.price_incl_cents, 'CHF'));
    // Tax excl: the converted tax-incl price without the VAT of the visitor's tax country (no cart: the shop's
    // first country), the one rule the cart uses too (server/shipping/tax.ts).
    const rates = await loadRates(testApp.db);
    const rateBp = (await firstCountry(testApp.db))!.vatRateBp;
    const exclCents = exclOf(convertCents(variant.price_incl_cents, 'EUR', 'CHF', rates), rateBp);
    expect(textOf(page, '[data-bind=UnitPriceTaxExclHtml]')).toBe(money(exclCents, 'CHF', 'fr'));
    const tierCells = textsOf(page, '#catalog-degressive-price tbody tr td:first-of-type');
    expect(tierCells[0]).toBe(await shown(variant.price_incl_cents, 'CHF'));
    expect(tierCells.slice(1)).toEqual(await Promise.all(variant.tiers.map((tier) => shown(tier.price_incl_cents, 'CHF'))));
    // The head's BreadcrumbList comes first (server/seo); the product's own block is the Product.
    const jsonLd = page.querySelectorAll('script[type="application/ld+json"]').map((script) => JSON.parse(script.textContent)).find((block) => block['@type'] === 'Product');
    const offers = [jsonLd.offers].flat().flatMap((offer: { offers?: unknown[] }) => offer.offers ?? [offer]) as { priceCurrency: string; price: string }[];
    expect(offers.length).toBeGreaterThan(0);
    expect(new Set(offers.map((offer) => offer.priceCurrency))).toEqual(new Set(['EUR']));
    // The degressive-price fragment alone says the same.
    const fragment = parseHtml((await agent.get(`/fr/widget/catalog/DegressivePrice?productVariantId=${variant.id}`)).text);
    expect(textsOf(fragment, 'tbody tr td:first-of-type')).toEqual(tierCells);
  });

  it('answers the productvariants call with CurrencyCode CHF and the converted amounts (tier applied)', async () => {
    const variant = await tieredVariant();
    const rates = await loadRates(testApp.db);
    const { agent } = await visitorIn('CHF');
    const api = `/api/v1/catalog/products/${variant.product_id}/productvariants?productVariantId=${variant.id}&culture=fr`;
    const one = await agent.get(`${api}&Quantity=1`);
    expect(one.status).toBe(200);
    expect(one.headers.vary).toMatch(/Cookie/);
    expect(one.body).toMatchObject({
      ProductVariantId: variant.id,
      CurrencyCode: 'CHF',
      UnitPriceTaxIncl: convertCents(variant.price_incl_cents, 'EUR', 'CHF', rates) / 100,
      UnitPriceTaxExcl: exclOf(convertCents(variant.price_incl_cents, 'EUR', 'CHF', rates), (await firstCountry(testApp.db))!.vatRateBp) / 100,
      UnitPriceTaxInclHtml: formatMoney({ cents: convertCents(variant.price_incl_cents, 'EUR', 'CHF', rates), currency: 'CHF' }, 'fr'),
    });
    const tier = variant.tiers[0];
    const tiered = (await agent.get(`${api}&Quantity=${tier.min_quantity}`)).body;
    expect(tiered.UnitPriceTaxIncl).toBe(convertCents(tier.price_incl_cents, 'EUR', 'CHF', rates) / 100);
    // Without the cookie: the stored currency.
    const stored = (await (await visitor(testApp, '/fr/contact/form')).agent.get(`${api}&Quantity=1`)).body;
    expect(stored).toMatchObject({ CurrencyCode: 'EUR', UnitPriceTaxIncl: variant.price_incl_cents / 100 });
  });

  it('shows the quick view in GBP (culture and site addresses), telling caches it varies by cookie', async () => {
    const { agent } = await visitorIn('GBP');
    const product = await testApp.db.selectFrom('products').select(['id', 'price_from_cents']).where('is_active', '=', 1).orderBy('id').executeTakeFirstOrThrow();
    for (const path of [`/fr/widget/catalog/QuickView?productId=${product.id}`, `/widget/catalog/QuickView?productId=${product.id}&culture=fr`]) {
      const answer = await agent.get(path);
      expect(answer.status).toBe(200);
      expect(answer.headers.vary).toMatch(/Cookie/);
      expect(textOf(parseHtml(answer.text), '.quick-view-price')).toContain(await shown(Number(product.price_from_cents), 'GBP'));
    }
  });

  it('falls back to the stored prices for a currency cookie the shop does not offer (never a 500)', async () => {
    const { agent } = await visitor(testApp, '/fr/contact/form');
    (agent as unknown as { jar: { setCookie(cookie: string, domain: string, path: string): void } }).jar.setCookie('currency=XYZ; Path=/', '127.0.0.1', '/');
    const page = await agent.get('/fr/catalog');
    expect(page.status).toBe(200);
    expect([...cardPrices(page.text).values()].every((price) => price.includes('€'))).toBe(true);
  });
});

describe('an order keeps the currency and rate it was placed in', () => {
  it('a CHF cart priced like the product page becomes a CHF order at 0.94, unchanged by a later rate change', async () => {
    const variant = await plainVariant(testApp.db);
    const { agent, token } = await visitorIn('CHF');
    const added = await apiCalls(agent, token).add({ ProductVariantId: variant.id, Quantity: 2 });
    expect(added.status).toBe(200);
    const productPage = parseHtml((await agent.get(`${await productUrl(testApp.db, variant.productId)}?productVariantId=${variant.id}`)).text);
    const cookie = (agent as unknown as { jar: { getCookie(name: string, access: object): { value: string } | undefined } }).jar.getCookie('cart', { domain: '127.0.0.1', path: '/', secure: false, script: false });
    const cart = (await findCart({ app: testApp.app, get: (name: string) => (name === 'Cookie' ? `cart=${cookie!.value}` : undefined) } as never))!;
    expect(cart.currency).toBe('CHF');
    const summary = await summarizeCart(testApp.db, cart, { culture: 'fr' });
    expect(summary.currency).toBe('CHF');
    // The cart's unit price is the one the product page showed.
    expect(money(summary.lines[0].unitInclCents, 'CHF')).toBe(textOf(productPage, '[data-bind=UnitPriceTaxInclHtml]'));
    const rates = await loadRates(testApp.db);
    const { number } = await placeOrder(testApp.db, {
      idempotencyKey: 'chf-order',
      summary,
      email: 'buyer@example.com',
      userId: null,
      culture: 'fr',
      paymentMethod: 'BankTransfer',
      billing: orderAddress,
      shipping: orderAddress,
      ratePpm: rates.ppm.CHF,
    });
    try {
      await testApp.db.updateTable('currencies').set({ rate_ppm: 1_200_000 }).where('code', '=', 'CHF').execute();
      clearRates(testApp.db);
      const order = (await findOrderByNumber(testApp.db, number))!;
      expect(order.currency).toBe('CHF');
      expect(order.ratePpm).toBe(940_000);
      expect(order.totalInclCents).toBe(summary.totalInclCents);
      // The catalog follows the new rate at once.
      const api = (await agent.get(`/api/v1/catalog/products/${variant.productId}/productvariants?productVariantId=${variant.id}&culture=fr`)).body;
      expect(api.UnitPriceTaxIncl).toBe(convertCents(variant.priceInclCents, 'EUR', 'CHF', await loadRates(testApp.db)) / 100);
      expect(api.UnitPriceTaxIncl).not.toBe(convertCents(variant.priceInclCents, 'EUR', 'CHF', rates) / 100);
    } finally {
      await testApp.db.updateTable('currencies').set({ rate_ppm: 940_000 }).where('code', '=', 'CHF').execute();
      clearRates(testApp.db);
    }
  });
});
