// The list's price facet in the visitor's currency: the band labels (and the selected-filter tag) are
// converted like the cards' prices, while the band values in the form and in the address stay cents of
// the stored currency, so a filtered address lists the same products for everyone.
import { formatMoney } from '../../server/shared/money';
import { convertCents, loadRates } from '../../server/currencies/rates';
import { useTestApp } from '../support/app';
import { cardIds, topCategory } from '../support/catalog-lists';
import { type Html, attributeOf, parseHtml, textOf, textsOf } from '../support/html';
import { resource } from '../support/resources';
import { type Agent, visitor } from './accounts-helpers';

const testApp = useTestApp();
const filterParam = (filter: object) => `filter=${encodeURIComponent(JSON.stringify(filter))}`;

/** A visitor who chose `code` through the converter call (cookie set), as the currency widget does. */
async function visitorIn(code: string): Promise<Agent> {
  const { agent, token } = await visitor(testApp, '/fr/contact/form');
  const answer = await agent.post(`/api/v1/currencyconverter/currency/changeto/${code}`).set('X-CSRF-Token', token);
  expect(answer.body).toMatchObject({ ResponseCode: 'OK' });
  return agent;
}

const euroVisitor = async () => (await visitor(testApp, '/fr/contact/form')).agent;

/** A stored EUR amount as a French page shows it in `code` (textOf folds the no-break spaces). */
async function shown(cents: number, code: string): Promise<string> {
  return formatMoney({ cents: convertCents(cents, 'EUR', code, await loadRates(testApp.db)), currency: code }, 'fr').replace(/\s+/g, ' ');
}

/** The French label of a band, its ends shown in `code`. */
async function bandLabel(band: string, code: string): Promise<string> {
  const [min, max] = band.split('-');
  if (!min) return resource('fr', 'Catalog.PriceUnder').replace('{{max}}', await shown(Number(max), code));
  if (!max) return resource('fr', 'Catalog.PriceAbove').replace('{{min}}', await shown(Number(min), code));
  return resource('fr', 'Catalog.PriceBetween').replace('{{min}}', await shown(Number(min), code)).replace('{{max}}', await shown(Number(max), code));
}

const priceFacet = (page: Html) =>
  page.querySelectorAll('[data-facet-group="Price"] .facet-value').map((item) => ({
    value: item.querySelector('input')!.getAttribute('value'),
    label: textOf(item, '.facet-label'),
    count: textOf(item, '.facet-count'),
  }));

async function catalogPath() {
  const top = await topCategory(testApp.db);
  return `/fr/catalog/category/${top.id}/${top.slug}`;
}

describe('the price facet in the chosen currency', () => {
  it.each(['USD', 'GBP'])('tells the bands in %s with the same values and counts as in EUR', async (code) => {
    const path = await catalogPath();
    const euros = priceFacet(parseHtml((await (await euroVisitor()).get(path)).text));
    const page = parseHtml((await (await visitorIn(code)).get(path)).text);
    const converted = priceFacet(page);
    expect(converted.map((band) => band.value)).toEqual(euros.map((band) => band.value));
    expect(converted.length).toBeGreaterThan(2);
    expect(converted.map((band) => band.count)).toEqual(euros.map((band) => band.count));
    for (const band of converted) expect(band.label).toBe(await bandLabel(band.value!, code));
    // The facet link toggles the stored band, whatever the label says.
    expect(decodeURIComponent(attributeOf(page, '[data-facet-group="Price"] input[value="5000-10000"] + a', 'href')!)).toBe(`${path}?filter={"Price":"5000-10000"}`);
  });

  it('filters on stored prices: a USD visitor gets the products a EUR visitor gets, with the band and its tag in USD', async () => {
    const path = `${await catalogPath()}?${filterParam({ Price: '5000-10000' })}&pageSize=48`;
    const euros = parseHtml((await (await euroVisitor()).get(path)).text);
    const dollars = parseHtml((await (await visitorIn('USD')).get(path)).text);
    const ids = cardIds(dollars);
    expect(ids.length).toBeGreaterThan(0);
    expect(ids).toEqual(cardIds(euros));
    const prices = await testApp.db.selectFrom('products').select(['price_from_cents', 'currency']).where('id', 'in', ids).execute();
    expect(prices.every((row) => row.currency === 'EUR' && Number(row.price_from_cents) >= 5000 && Number(row.price_from_cents) < 10000)).toBe(true);
    const label = await bandLabel('5000-10000', 'USD');
    expect(label).toBe(resource('fr', 'Catalog.PriceBetween').replace('{{min}}', '54,00 $US').replace('{{max}}', '108,00 $US'));
    expect(attributeOf(dollars, '[data-facet-group="Price"] input[value="5000-10000"]', 'checked')).toBeDefined();
    expect(textsOf(dollars, '.selected-filters a.selected-filter')).toContainEqual(expect.stringContaining(label));
    expect(textsOf(euros, '.selected-filters a.selected-filter')).toContainEqual(expect.stringContaining(await bandLabel('5000-10000', 'EUR')));
  });

  it('turns a facet form submission in USD into the same stored-cents address as in EUR', async () => {
    const base = await catalogPath();
    const answer = await (await visitorIn('USD')).get(`${base}?facets=1&Price=5000-10000`);
    expect(answer.status).toBe(303);
    expect(decodeURIComponent(answer.headers.location)).toBe(`${base}?filter={"Price":"5000-10000"}`);
  });

  it('keeps EUR as it was ("De 25,00 € à 50,00 €"), and a later EUR visitor never gets a kept GBP list or panel', async () => {
    const path = await catalogPath();
    await (await visitorIn('GBP')).get(path);
    const facet = priceFacet(parseHtml((await (await euroVisitor()).get(path)).text));
    const between = resource('fr', 'Catalog.PriceBetween').replace('{{min}}', '25,00 €').replace('{{max}}', '50,00 €');
    expect(facet.find((band) => band.value === '2500-5000')?.label).toBe(between);
    for (const band of facet) expect(band.label).toBe(await bandLabel(band.value!, 'EUR'));
  });

  it('tells the bands of the ListFilter widget in GBP (culture and site addresses), varying by cookie', async () => {
    const top = await topCategory(testApp.db);
    const agent = await visitorIn('GBP');
    for (const path of [`/fr/widget/catalog/ListFilter?categoryId=${top.id}`, `/widget/catalog/ListFilter?categoryId=${top.id}&culture=fr`]) {
      const answer = await agent.get(path);
      expect(answer.status).toBe(200);
      expect(answer.headers.vary).toMatch(/Cookie/);
      const facet = priceFacet(parseHtml(answer.text));
      expect(facet.length).toBeGreaterThan(2);
      for (const band of facet) expect(band.label).toBe(await bandLabel(band.value!, 'GBP'));
    }
    const euros = priceFacet(parseHtml((await (await euroVisitor()).get(`/fr/widget/catalog/ListFilter?categoryId=${top.id}`)).text));
    for (const band of euros) expect(band.label).toBe(await bandLabel(band.value!, 'EUR'));
  });
});
