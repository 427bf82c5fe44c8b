import request from 'supertest';
import { useTestApp } from '../support/app';
import { activeProductCount, cardIds, childCategories, countInCategory, mainBrandOf, topCategory } from '../support/catalog-lists';
import { attributeOf, parseHtml, textOf, textsOf } from '../support/html';
import { resource } from '../support/resources';

const testApp = useTestApp();
const get = (path: string) => request(testApp.app).get(path);

describe('GET {app}/{culture}/catalog', () => {
  it('lists every active product, 24 a page, with the pagination data and the filter panel', async () => {
    const answer = await get('/fr/catalog');
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/html/);
    expect(answer.headers.vary).toMatch(/HX-Request/);
    expect(answer.headers['cache-control']).toBe('private, no-cache');
    const page = parseHtml(answer.text);
    expect(textOf(page, 'h1')).toBe(resource('fr', 'Catalog.Title'));
    expect(cardIds(page)).toHaveLength(24);
    const total = await activeProductCount(testApp.db);
    expect(textOf(page, '.list-count')).toBe(resource('fr', 'Catalog.ProductCount').replace('{{count}}', String(total)));
    expect(attributeOf(page, 'nav.pagination', 'data-total-pages')).toBe(String(Math.ceil(total / 24)));
    expect(attributeOf(page, 'nav.pagination', 'data-current-pages')).toBe('1');
    expect(page.querySelector('#filters-wrapper #filter-panel form.facet-form')).not.toBeNull();
  });

  it('answers the page region alone to an htmx navigation', async () => {
    const answer = await get('/fr/catalog').set('HX-Request', 'true').set('HX-Target', 'page');
    const region = parseHtml(answer.text);
    expect(region.querySelector('html')).toBeNull();
    expect(region.querySelector('title')!.text).toContain(resource('fr', 'Catalog.Title'));
    expect(region.querySelector('#product-list')).not.toBeNull();
  });

  it('gives cards a sized image with srcset and sizes, lozad below the fold with a noscript copy', async () => {
    const page = parseHtml((await get('/fr/catalog')).text);
    const first = page.querySelector('.product-card img')!;
    expect(first.getAttribute('width')).toBe('320');
    expect(first.getAttribute('height')).toBe('320');
    expect(first.getAttribute('srcset')).toMatch(/^\/assets\/\d+\/160x160\/\S+ 160w, \/assets\/\d+\/320x320\/\S+ 320w, \/assets\/\d+\/480x480\/\S+ 480w$/);
    // The grid shows 2 cards a row on phones, 3 from 600 px, 220 px cards from 1024 px.
    expect(first.getAttribute('sizes')).toBe('(min-width: 1024px) 220px, (min-width: 600px) 33vw, 50vw');
    const lazy = page.querySelectorAll('.product-card img.lozad');
    expect(lazy).toHaveLength(16);
    expect(lazy[0].getAttribute('src')).toMatch(/^data:image\/gif;base64,/);
    expect(lazy[0].getAttribute('data-srcset')).toMatch(/480w$/);
    expect(lazy[0].getAttribute('sizes')).toBeUndefined();
    expect(lazy[0].getAttribute('data-sizes')).toBe('(min-width: 1024px) 220px, (min-width: 600px) 33vw, 50vw');
    expect(page.querySelectorAll('.product-card noscript')).toHaveLength(16);
  });

  it('pages with pageindex, keeping the list state in every link, within an inner window of 2', async () => {
    const page = parseHtml((await get('/fr/catalog?pageindex=4&sort=name&display=table')).text);
    expect(attributeOf(page, 'nav.pagination', 'data-current-pages')).toBe('4');
    expect(textsOf(page, '.pagination-page')).toEqual(['2', '3', '4', '5', '6']);
    expect(attributeOf(page, '.pagination-next a', 'href')).toBe('/fr/catalog?sort=name&display=table&pageindex=5');
    expect(attributeOf(page, '.pagination-first a', 'href')).toBe('/fr/catalog?sort=name&display=table');
    expect(page.querySelectorAll('.pagination-page.distance-1, .pagination-page.distance-2')).toHaveLength(4);
    expect(page.querySelectorAll('table.product-table tbody tr')).toHaveLength(24);
    expect(attributeOf(page, '.display-switch a.display-grid', 'href')).toBe('/fr/catalog?sort=name&pageindex=4');
    const keep = page.querySelectorAll('form.list-options input[type="hidden"]').map((input) => input.getAttribute('name'));
    expect(keep).toEqual(['display']);
  });

  it('sorts by price in the database, across pages', async () => {
    const [ascending, descending] = await Promise.all(['price-asc', 'price-desc'].map(async (sort) => cardIds(parseHtml((await get(`/fr/catalog?sort=${sort}&pageSize=12`)).text))));
    const prices = async (ids: number[]) =>
      (await testApp.db.selectFrom('products').select(['id', 'price_from_cents']).where('id', 'in', ids).execute())
        .sort((a, b) => ids.indexOf(a.id) - ids.indexOf(b.id))
        .map((row) => Number(row.price_from_cents));
    const low = await prices(ascending);
    const high = await prices(descending);
    expect(low).toEqual([...low].sort((a, b) => a - b));
    expect(high).toEqual([...high].sort((a, b) => b - a));
    expect(low[0]).toBeLessThanOrEqual(high[11]);
  });

  it('shows the last page for a page past the end, and no pagination for a single page', async () => {
    const page = parseHtml((await get('/fr/catalog?pageindex=9999')).text);
    expect(attributeOf(page, 'nav.pagination', 'data-current-pages')).toBe(attributeOf(page, 'nav.pagination', 'data-total-pages'));
    expect(cardIds(page).length).toBeGreaterThan(0);
    const top = await topCategory(testApp.db);
    const leaf = (await childCategories(testApp.db, (await childCategories(testApp.db, top.id))[0].id))[0];
    const count = await countInCategory(testApp.db, leaf.id);
    expect(count).toBeLessThanOrEqual(24);
    const single = parseHtml((await get(`/fr/catalog/category/${leaf.id}/${leaf.slug}`)).text);
    expect(cardIds(single)).toHaveLength(count);
    expect(single.querySelector('nav.pagination')).toBeNull();
  });
});

describe('category and brand pages', () => {
  it('list a category with its sub-categories and every product below it', async () => {
    const top = await topCategory(testApp.db);
    const answer = await get(`/fr/catalog/category/${top.id}/${top.slug}?pageSize=48`);
    expect(answer.status).toBe(200);
    const page = parseHtml(answer.text);
    expect(textOf(page, 'h1')).toBe(top.name);
    const children = await childCategories(testApp.db, top.id);
    expect(textsOf(page, '.sub-categories a')).toEqual(children.map((child) => child.name));
    const total = await countInCategory(testApp.db, top.id);
    expect(textOf(page, '.list-count')).toContain(String(total));
    expect(textsOf(page, '[data-facet-group="Categories"] .facet-label')).toEqual(children.map((child) => child.name));
  });

  it('redirect a wrong or foreign slug to the culture’s own, keeping the query', async () => {
    const top = await topCategory(testApp.db, 'de');
    const answer = await get(`/de/catalog/category/${top.id}/wrong-slug?sort=name&pageindex=2`);
    expect(answer.status).toBe(301);
    expect(answer.headers.location).toBe(`/de/catalog/category/${top.id}/${encodeURIComponent(top.slug)}?sort=name&pageindex=2`);
    expect((await get(`/de/catalog/category/${top.id}`)).status).toBe(301);
  });

  it.each(['/fr/catalog/category/999999/x', '/fr/catalog/category/abc/x', '/fr/catalog/brand/no-such-brand'])('answer 404 for %s', async (path) => {
    const answer = await get(path);
    expect(answer.status).toBe(404);
    expect(textOf(parseHtml(answer.text), 'h1')).toBe(resource('fr', 'Core.NotFoundTitle'));
  });

  it('list a brand’s products without a brand facet', async () => {
    const top = await topCategory(testApp.db);
    const brand = await mainBrandOf(testApp.db, top.id);
    const page = parseHtml((await get(`/nl/catalog/brand/${brand.slug}?pageSize=48`)).text);
    expect(textOf(page, 'h1')).toBe(brand.name);
    const ids = cardIds(page);
    const brands = await testApp.db.selectFrom('products').select('brand_id').where('id', 'in', ids).execute();
    expect(new Set(brands.map((row) => row.brand_id))).toEqual(new Set([brand.id]));
    expect(page.querySelector('[data-facet-group="Brands"]')).toBeNull();
  });
});
