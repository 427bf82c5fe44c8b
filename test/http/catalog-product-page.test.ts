import request from 'supertest';
import { useTestApp } from '../support/app';
import { productSlug, productUrl, setSetting, twoAttributeProduct, variantWhere } from '../support/catalog-product';
import { attributeOf, attributesOf, parseHtml, textOf } from '../support/html';
import { resource } from '../support/resources';

const testApp = useTestApp();
const get = (path: string) => request(testApp.app).get(path);

describe('product page', () => {
  it('answers the page with name, breadcrumb, price tax incl and excl, canonical and the inline fragments', async () => {
    const { productId } = await twoAttributeProduct(testApp.db);
    const url = await productUrl(testApp.db, productId, 'de');
    const answer = await get(url);
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/html/);
    expect(answer.headers.vary).toMatch(/HX-Request/);
    const page = parseHtml(answer.text);
    const name = textOf(page, 'h1.product-name');
    expect(textOf(page, 'title')).toContain(name);
    expect(attributeOf(page, 'link[rel="canonical"]', 'href')).toMatch(new RegExp(`^http://[^/]+${url}$`));
    expect(page.querySelectorAll('nav.breadcrumb li').length).toBeGreaterThanOrEqual(3);
    expect(textOf(page, '[data-bind="UnitPriceTaxInclHtml"]')).toMatch(/\d+,\d\d\s€/);
    expect(textOf(page, '.price-incl small')).toBe('inkl. MwSt.');
    expect(textOf(page, '[data-bind="UnitPriceTaxExclHtml"]')).toMatch(/\d+,\d\d\s€/);
    for (const id of ['#catalog-photos-gallery', '#catalog-degressive-price', '#catalog-stock-by-warehouse', '#catalog-customer-reference']) {
      expect(page.querySelector(id)).not.toBeNull();
    }
    expect(page.querySelector('.brand-carousel .carousel-slide')).not.toBeNull();
  });

  it('carries schema.org Product JSON-LD with one offer per active variant', async () => {
    const { productId, variants } = await twoAttributeProduct(testApp.db);
    const page = parseHtml((await get(await productUrl(testApp.db, productId))).text);
    // The head carries the page's BreadcrumbList (server/seo); the product's own block is the Product.
    const blocks = page.querySelectorAll('script[type="application/ld+json"]').map((script) => JSON.parse(script.textContent));
    const data = blocks.find((block) => block['@type'] === 'Product');
    expect(data['@type']).toBe('Product');
    expect(data.name).toBe(textOf(page, 'h1.product-name'));
    const active = variants.filter((variant) => variant.isActive);
    expect(data.offers).toHaveLength(active.length);
    expect(data.offers[0]).toEqual(
      expect.objectContaining({ '@type': 'Offer', priceCurrency: 'EUR', price: expect.stringMatching(/^\d+\.\d\d$/), availability: expect.stringMatching(/^https:\/\/schema\.org\//) }),
    );
  });

  it('301s a wrong or missing slug to the culture\'s slug, keeping the query', async () => {
    const { productId } = await twoAttributeProduct(testApp.db);
    const slug = await productSlug(testApp.db, productId, 'nl');
    const wrong = await get(`/nl/catalog/product/${productId}/${await productSlug(testApp.db, productId, 'fr')}?Quantity=2`);
    expect(wrong.status).toBe(301);
    expect(wrong.headers.location).toBe(`/nl/catalog/product/${productId}/${encodeURIComponent(slug)}?Quantity=2`);
    const missing = await get(`/nl/catalog/product/${productId}`);
    expect(missing.status).toBe(301);
  });

  it('404s an unknown, inactive or non-numeric product', async () => {
    const inactive = await testApp.db.selectFrom('products').select('id').where('is_active', '=', 0).executeTakeFirstOrThrow();
    for (const path of ['/fr/catalog/product/999999/x', `/fr/catalog/product/${inactive.id}/x`, '/fr/catalog/product/abc/x']) {
      const answer = await get(path);
      expect(answer.status).toBe(404);
      expect(answer.headers['content-type']).toMatch(/^text\/html/);
    }
  });

  it('refuses a non-numeric attribute value with a localised 400 page naming the problem', async () => {
    const { productId } = await twoAttributeProduct(testApp.db);
    const answer = await get(`${await productUrl(testApp.db, productId)}?VariantValueId1=red`);
    expect(answer.status).toBe(400);
    const page = parseHtml(answer.text);
    expect(textOf(page, '.error-page h1')).toBe(resource('fr', 'Core.ErrorTitle'));
    expect(textOf(page, '.error-page p')).toBe(resource('fr', 'Catalog.InvalidId'));
  });

  it('answers the page region alone to an htmx navigation', async () => {
    const { productId } = await twoAttributeProduct(testApp.db);
    const answer = await get(await productUrl(testApp.db, productId)).set('HX-Request', 'true').set('HX-Target', 'page');
    expect(answer.status).toBe(200);
    const region = parseHtml(answer.text);
    expect(region.querySelector('html')).toBeNull();
    expect(region.querySelector('article.product-detail')).not.toBeNull();
  });
});

describe('variation selection without JavaScript (GET form on the product address)', () => {
  it('resolves the chosen attribute values to their variant', async () => {
    const { productId, variants } = await twoAttributeProduct(testApp.db);
    const target = variants.filter((variant) => variant.isActive).at(-1)!;
    const url = await productUrl(testApp.db, productId);
    const page = parseHtml((await get(`${url}?ProductId=${productId}&VariantValueId1=${target.valueIds[0]}&VariantValueId2=${target.valueIds[1]}&Quantity=1`)).text);
    expect(textOf(page, '[data-bind="SKU"]')).toBe(target.sku);
    expect(attributeOf(page, 'input[name="ProductVariantId"]', 'value')).toBe(String(target.id));
    expect(attributeOf(page, `input[name="VariantValueId1"][value="${target.valueIds[0]}"]`, 'checked')).toBe('');
    expect(attributeOf(page, `select[name="VariantValueId2"] option[value="${target.valueIds[1]}"]`, 'selected')).toBe('');
    expect(attributeOf(page, 'form#product-form', 'method')).toBe('get');
    expect(attributeOf(page, 'form#product-form', 'action')).toBe(url);
  });

  it('labels unavailable combinations, and disables them when the site says so', async () => {
    const { productId, inactive } = await twoAttributeProduct(testApp.db);
    const url = `${await productUrl(testApp.db, productId)}?VariantValueId1=${inactive.valueIds[0]}&VariantValueId2=${inactive.valueIds[1]}`;
    const option = `select[name="VariantValueId2"] option[value="${inactive.valueIds[1]}"]`;
    const labelled = parseHtml((await get(url)).text);
    expect(attributeOf(labelled, `input[name="VariantValueId1"][value="${inactive.valueIds[0]}"]`, 'checked')).toBe('');
    expect(textOf(labelled, option)).toMatch(/\(indisponible\)$/);
    expect(attributeOf(labelled, option, 'disabled')).toBeUndefined();
    await setSetting(testApp, 'catalog.disableUnavailable', 'true');
    try {
      expect(attributeOf(parseHtml((await get(url)).text), option, 'disabled')).toBe('');
    } finally {
      await setSetting(testApp, 'catalog.disableUnavailable', 'false');
    }
  });

  it('shows the stock message only when the quantity asked exceeds the stock', async () => {
    const variant = await variantWhere(testApp.db, (row) => row.stockState === 'InStock' && row.stockQuantity < 500);
    const url = `${await productUrl(testApp.db, variant.productId)}?productVariantId=${variant.id}`;
    const within = parseHtml((await get(`${url}&Quantity=${variant.stockQuantity}`)).text);
    expect(attributeOf(within, '[data-stock-message]', 'hidden')).toBe('');
    const beyond = parseHtml((await get(`${url}&Quantity=${variant.stockQuantity + 1}`)).text);
    expect(attributeOf(beyond, '[data-stock-message]', 'hidden')).toBeUndefined();
    expect(textOf(beyond, '[data-stock-message]')).toContain('La quantité demandée dépasse le stock disponible.');
    expect(textOf(beyond, '[data-stock-message] [data-bind="StockQuantity"]')).toBe(String(variant.stockQuantity));
  });

  it('never shows the stock message in state OnOrder', async () => {
    const variant = await variantWhere(testApp.db, (row) => row.stockState === 'OnOrder');
    const page = parseHtml((await get(`${await productUrl(testApp.db, variant.productId)}?productVariantId=${variant.id}&Quantity=999`)).text);
    expect(attributeOf(page, '[data-stock-message]', 'hidden')).toBe('');
    expect(attributeOf(page, '[data-stock-message]', 'data-stock-status')).toBe('OnOrder');
    expect(attributeOf(page, 'button[data-add-to-cart]', 'disabled')).toBeUndefined();
  });

  it('offers the stock notification and no add to cart for an out-of-stock variant', async () => {
    const variant = await variantWhere(testApp.db, (row) => row.stockState === 'OutOfStock');
    const page = parseHtml((await get(`${await productUrl(testApp.db, variant.productId)}?productVariantId=${variant.id}`)).text);
    expect(attributeOf(page, 'button[data-add-to-cart]', 'disabled')).toBe('');
    expect(attributeOf(page, '[data-stock-notification]', 'hidden')).toBeUndefined();
    expect(attributeOf(page, '[data-stock-notification-link]', 'href')).toBe(
      `/fr/catalog/stocknotification/subscribe?ProductVariantId=${variant.id}&ProductId=${variant.productId}`,
    );
  });

  it('corrects the quantity to the product\'s rules and steps it with the no-JS plus and minus', async () => {
    const product = await testApp.db.selectFrom('products').select('id').where('step_qty', '=', 2).where('min_qty', '=', 2).where('is_active', '=', 1).executeTakeFirstOrThrow();
    const url = await productUrl(testApp.db, product.id);
    const quantity = async (query: string) => attributeOf(parseHtml((await get(url + query)).text), '#product-quantity', 'value');
    expect(await quantity('')).toBe('2');
    expect(await quantity('?Quantity=abc')).toBe('2');
    expect(await quantity('?Quantity=7')).toBe('8');
    expect(await quantity('?Quantity=4&QuantityStep=1')).toBe('6');
    expect(await quantity('?Quantity=99')).toBe('20');
    const page = parseHtml((await get(url)).text);
    expect(attributeOf(page, '[data-quantity]', 'data-min-qty')).toBe('2');
    expect(attributeOf(page, '[data-quantity]', 'data-step-qty')).toBe('2');
    expect(attributeOf(page, '[data-quantity]', 'data-max-qty')).toBe('20');
    expect(attributeOf(page, '[data-quantity-minus]', 'disabled')).toBe('');
  });

  it('posts the add-to-cart form with ProductVariantId, Quantity and Name, the CSRF token on its own button', async () => {
    const variant = await variantWhere(testApp.db, (row) => row.stockState === 'InStock');
    const page = parseHtml((await get(`${await productUrl(testApp.db, variant.productId)}?productVariantId=${variant.id}`)).text);
    const button = page.querySelector('button[data-add-to-cart]')!;
    expect(button.getAttribute('formmethod')).toBe('post');
    expect(button.getAttribute('formaction')).toBe('/api/v1/catalog/products/addtocart');
    expect(button.getAttribute('name')).toBe('_csrf');
    expect(attributesOf(page, '#product-form input[type="hidden"]', 'name')).toEqual(['ProductId', 'ProductVariantId', 'Name']);
    expect(page.querySelector('#product-form input[name="Quantity"]')).not.toBeNull();
  });
});

describe('product page extras', () => {
  it('shows the end-date countdown for a product whose sale ends', async () => {
    const product = await testApp.db.selectFrom('products').select(['id', 'available_until']).where('available_until', 'is not', null).where('is_active', '=', 1).executeTakeFirstOrThrow();
    const page = parseHtml((await get(await productUrl(testApp.db, product.id))).text);
    expect(attributeOf(page, '[data-countdown]', 'data-countdown-end')).toBe(String(product.available_until));
    expect(Number(textOf(page, '[data-countdown-days]'))).toBeGreaterThanOrEqual(0);
  });

  it('has the 360 viewer only for products with spin frames', async () => {
    const spin = await testApp.db.selectFrom('product_images').select('product_id').where('kind', '=', 'spin').executeTakeFirstOrThrow();
    const page = parseHtml((await get(await productUrl(testApp.db, spin.product_id))).text);
    const frames = JSON.parse(attributeOf(page, '[data-spin]', 'data-spin-frames')!);
    expect(frames.length).toBeGreaterThan(1);
    const { productId } = await twoAttributeProduct(testApp.db);
    const other = parseHtml((await get(await productUrl(testApp.db, productId))).text);
    if (productId !== spin.product_id) expect(other.querySelector('[data-spin]')).toBeNull();
  });

  it('lists the associated products as product cards', async () => {
    const association = await testApp.db
      .selectFrom('product_associations as a')
      .innerJoin('products as p', 'p.id', 'a.product_id')
      .select('a.product_id')
      .where('p.is_active', '=', 1)
      .executeTakeFirstOrThrow();
    const page = parseHtml((await get(await productUrl(testApp.db, association.product_id))).text);
    expect(page.querySelectorAll('.product-associations .product-card').length).toBeGreaterThan(0);
  });
});
