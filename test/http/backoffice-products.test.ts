// The product editor ({app}/{culture}/backoffice/products): the list with its search by name, reference
// or SKU and its pages; a product's variants with their prices typed in the culture's format; a price
// saved shows at once on the product page and the category list (the page cache dropped), keeps
// price_from_cents and the tiers in step, is audited and kept as a revision; bad input is a 400 with a
// localised message that writes nothing; a stale Version is a 409 that keeps the editor's values.
// Visitors, customers, staff and editors without two-factor are kept out.
import request from 'supertest';
import { exclOf } from '../../server/shipping/tax';
import { categoryPath } from '../../server/catalog/urls';
import { useListeningServer, useTestApp } from '../support/app';
import { productUrl } from '../support/catalog-product';
import { attributeOf, attributesOf, parseHtml, textOf, textsOf } from '../support/html';
import { resource } from '../support/resources';
import { demo, signedIn } from './accounts-helpers';
import { type BackOfficeSession, signedInEditor } from './backoffice-helpers';

const testApp = useTestApp();
const listening = useListeningServer(testApp);

const productRow = (id: number) => testApp.db.selectFrom('products').select(['id', 'version', 'price_from_cents', 'is_active']).where('id', '=', id).executeTakeFirstOrThrow();
const variantsOf = (productId: number) =>
  testApp.db.selectFrom('product_variants').select(['id', 'sku', 'price_incl_cents', 'price_excl_cents', 'is_active']).where('product_id', '=', productId).orderBy('position').orderBy('id').execute();
const tiersOf = (variantId: number) => testApp.db.selectFrom('tier_prices').select(['min_quantity', 'price_incl_cents']).where('variant_id', '=', variantId).orderBy('min_quantity').execute();
/** A price as the fr pages show it, spaces of any kind written as one plain space (as spaced() makes a page's text). */
const euros = (cents: number) => spaced(new Intl.NumberFormat('fr', { style: 'currency', currency: 'EUR' }).format(cents / 100));
const spaced = (text: string) => text.replace(/\s+/gu, ' ');

/** The first product of a category's list (by the catalog's order) and that list's address. */
async function firstListed(): Promise<{ productId: number; listPath: string }> {
  const category = await testApp.db
    .selectFrom('categories as c')
    .innerJoin('category_translations as t', (join) => join.onRef('t.category_id', '=', 'c.id').on('t.culture', '=', 'fr'))
    .select(['c.id', 't.slug'])
    .where('c.is_active', '=', 1)
    .where((eb) => eb.exists(eb.selectFrom('products').select('id').whereRef('products.category_id', '=', 'c.id').where('products.is_active', '=', 1)))
    .orderBy('c.depth', 'desc')
    .orderBy('c.id')
    .executeTakeFirstOrThrow();
  const listPath = categoryPath('fr', category.id, category.slug);
  const ids = attributesOf(parseHtml((await request(listening()).get(listPath)).text), '.product-card[data-product-id]', 'data-product-id');
  return { productId: Number(ids[0]), listPath };
}

async function save(editor: BackOfficeSession, productId: number, fields: Record<string, string | string[]>, culture = 'fr') {
  return editor.agent.post(`/${culture}/backoffice/products/${productId}`).type('form').send({ _csrf: editor.token, ...fields });
}

/** A returning visitor without a session (the page cache answers them), two visits so the page is kept. */
async function keptVisit(path: string): Promise<ReturnType<typeof parseHtml>> {
  const first = await request(listening()).get(path);
  const cookie = ((first.headers['set-cookie'] as unknown as string[]) ?? [])[0]?.split(';')[0] ?? '';
  await testApp.app.locals.pageCache.settled();
  const again = await request(listening()).get(path).set('Cookie', cookie);
  expect(again.status).toBe(200);
  return parseHtml(again.text);
}

describe('the product editor', () => {
  let editor: BackOfficeSession;
  beforeAll(async () => {
    editor = await signedInEditor(testApp);
  });

  it('lists the products 50 a page, finds them by SKU, reference and name, and refuses a bad page or search', async () => {
    const list = await editor.agent.get('/fr/backoffice/products');
    expect(list.status).toBe(200);
    expect(list.headers['content-type']).toMatch(/^text\/html/);
    expect(list.headers['cache-control']).toBe('private, no-store');
    const html = parseHtml(list.text);
    expect(attributeOf(html, '.backoffice-nav a[data-section="products"]', 'aria-current')).toBe('page');
    expect(html.querySelectorAll('tr[data-product-id]').length).toBe(50);
    expect(attributeOf(html, '.backoffice-paging a[rel="next"]', 'href')).toBe('/fr/backoffice/products?pageindex=2');
    const second = parseHtml((await editor.agent.get('/fr/backoffice/products?pageindex=2')).text);
    const firstIds = attributesOf(html, 'tr[data-product-id]', 'data-product-id');
    expect(attributesOf(second, 'tr[data-product-id]', 'data-product-id')[0]).not.toBe(firstIds[0]);

    const [variant] = await variantsOf(Number(firstIds[3]));
    const bySku = parseHtml((await editor.agent.get(`/fr/backoffice/products?q=${encodeURIComponent(variant!.sku.toLowerCase())}`)).text);
    expect(attributesOf(bySku, 'tr[data-product-id]', 'data-product-id')).toEqual([firstIds[3]]);
    const reference = textOf(html, `tr[data-product-id="${firstIds[3]}"] th a`);
    const byReference = parseHtml((await editor.agent.get(`/fr/backoffice/products?q=${reference.slice(0, 3)}`)).text);
    expect(attributesOf(byReference, 'tr[data-product-id]', 'data-product-id')).toContain(firstIds[3]);
    const name = textOf(html, `tr[data-product-id="${firstIds[3]}"] td`);
    const byName = parseHtml((await editor.agent.get(`/fr/backoffice/products?q=${encodeURIComponent(name.toUpperCase())}`)).text);
    expect(attributesOf(byName, 'tr[data-product-id]', 'data-product-id')).toContain(firstIds[3]);
    expect(textsOf(byName, 'tr[data-product-id] td:nth-child(2)').every((text) => text.toLowerCase().includes(name.toLowerCase()))).toBe(true);

    const none = parseHtml((await editor.agent.get('/fr/backoffice/products?q=%25_zz%25')).text);
    expect(textOf(none, '[data-no-products]')).toBe(resource('fr', 'BackOffice.Products.NoneFound').replace('{{q}}', '%_zz%'));
    expect((await editor.agent.get(`/fr/backoffice/products?q=${'x'.repeat(101)}`)).status).toBe(400);
    expect((await editor.agent.get('/fr/backoffice/products?pageindex=abc')).status).toBe(400);
    expect((await editor.agent.get('/fr/backoffice/products?pageindex=99999')).status).toBe(404);
  });

  it('shows a product\'s variants with their prices as the culture types them', async () => {
    const { productId } = await firstListed();
    const variants = await variantsOf(productId);
    const answer = await editor.agent.get(`/fr/backoffice/products/${productId}`);
    expect(answer.status).toBe(200);
    const html = parseHtml(answer.text);
    expect(attributesOf(html, 'tr[data-variant-id]', 'data-sku')).toEqual(variants.map((variant) => variant.sku));
    const first = variants[0]!;
    const typed = (first.price_incl_cents / 100).toFixed(2).replace('.', ',');
    expect(attributeOf(html, `input[name="Variants.${first.id}.PriceIncl"]`, 'value')).toBe(typed);
    expect(attributeOf(html, 'input[name="Version"]', 'value')).toBe(String((await productRow(productId)).version));
    // The browser checks the same bounds as the server, with the French message filled in.
    const price = `input[name="Variants.${first.id}.PriceIncl"]`;
    expect(attributeOf(html, price, 'data-val-range-min')).toBe('0.01');
    expect(attributeOf(html, price, 'data-val-range-max')).toBe('999999.99');
    expect(attributeOf(html, price, 'data-val-range')).toMatch(/0[.,]01.*999[\s\u202f.]?999[.,]99/u);
    expect((await editor.agent.get('/fr/backoffice/products/99999999')).status).toBe(404);
    expect((await editor.agent.get('/fr/backoffice/products/abc')).status).toBe(404);
  });

  it('saves a price typed "12,50": the product page and the category list show it at once; price_from, tiers, audit and revision follow', async () => {
    const { productId, listPath } = await firstListed();
    const shopPath = await productUrl(testApp.db, productId);
    await keptVisit(shopPath);
    await keptVisit(listPath);
    const before = await productRow(productId);
    const variants = await variantsOf(productId);
    const fields: Record<string, string> = { Version: String(before.version) };
    variants.forEach((variant, index) => (fields[`Variants.${variant.id}.PriceIncl`] = index === 0 ? '12,50' : '13.5'));
    const answer = await save(editor, productId, fields);
    expect(answer.status).toBe(303);
    expect(answer.headers.location).toBe(`/fr/backoffice/products/${productId}`);
    const edit = parseHtml((await editor.agent.get(answer.headers.location)).text);
    expect(textsOf(edit, '.flash')).toContain(resource('fr', 'BackOffice.Items.Saved'));

    const after = await variantsOf(productId);
    expect(after[0]).toMatchObject({ price_incl_cents: 1250, price_excl_cents: exclOf(1250, 2100) });
    expect(after.slice(1).every((variant) => variant.price_incl_cents === 1350)).toBe(true);
    expect(after.map((variant) => Number(variant.is_active))).toEqual(variants.map((variant) => Number(variant.is_active)));
    const lowest = Math.min(...after.filter((variant) => Number(variant.is_active) === 1).map((variant) => variant.price_incl_cents));
    const row = await productRow(productId);
    expect(row).toMatchObject({ version: before.version + 1, price_from_cents: lowest });

    const page = await keptVisit(shopPath);
    expect(spaced(textOf(page, '[data-bind="UnitPriceTaxInclHtml"]'))).toBe(euros(1250));
    const list = await keptVisit(listPath);
    expect(spaced(textOf(list, `.product-card[data-product-id="${productId}"] .product-card-price`))).toContain(euros(lowest));

    const audit = await testApp.db.selectFrom('audit_log').select(['action', 'before_json', 'after_json']).where('entity', '=', 'product').where('entity_id', '=', String(productId)).execute();
    expect(audit.map((entry) => entry.action)).toEqual(['product.update']);
    expect(JSON.parse(audit[0]!.after_json!).variants[0].priceInclCents).toBe(1250);
    expect(JSON.parse(audit[0]!.before_json!).variants[0].priceInclCents).toBe(variants[0]!.price_incl_cents);
    const revisions = await testApp.db.selectFrom('revisions').select('version').where('entity', '=', 'product').where('entity_id', '=', productId).execute();
    expect(revisions.map((revision) => revision.version)).toEqual([before.version + 1]);
  });

  it('keeps a tier\'s discount when its variant\'s price changes, and a script may post one price alone', async () => {
    const tiered = await testApp.db
      .selectFrom('tier_prices as tp')
      .innerJoin('product_variants as v', 'v.id', 'tp.variant_id')
      .select(['v.id', 'v.product_id', 'v.price_incl_cents', 'v.is_active'])
      .where('tp.min_quantity', '=', 10)
      .orderBy('v.id')
      .executeTakeFirstOrThrow();
    const { version } = await productRow(tiered.product_id);
    const before = await tiersOf(tiered.id);
    const answer = await save(editor, tiered.product_id, { Version: String(version), [`Variants.${tiered.id}.PriceIncl`]: '100' });
    expect(answer.status).toBe(303);
    const kept = (tier: { price_incl_cents: number }) => Math.round((tier.price_incl_cents * 10000) / tiered.price_incl_cents / 5) * 5;
    expect(await tiersOf(tiered.id)).toEqual(before.map((tier) => ({ min_quantity: tier.min_quantity, price_incl_cents: kept(tier) })));
    expect((await tiersOf(tiered.id)).every((tier) => tier.price_incl_cents < 10000 && tier.price_incl_cents >= 8900)).toBe(true);
    const [variant] = (await variantsOf(tiered.product_id)).filter((candidate) => candidate.id === tiered.id);
    expect(Number(variant!.is_active)).toBe(Number(tiered.is_active));
  });

  it.each([
    ['-5', 'Validation.Range'],
    ['abc', 'Validation.Number'],
    ['12,505', 'BackOffice.Products.InvalidPrice'],
    ['1000000', 'Validation.Range'],
    ['0', 'Validation.Range'],
    ['', 'Validation.Required'],
  ])('refuses the price "%s" with a localised message in its field (400, nothing written)', async (typed, key) => {
    const { productId } = await firstListed();
    const before = await productRow(productId);
    const variants = await variantsOf(productId);
    const id = variants[0]!.id;
    const answer = await save(editor, productId, { Version: String(before.version), [`Variants.${id}.PriceIncl`]: typed }, 'de');
    expect(answer.status).toBe(400);
    const html = parseHtml(answer.text);
    const message = textOf(html, `[data-valmsg-for="Variants.${id}.PriceIncl"]`);
    expect(message).not.toBe('');
    if (key.startsWith('BackOffice')) expect(message).toBe(resource('de', key));
    else expect(message).toBe(resource('de', key).replace('{0}', '0.01').replace('{1}', '999999.99'));
    expect(attributeOf(html, `input[name="Variants.${id}.PriceIncl"]`, 'value')).toBe(typed);
    expect(await variantsOf(productId)).toEqual(variants);
    expect(await productRow(productId)).toEqual(before);
  });

  it('refuses a variant of another product, an unknown one and a repeated field (400, nothing written)', async () => {
    const { productId } = await firstListed();
    const before = await productRow(productId);
    const variants = await variantsOf(productId);
    const other = await testApp.db.selectFrom('product_variants').select('id').where('product_id', '!=', productId).orderBy('id').executeTakeFirstOrThrow();
    const own = { [`Variants.${variants[0]!.id}.PriceIncl`]: '20,00' };
    for (const stranger of [String(other.id), '987654321', 'abc']) {
      const answer = await save(editor, productId, { Version: String(before.version), ...own, [`Variants.${stranger}.PriceIncl`]: '1,00' });
      expect(answer.status).toBe(400);
      expect(textsOf(parseHtml(answer.text), '[data-form-errors] li')).toEqual([resource('fr', 'BackOffice.Products.UnknownVariant')]);
    }
    const repeated = await save(editor, productId, { Version: String(before.version), [`Variants.${variants[0]!.id}.PriceIncl`]: ['20,00', '21,00'] });
    expect(repeated.status).toBe(400);
    expect((await save(editor, productId, { Version: 'x', ...own })).status).toBe(400);
    expect(await variantsOf(productId)).toEqual(variants);
    expect(await productRow(productId)).toEqual(before);
    expect((await testApp.db.selectFrom('product_variants').select('price_incl_cents').where('id', '=', other.id).executeTakeFirstOrThrow()).price_incl_cents).not.toBe(100);
  });

  it('takes a variant off sale (price_from follows) and refuses to leave an active product without one', async () => {
    const { productId } = await firstListed();
    let product = await productRow(productId);
    const variants = await variantsOf(productId);
    const offAll = Object.fromEntries(variants.map((variant) => [`Variants.${variant.id}.IsActive`, 'false']));
    const refused = await save(editor, productId, { Version: String(product.version), IsActive: ['false', 'true'], ...offAll });
    expect(refused.status).toBe(400);
    expect(textOf(parseHtml(refused.text), '[data-field="IsActive"] .field-error')).toBe(resource('fr', 'BackOffice.Products.NoActiveVariant'));
    expect(await variantsOf(productId)).toEqual(variants);

    const cheapest = [...variants].sort((a, b) => a.price_incl_cents - b.price_incl_cents || a.id - b.id)[0]!;
    const others = variants.filter((variant) => variant.id !== cheapest.id);
    if (others.length === 0) return;
    const fields: Record<string, string | string[]> = { Version: String(product.version), [`Variants.${cheapest.id}.PriceIncl`]: '1,00', [`Variants.${cheapest.id}.IsActive`]: 'false' };
    for (const variant of others) fields[`Variants.${variant.id}.IsActive`] = ['false', 'true'];
    expect((await save(editor, productId, fields)).status).toBe(303);
    product = await productRow(productId);
    expect(product.price_from_cents).toBe(Math.min(...others.map((variant) => variant.price_incl_cents)));
  });

  it('answers a stale Version with 409: the editor\'s values kept, the current Version and prices shown, nothing written', async () => {
    const { productId } = await firstListed();
    const before = await productRow(productId);
    const variants = await variantsOf(productId);
    const id = variants[0]!.id;
    const answer = await save(editor, productId, { Version: String(before.version - 1 || 1000), [`Variants.${id}.PriceIncl`]: '77,70' });
    expect(answer.status).toBe(409);
    const html = parseHtml(answer.text);
    expect(textOf(html, '[data-conflict]')).toBe(resource('fr', 'BackOffice.Conflict'));
    expect(attributeOf(html, `input[name="Variants.${id}.PriceIncl"]`, 'value')).toBe('77,70');
    expect(attributeOf(html, 'input[name="Version"]', 'value')).toBe(String(before.version));
    expect(spaced(textOf(html, `tr[data-variant-id="${id}"] [data-current-price]`))).toContain(euros(variants[0]!.price_incl_cents));
    expect(await variantsOf(productId)).toEqual(variants);
    expect(await productRow(productId)).toEqual(before);
  });

  it('answers htmx with the region: a save redirects, bad input is the form again with its messages', async () => {
    const { productId } = await firstListed();
    const { version } = await productRow(productId);
    const [variant] = await variantsOf(productId);
    const htmx = { 'HX-Request': 'true', 'HX-Target': 'page', 'X-CSRF-Token': editor.token };
    const bad = await editor.agent.post(`/fr/backoffice/products/${productId}`).set(htmx).type('form').send({ Version: String(version), [`Variants.${variant!.id}.PriceIncl`]: '-1' });
    expect(bad.status).toBe(400);
    const region = parseHtml(bad.text);
    expect(region.querySelector('html')).toBeNull();
    expect(textOf(region, `[data-valmsg-for="Variants.${variant!.id}.PriceIncl"]`)).not.toBe('');
    const good = await editor.agent.post(`/fr/backoffice/products/${productId}`).set(htmx).type('form').send({ Version: String(version), [`Variants.${variant!.id}.PriceIncl`]: '31,00' });
    expect(good.status).toBe(303);
    expect((await variantsOf(productId))[0]!.price_incl_cents).toBe(3100);
  });
});

describe('who may change prices', () => {
  it('sends a visitor to log in, refuses a customer and a staff member (403), sends an editor without two-factor to set it up', async () => {
    const visitor = await request(testApp.app).get('/fr/backoffice/products');
    expect(visitor.status).toBe(303);
    expect(visitor.headers.location).toMatch(/^\/fr\/security\/login\?returnUrl=/);
    for (const account of [demo.customer, demo.staff]) {
      const { agent, token } = await signedIn(testApp, account);
      expect((await agent.get('/fr/backoffice/products')).status).toBe(403);
      const product = await testApp.db.selectFrom('products').select(['id', 'version']).orderBy('id').executeTakeFirstOrThrow();
      const [variant] = await variantsOf(product.id);
      const post = await agent.post(`/fr/backoffice/products/${product.id}`).type('form').send({ _csrf: token, Version: String(product.version), [`Variants.${variant!.id}.PriceIncl`]: '1,00' });
      expect(post.status).toBe(403);
      expect((await variantsOf(product.id))[0]!.price_incl_cents).toBe(variant!.price_incl_cents);
    }
    const { agent } = await signedIn(testApp, demo.editor);
    const editor = await agent.get('/fr/backoffice/products/1');
    expect(editor.status).toBe(303);
    expect(editor.headers.location).toBe('/fr/security/twofactor/setup');
  });
});
