import request from 'supertest';
import { useTestApp } from '../support/app';
import { attributeOf, parseHtml, textOf, textsOf } from '../support/html';
import { resource } from '../support/resources';
import { demo, signedIn } from './accounts-helpers';

const testApp = useTestApp();
const api = '/api/v1/catalog/customerref/search';

async function customerReferences() {
  return testApp.db
    .selectFrom('customer_references as reference')
    .innerJoin('users', 'users.id', 'reference.user_id')
    .innerJoin('product_variants as variant', 'variant.id', 'reference.variant_id')
    .select(['reference.customer_sku', 'variant.id as variant_id', 'variant.product_id'])
    .where('users.email', '=', demo.customer.email)
    .orderBy('reference.customer_sku')
    .execute();
}

describe('GET {app}/api/v1/catalog/customerref/search', () => {
  it('answers 401 to a visitor', async () => {
    const answer = await request(testApp.app).get(`${api}?q=CR`);
    expect(answer.status).toBe(401);
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
  });

  it('answers [{CustomerSKU, ProductLink}] of the signed-in customer’s own references', async () => {
    const references = await customerReferences();
    expect(references.length).toBeGreaterThan(2);
    const { agent } = await signedIn(testApp, demo.customer);
    const probe = references[0].customer_sku.slice(0, 6).toLowerCase();
    const answer = await agent.get(`${api}?q=${encodeURIComponent(probe)}&page=1&culture=fr`);
    expect(answer.status).toBe(200);
    expect(answer.headers['cache-control']).toBe('private, no-store');
    const expected = references.filter((reference) => reference.customer_sku.toLowerCase().includes(probe)).slice(0, 10);
    expect(answer.body.map((match: { CustomerSKU: string }) => match.CustomerSKU)).toEqual(expected.map((reference) => reference.customer_sku));
    expect(Object.keys(answer.body[0])).toEqual(['CustomerSKU', 'ProductLink']);
    expect(answer.body[0].ProductLink).toMatch(new RegExp(`^/fr/catalog/product/${expected[0].product_id}/[^/?]+\\?productVariantId=${expected[0].variant_id}$`));
    expect((await agent.get(answer.body[0].ProductLink)).status).toBe(200);
  });

  it('pages by 10, and treats % and _ as plain characters', async () => {
    const { agent } = await signedIn(testApp, demo.customer);
    const first = await agent.get(`/de${api}?q=CR-&page=1`);
    const second = await agent.get(`/de${api}?q=CR-&page=2`);
    const all = (await customerReferences()).filter((reference) => reference.customer_sku.includes('CR-'));
    expect(first.body).toHaveLength(Math.min(10, all.length));
    expect(second.body).toHaveLength(Math.max(0, all.length - 10));
    expect(first.body[0].ProductLink).toMatch(/^\/de\//);
    expect((await agent.get(`${api}?q=%25%25`)).body).toEqual([]);
  });

  it.each([
    ['q=C', 'q', 'Catalog.CustomerReferenceTooShort'],
    ['', 'q', 'Catalog.CustomerReferenceTooShort'],
    ['q=CR&page=zero', 'page', 'Catalog.InvalidParameter'],
  ])('answers %p with 400 naming %s', async (query, field, key) => {
    const { agent } = await signedIn(testApp, demo.customer);
    const answer = await agent.get(`${api}?${query}&culture=pt`);
    expect(answer.status).toBe(400);
    expect(answer.body.Errors).toEqual([{ Field: field, Message: resource('pt', key) }]);
  });

  it('never shows another customer’s references', async () => {
    const { agent } = await signedIn(testApp, demo.staff);
    expect((await agent.get(`${api}?q=CR-`)).body).toEqual([]);
  });
});

describe('the customer-reference search in the catalog', () => {
  it('shows the search form on the catalog page to a signed-in customer only', async () => {
    expect(parseHtml((await request(testApp.app).get('/fr/catalog')).text).querySelector('.customer-reference-form')).toBeNull();
    const { agent } = await signedIn(testApp, demo.customer);
    const page = parseHtml((await agent.get('/fr/catalog')).text);
    expect(attributeOf(page, '.customer-reference-form', 'action')).toBe('/fr/catalog/customerref');
  });

  it('lists the matches on a page without JS, and as a fragment for the ajax form', async () => {
    const { agent } = await signedIn(testApp, demo.customer);
    const references = await customerReferences();
    const page = parseHtml((await agent.get('/fr/catalog/customerref?q=CR-')).text);
    expect(textsOf(page, '.customer-sku')).toEqual(references.slice(0, 10).map((reference) => reference.customer_sku));
    const fragment = await agent.get('/fr/catalog/customerref?q=CR-').set('HX-Request', 'true').set('HX-Target', 'customer-reference-results');
    const html = parseHtml(fragment.text);
    expect(html.querySelector('title')).toBeNull();
    expect(html.childNodes.filter((node) => node.nodeType === 1)).toHaveLength(1);
    expect(textsOf(html, '.customer-sku')).toEqual(textsOf(page, '.customer-sku'));
  });

  it('answers 400 with the field message for one character, and sends a visitor to the login page', async () => {
    const { agent } = await signedIn(testApp, demo.customer);
    const answer = await agent.get('/es/catalog/customerref?q=C');
    expect(answer.status).toBe(400);
    expect(textOf(parseHtml(answer.text), '#customer-reference-error')).toBe(resource('es', 'Catalog.CustomerReferenceTooShort'));
    const visitor = await request(testApp.app).get('/es/catalog/customerref?q=CR');
    expect(visitor.status).toBe(303);
    expect(visitor.headers.location).toBe(`/es/security/login?returnUrl=${encodeURIComponent('/es/catalog/customerref?q=CR')}`);
  });
});
