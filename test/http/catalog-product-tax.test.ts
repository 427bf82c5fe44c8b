import request from 'supertest';
import { exclOf } from '../../server/shipping/tax';
import { firstCountry } from '../../server/shipping/data';
import { formatMoney } from '../../server/shared/money';
import { useTestApp } from '../support/app';
import { productUrl } from '../support/catalog-product';
import { parseHtml, textOf } from '../support/html';
import { cartVisitor, plainVariant } from './cart-helpers';

// One tax rule for every page: the product page's tax-excl price is the cart's, at the VAT of the
// visitor's tax country (their cart's shipping country, else the shop's first country), and a page kept
// by the page cache never carries one visitor's tax country to another.

const testApp = useTestApp();
/** As the page's text reads (textOf folds the narrow no-break spaces). */
const euros = (cents: number) => formatMoney({ cents, currency: 'EUR' }, 'fr').replace(/\s/g, ' ');
const exclShown = (html: string) => textOf(parseHtml(html), '[data-bind="UnitPriceTaxExclHtml"]');

async function pageOf(variant: { id: number; productId: number }) {
  return `${await productUrl(testApp.db, variant.productId)}?productVariantId=${variant.id}`;
}

describe('tax-excl prices on the product page', () => {
  it('shows the default country\'s VAT to a visitor without a cart, not the stored 21 %', async () => {
    const variant = await plainVariant(testApp.db);
    const country = await firstCountry(testApp.db);
    expect(country!.vatRateBp).not.toBe(2100);
    const answer = await request(testApp.app).get(await pageOf(variant));
    expect(answer.status).toBe(200);
    expect(exclShown(answer.text)).toBe(euros(exclOf(variant.priceInclCents, country!.vatRateBp)));
    expect(exclShown(answer.text)).not.toBe(euros(variant.priceExclCents));
  });

  it('follows the cart\'s shipping country, with the figures the cart shows, on the page, the API and the tier table', async () => {
    const variant = await plainVariant(testApp.db);
    const { agent, api } = await cartVisitor(testApp);
    await api.add({ ProductVariantId: variant.id, Quantity: 2 });
    expect((await api.post('shippingcountries', { CountryCode: 'DE' })).status).toBe(200);
    const page = await agent.get(await pageOf(variant));
    expect(page.status).toBe(200);
    expect(exclShown(page.text)).toBe(euros(exclOf(variant.priceInclCents, 1900)));

    const answer = await agent.get(`/api/v1/catalog/products/${variant.productId}/productvariants?productVariantId=${variant.id}&culture=fr`);
    expect(answer.status).toBe(200);
    expect(answer.body.UnitPriceTaxExcl).toBe(exclOf(variant.priceInclCents, 1900) / 100);

    const cart = (await api.info()).body;
    expect(cart.AmountTaxExclHtml.replace(/\s/g, ' ')).toBe(euros(exclOf(2 * variant.priceInclCents, 1900)));
  });

  it('never serves a visitor with a cart the kept page of others, nor keeps theirs for others', async () => {
    const variant = await plainVariant(testApp.db, { skip: 1 });
    const url = await pageOf(variant);
    const country = await firstCountry(testApp.db);
    const byDefault = euros(exclOf(variant.priceInclCents, country!.vatRateBp));
    expect(exclShown((await request(testApp.app).get(url)).text)).toBe(byDefault);

    const { agent, api } = await cartVisitor(testApp);
    await api.add({ ProductVariantId: variant.id, Quantity: 1 });
    expect((await api.post('shippingcountries', { CountryCode: 'DE' })).status).toBe(200);
    expect(exclShown((await agent.get(url)).text)).toBe(euros(exclOf(variant.priceInclCents, 1900)));

    for (let visit = 0; visit < 2; visit++) expect(exclShown((await request(testApp.app).get(url)).text)).toBe(byDefault);
  });

  it('prices the degressive table\'s tax-excl column at the visitor\'s rate', async () => {
    const tier = await testApp.db
      .selectFrom('tier_prices').select(['variant_id', 'min_quantity', 'price_incl_cents']).where('min_quantity', '>', 1).orderBy('variant_id').orderBy('min_quantity')
      .executeTakeFirstOrThrow();
    const country = await firstCountry(testApp.db);
    const answer = await request(testApp.app).get(`/fr/widget/catalog/DegressivePrice?productVariantId=${tier.variant_id}`);
    expect(answer.status).toBe(200);
    const row = parseHtml(answer.text).querySelector(`tr[data-min-quantity="${tier.min_quantity}"]`)!;
    expect(row.querySelectorAll('td')[1].textContent.replace(/\s/g, ' ')).toBe(euros(exclOf(tier.price_incl_cents, country!.vatRateBp)));
  });
});
