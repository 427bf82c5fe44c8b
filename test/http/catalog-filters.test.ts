import request from 'supertest';
import { clearCatalogCaches } from '../../server/catalog/lists-cache';
import { useTestApp } from '../support/app';
import { cardIds, colourIn, countInCategory, mainBrandOf, topCategory } from '../support/catalog-lists';
import { attributeOf, parseHtml, textOf, textsOf } from '../support/html';
import { resource } from '../support/resources';

const testApp = useTestApp();
const get = (path: string) => request(testApp.app).get(path);
const filterParam = (filter: object) => `filter=${encodeURIComponent(JSON.stringify(filter))}`;

async function setup() {
  const top = await topCategory(testApp.db);
  const brand = await mainBrandOf(testApp.db, top.id);
  const colour = await colourIn(testApp.db, top.id);
  return { top, brand, colour, path: `/fr/catalog/category/${top.id}/${top.slug}` };
}

const facetCount = (page: ReturnType<typeof parseHtml>, group: string, value: number) =>
  Number(textOf(page, `[data-facet-group="${group}"] input[value="${value}"] + a .facet-count`).replace(/\D/g, ''));

describe('the filter object and the facets', () => {
  it('narrows the list by brand and attribute value, counting like the database', async () => {
    const { top, brand, colour, path } = await setup();
    const filter = { Brands: [brand.id], ProductAttributes: { [colour.attribute_id]: [colour.value_id] } };
    const page = parseHtml((await get(`${path}?${filterParam(filter)}&pageSize=48`)).text);
    const expected = await countInCategory(testApp.db, top.id, { brandId: brand.id, valueId: colour.value_id });
    expect(expected).toBeGreaterThan(0);
    expect(textOf(page, '.list-count')).toBe(resource('fr', 'Catalog.ProductCount').replace('{{count}}', String(expected)));
    expect(cardIds(page)).toHaveLength(Math.min(48, expected));
  });

  it('counts each facet under every OTHER selected filter', async () => {
    const { top, brand, colour, path } = await setup();
    const page = parseHtml((await get(`${path}?${filterParam({ Brands: [brand.id] })}`)).text);
    // The brand group ignores its own selection: other brands keep their full counts.
    const brands = await testApp.db.selectFrom('brands').select('id').where('id', '!=', brand.id).orderBy('id').execute();
    const others = [];
    for (const { id } of brands) others.push({ id, count: await countInCategory(testApp.db, top.id, { brandId: id }) });
    const present = others.filter((other) => other.count > 0);
    expect(present.length).toBeGreaterThan(1);
    for (const other of present) expect(facetCount(page, 'Brands', other.id)).toBe(other.count);
    expect(facetCount(page, 'Brands', brand.id)).toBe(brand.count);
    // Other groups count within the selected brand.
    const group = `ProductAttributes.${colour.attribute_id}`;
    expect(facetCount(page, group, colour.value_id)).toBe(await countInCategory(testApp.db, top.id, { brandId: brand.id, valueId: colour.value_id }));
    expect(attributeOf(page, `[data-facet-group="Brands"] input[value="${brand.id}"]`, 'checked')).toBeDefined();
  });

  it('makes every facet value a link that toggles it and drops pageindex', async () => {
    const { brand, path } = await setup();
    const page = parseHtml((await get(`${path}?pageindex=2&sort=name`)).text);
    const link = attributeOf(page, `[data-facet-group="Brands"] input[value="${brand.id}"] + a`, 'href')!;
    expect(decodeURIComponent(link)).toBe(`${path}?filter={"Brands":[${brand.id}]}&sort=name`);
    const selected = parseHtml((await get(link)).text);
    const back = attributeOf(selected, `[data-facet-group="Brands"] input[value="${brand.id}"] + a`, 'href');
    expect(back).toBe(`${path}?sort=name`);
  });

  it('shows a tag per selected value, each removing only itself, and "clear all"', async () => {
    const { brand, colour, path } = await setup();
    const filter = { Brands: [brand.id], ProductAttributes: { [colour.attribute_id]: [colour.value_id] } };
    const page = parseHtml((await get(`${path}?${filterParam(filter)}&display=table`)).text);
    const tags = page.querySelectorAll('.selected-filter');
    expect(tags).toHaveLength(2);
    expect(textsOf(page, '.selected-filter')).toEqual([
      `${resource('fr', 'Catalog.RemoveFilter')} ${resource('fr', 'Catalog.Brands')}: ${brand.name} ×`,
      expect.stringContaining(colour.display_value),
    ]);
    expect(decodeURIComponent(tags[0].getAttribute('href')!)).toBe(`${path}?filter={"ProductAttributes":{"${colour.attribute_id}":[${colour.value_id}]}}&display=table`);
    expect(decodeURIComponent(tags[1].getAttribute('href')!)).toBe(`${path}?filter={"Brands":[${brand.id}]}&display=table`);
    expect(attributeOf(page, '.clear-filters', 'href')).toBe(`${path}?display=table`);
  });

  it('turns a facet form submission into the canonical address, without pageindex', async () => {
    const { brand, colour, path } = await setup();
    const fields = `facets=1&Brands=${brand.id}&ProductAttributes.${colour.attribute_id}=${colour.value_id}&Price=&sort=name&pageindex=3`;
    const answer = await get(`${path}?${fields}`);
    expect(answer.status).toBe(303);
    const filter = JSON.stringify({ Brands: [brand.id], ProductAttributes: { [colour.attribute_id]: [colour.value_id] } });
    expect(decodeURIComponent(answer.headers.location)).toBe(`${path}?filter=${filter}&sort=name`);
  });

  it('filters by price band', async () => {
    const { top, path } = await setup();
    const page = parseHtml((await get(`${path}?${filterParam({ Price: '5000-10000' })}&pageSize=48`)).text);
    const prices = await testApp.db.selectFrom('products').select('price_from_cents').where('id', 'in', cardIds(page)).execute();
    expect(prices.every((row) => Number(row.price_from_cents) >= 5000 && Number(row.price_from_cents) < 10000)).toBe(true);
    expect(attributeOf(page, '[data-facet-group="Price"] input[value="5000-10000"]', 'type')).toBe('radio');
    expect(await countInCategory(testApp.db, top.id)).toBeGreaterThan(cardIds(page).length);
  });
});

describe('bad list parameters', () => {
  it.each([
    ['malformed filter JSON', 'filter=%7B%22Brands%22%3A%5B3', 'Catalog.InvalidFilter'],
    ['a non-numeric id in the filter', `filter=${encodeURIComponent('{"Brands":["abc"]}')}`, 'Catalog.InvalidFilter'],
    ['an unknown filter key', `filter=${encodeURIComponent('{"Colour":[1]}')}`, 'Catalog.InvalidFilter'],
    ['a bad sort', 'sort=cheapest', 'Catalog.InvalidParameter'],
    ['a non-numeric pageindex', 'pageindex=two', 'Catalog.InvalidParameter'],
    ['a page size not offered', 'pageSize=1000', 'Catalog.InvalidParameter'],
    ['a non-numeric facet form value', 'facets=1&Brands=x', 'Catalog.InvalidFilter'],
  ])('answer a localised 400 page for %s', async (_case, query, key) => {
    const answer = await get(`/es/catalog?${query}`);
    expect(answer.status).toBe(400);
    expect(answer.headers['content-type']).toMatch(/^text\/html/);
    const page = parseHtml(answer.text);
    expect(textOf(page, 'h1')).toBe(resource('es', 'Catalog.InvalidListTitle'));
    expect(textOf(page, '.error-page p')).toBe(resource('es', key));
  });
});

describe('GET {site}/widget/catalog/ListFilter', () => {
  it('serves the same panel the page includes, alone, in the asked culture', async () => {
    const { top, brand, path } = await setup();
    const current = encodeURIComponent(JSON.stringify({ Brands: [brand.id] }));
    const answer = await get(`/widget/catalog/ListFilter?categoryId=${top.id}&currentFilter=${current}&culture=fr`);
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/html/);
    expect(answer.headers.vary).toMatch(/Accept-Language/);
    const fragment = parseHtml(answer.text);
    expect(fragment.querySelector('html')).toBeNull();
    const inline = parseHtml((await get(`${path}?filter=${current}`)).text).querySelector('#filter-panel')!;
    expect(fragment.querySelector('#filter-panel')!.outerHTML).toBe(inline.outerHTML);
    const alias = await get(`/fr/widget/catalog/ListFilter?categoryId=${top.id}&currentFilter=${current}`);
    expect(parseHtml(alias.text).querySelector('#filter-panel')!.outerHTML).toBe(inline.outerHTML);
  });

  it('takes the facet form’s fields in place of currentFilter (the panel reloading itself)', async () => {
    const { top, brand } = await setup();
    const byFields = await get(`/fr/widget/catalog/ListFilter?categoryId=${top.id}&facets=1&Brands=${brand.id}&sort=name`);
    const byFilter = await get(`/fr/widget/catalog/ListFilter?categoryId=${top.id}&currentFilter=${encodeURIComponent(JSON.stringify({ Brands: [brand.id] }))}&sort=name`);
    expect(byFields.status).toBe(200);
    expect(byFields.text).toBe(byFilter.text);
    expect(attributeOf(parseHtml(byFields.text), 'form.facet-form input[name="sort"]', 'value')).toBe('name');
  });

  it('takes its culture from the Referer without ?culture=', async () => {
    const { top } = await setup();
    const answer = await get(`/widget/catalog/ListFilter?categoryId=${top.id}`).set('Referer', 'http://shop.test/it/catalog');
    expect(textOf(parseHtml(answer.text), '[data-facet-group="Brands"] legend')).toBe(resource('it', 'Catalog.Brands'));
  });

  it.each([
    ['categoryId=abc', 400],
    ['categoryId=1&currentFilter=%5B', 400],
    ['brandId=-2', 400],
    ['categoryId=999999', 404],
  ])('answers %s with %i', async (query, status) => {
    expect((await get(`/widget/catalog/ListFilter?${query}`)).status).toBe(status);
  });
});

describe('the Corporate theme', () => {
  afterAll(async () => {
    await testApp.db.deleteFrom('site_settings').where('key', '=', 'theme').execute();
    clearCatalogCaches(testApp.db);
  });

  it('has no filter panel in the list', async () => {
    await testApp.db.insertInto('site_settings').values({ key: 'theme', value: 'Corporate' }).execute();
    clearCatalogCaches(testApp.db);
    const page = parseHtml((await get('/fr/catalog')).text);
    expect(page.querySelector('#filters-wrapper')).toBeNull();
    expect(cardIds(page)).toHaveLength(24);
  });
});
