import request from 'supertest';
import { useTestApp } from '../support/app';
import { cardIds, tagByCode } from '../support/catalog-lists';
import { attributeOf, parseHtml, textOf, textsOf } from '../support/html';
import { resource } from '../support/resources';

const testApp = useTestApp();
const get = (path: string) => request(testApp.app).get(path);

describe('the tag search page, {app}/{culture}/catalog/tag/{id}/{slug}', () => {
  it('lists the tagged products (entityName=Product, the default) with the filter panel', async () => {
    const tag = await tagByCode(testApp.db, 'new');
    const answer = await get(`/fr/catalog/tag/${tag.id}/${tag.slug}?pageSize=48`);
    expect(answer.status).toBe(200);
    const page = parseHtml(answer.text);
    expect(textOf(page, 'h1')).toBe(resource('fr', 'Catalog.TaggedWith').replace('{{tag}}', tag.name));
    const ids = cardIds(page);
    expect(ids.length).toBeGreaterThan(0);
    const tagged = await testApp.db.selectFrom('product_tags').select('product_id').where('tag_id', '=', tag.id).where('product_id', 'in', ids).execute();
    expect(tagged).toHaveLength(ids.length);
    expect(attributeOf(page, '#tag-entity option[selected]', 'value')).toBe('Product');
    expect(page.querySelector('#filter-panel')).not.toBeNull();
  });

  it('offers a sort selector and an entity selector, each a GET form reloading the page with its parameter', async () => {
    const tag = await tagByCode(testApp.db, 'new');
    const page = parseHtml((await get(`/fr/catalog/tag/${tag.id}/${tag.slug}`)).text);
    expect(attributeOf(page, 'form.tag-entity', 'action')).toBe(`/fr/catalog/tag/${tag.id}/${tag.slug}`);
    expect(attributeOf(page, 'form.tag-entity', 'data-submit-on-change')).toBeDefined();
    expect(page.querySelectorAll('#tag-entity option').map((option) => option.getAttribute('value'))).toEqual(['Product', 'Category', 'Brand']);
    expect(page.querySelector('form.list-options select[name="sort"]')).not.toBeNull();
    const sorted = cardIds(parseHtml((await get(`/fr/catalog/tag/${tag.id}/${tag.slug}?sort=newest`)).text));
    const dates = await testApp.db.selectFrom('products').select(['id', 'created_at']).where('id', 'in', sorted).execute();
    const inOrder = sorted.map((id) => Number(dates.find((row) => row.id === id)!.created_at));
    expect(inOrder).toEqual([...inOrder].sort((a, b) => b - a));
  });

  it('lists the categories holding tagged products, each linking to its list filtered by the tag', async () => {
    const tag = await tagByCode(testApp.db, 'eco', 'nl');
    const page = parseHtml((await get(`/nl/catalog/tag/${tag.id}/${tag.slug}?entityName=Category&sort=name`)).text);
    const names = textsOf(page, '.tagged-entities a');
    expect(names.length).toBeGreaterThan(1);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'nl')));
    const first = page.querySelector('.tagged-entities a')!.getAttribute('href')!;
    expect(decodeURIComponent(first)).toMatch(new RegExp(`^/nl/catalog/category/\\d+/[^?]+\\?filter={"Tags":\\[${tag.id}\\]}$`));
    const filtered = parseHtml((await get(first)).text);
    expect(textOf(filtered, '.selected-filter')).toContain(tag.name);
  });

  it('lists the brands holding tagged products with their counts', async () => {
    const tag = await tagByCode(testApp.db, 'sale');
    const page = parseHtml((await get(`/fr/catalog/tag/${tag.id}/${tag.slug}?entityName=Brand`)).text);
    expect(page.querySelectorAll('.tagged-entities li').length).toBeGreaterThan(0);
    expect(attributeOf(page, '.tagged-entities a', 'href')).toMatch(/^\/fr\/catalog\/brand\/[^?]+\?filter=/);
    expect(attributeOf(page, 'form.tag-sort input[name="entityName"]', 'value')).toBe('Brand');
  });

  it('redirects a wrong slug, and refuses an unknown entity or sort with a 400', async () => {
    const tag = await tagByCode(testApp.db, 'new', 'it');
    const moved = await get(`/it/catalog/tag/${tag.id}/old?entityName=Brand`);
    expect(moved.status).toBe(301);
    expect(moved.headers.location).toBe(`/it/catalog/tag/${tag.id}/${tag.slug}?entityName=Brand`);
    expect((await get(`/it/catalog/tag/${tag.id}/${tag.slug}?entityName=Order`)).status).toBe(400);
    expect((await get(`/it/catalog/tag/${tag.id}/${tag.slug}?entityName=Brand&sort=price-asc`)).status).toBe(400);
    expect((await get('/it/catalog/tag/999999/x')).status).toBe(404);
  });
});

describe('GET {app}/{culture}/widget/catalog/QuickView?productId=', () => {
  it('answers the quick view fragment: image, name, price, short description, product link', async () => {
    const product = await testApp.db
      .selectFrom('products')
      .innerJoin('product_translations as text', 'text.product_id', 'products.id')
      .select(['products.id', 'text.name', 'text.slug', 'text.description'])
      .where('products.is_active', '=', 1)
      .where('text.culture', '=', 'pt')
      .orderBy('products.id')
      .executeTakeFirstOrThrow();
    const answer = await get(`/pt/widget/catalog/QuickView?productId=${product.id}`);
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/html/);
    expect(answer.headers.vary).toMatch(/HX-Request/);
    const fragment = parseHtml(answer.text);
    expect(fragment.querySelector('html')).toBeNull();
    expect(textOf(fragment, '.quick-view-name')).toBe(product.name);
    expect(textOf(fragment, '.quick-view-price')).toMatch(/€/);
    expect(product.description.startsWith(textOf(fragment, '.quick-view-summary').replace(/…$/, ''))).toBe(true);
    expect(attributeOf(fragment, '.quick-view-link', 'href')).toBe(`/pt/catalog/product/${product.id}/${product.slug}`);
    expect(attributeOf(fragment, '.quick-view-image img', 'width')).toBe('480');
    const site = await get(`/widget/catalog/QuickView?productId=${product.id}&culture=pt`);
    expect(parseHtml(site.text).querySelector('.quick-view-content')!.outerHTML).toBe(fragment.querySelector('.quick-view-content')!.outerHTML);
  });

  it.each([['abc', 400], ['', 400], ['0', 400], ['99999999', 404]])('answers productId=%p with %i', async (productId, status) => {
    expect((await get(`/fr/widget/catalog/QuickView?productId=${productId}`)).status).toBe(status);
  });

  it('is what each card’s eye toggle points to; without JS the eye is a link to the product', async () => {
    const page = parseHtml((await get('/fr/catalog')).text);
    const card = page.querySelector('.product-card')!;
    const toggle = card.querySelector('a.quick-view-toggle')!;
    expect(toggle.getAttribute('href')).toBe(card.querySelector('.product-card-link')!.getAttribute('href'));
    expect(toggle.getAttribute('data-quick-view')).toBe(`/fr/widget/catalog/QuickView?productId=${card.getAttribute('data-product-id')}`);
    expect(card.querySelector(`#${toggle.getAttribute('aria-controls')}`)!.getAttribute('hidden')).toBeDefined();
  });
});
