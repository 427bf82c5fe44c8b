import request from 'supertest';
import { useTestApp } from '../support/app';
import { twoAttributeProduct, variantWhere } from '../support/catalog-product';
import { attributeOf, parseHtml, textOf, textsOf } from '../support/html';

const testApp = useTestApp();
const get = (path: string) => request(testApp.app).get(path);
const variantsApi = (productId: number | string, query = '') => get(`/api/v1/catalog/products/${productId}/productvariants${query}`);

describe('GET {app}/api/v1/catalog/products/{productId}/productvariants', () => {
  it('answers the variant and the attributes model with the field names of the specification', async () => {
    const { productId, variants } = await twoAttributeProduct(testApp.db);
    const target = variants.filter((variant) => variant.isActive).at(-1)!;
    const answer = await variantsApi(productId, `?VariantValueId1=${target.valueIds[0]}&VariantValueId2=${target.valueIds[1]}&Quantity=1&culture=fr`);
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    const body = answer.body;
    expect(body).toEqual(
      expect.objectContaining({
        ProductId: productId,
        ProductVariantId: target.id,
        SKU: target.sku,
        UnitPriceTaxIncl: target.priceInclCents / 100,
        CurrencyCode: 'EUR',
        VariantValueId1: target.valueIds[0],
        VariantValueId2: target.valueIds[1],
        StockQuantity: target.stockQuantity,
        StockStatut: target.stockState,
        Quantity: 1,
      }),
    );
    expect(body.VariantAttributes).toHaveLength(2);
    const [colour, size] = body.VariantAttributes;
    expect(colour.VariationDisplayTypeValue).toBe('Square');
    expect(size.VariationDisplayTypeValue).toBe('List');
    expect(Object.keys(colour.ProductAttributeValuesViewModel[0]).sort()).toEqual(
      ['ColorCode1', 'ColorCode2', 'ColorCode3', 'DisplayValue', 'IsSelected', 'IsUnavailable', 'ProductAttributeValueId'].sort(),
    );
    expect(body.UnitPriceTaxInclHtml).toMatch(/€$/);
  });

  it('marks the inactive combination IsUnavailable next to the chosen colour', async () => {
    const { productId, inactive } = await twoAttributeProduct(testApp.db);
    const body = (await variantsApi(productId, `?VariantValueId1=${inactive.valueIds[0]}`)).body;
    const size = body.VariantAttributes[1].ProductAttributeValuesViewModel.find((value: { ProductAttributeValueId: number }) => value.ProductAttributeValueId === inactive.valueIds[1]);
    expect(size.IsUnavailable).toBe(true);
    expect(body.VariantValueId1).toBe(inactive.valueIds[0]);
    expect(body.ProductVariantId).not.toBe(inactive.id);
  });

  it('prices the quantity at its tier', async () => {
    const tier = await testApp.db
      .selectFrom('tier_prices')
      .innerJoin('product_variants as v', 'v.id', 'tier_prices.variant_id')
      .innerJoin('products as p', 'p.id', 'v.product_id')
      .select(['v.id', 'v.product_id', 'tier_prices.min_quantity', 'tier_prices.price_incl_cents'])
      .where('v.is_active', '=', 1)
      .where('p.is_active', '=', 1)
      .where('p.step_qty', '=', 1)
      .where('p.max_qty', '=', 0)
      .orderBy('tier_prices.min_quantity')
      .executeTakeFirstOrThrow();
    const body = (await variantsApi(tier.product_id, `?productVariantId=${tier.id}&Quantity=${tier.min_quantity}`)).body;
    expect(body.ProductVariantId).toBe(tier.id);
    expect(body.UnitPriceTaxIncl).toBe(tier.price_incl_cents / 100);
  });

  it('tells when the quantity exceeds the stock', async () => {
    const variant = await variantWhere(testApp.db, (row) => row.stockState === 'LowStock');
    const body = (await variantsApi(variant.productId, `?productVariantId=${variant.id}&Quantity=${variant.stockQuantity + 1}`)).body;
    expect(body.ExceedsStock).toBe(true);
    expect(body.IsAvailable).toBe(true);
  });

  it('answers in the culture asked', async () => {
    const { productId } = await twoAttributeProduct(testApp.db);
    const german = (await variantsApi(productId, '?culture=de')).body;
    const french = (await variantsApi(productId, '?culture=fr')).body;
    expect(german.VariantAttributes[0].Name).toBe('Farbe');
    expect(french.VariantAttributes[0].Name).toBe('Couleur');
  });

  it('answers 400 naming the field for a non-numeric productId or value', async () => {
    const answer = await variantsApi('abc');
    expect(answer.status).toBe(400);
    expect(answer.body.Errors).toEqual([{ Field: 'productId', Message: expect.any(String) }]);
    const { productId } = await twoAttributeProduct(testApp.db);
    const value = await variantsApi(productId, '?VariantValueId2=big');
    expect(value.status).toBe(400);
    expect(value.body.Errors[0].Field).toBe('VariantValueId2');
  });

  it('answers 404 for an unknown or inactive product', async () => {
    const inactive = await testApp.db.selectFrom('products').select('id').where('is_active', '=', 0).executeTakeFirstOrThrow();
    for (const id of [999999, inactive.id]) {
      const answer = await variantsApi(id);
      expect(answer.status).toBe(404);
      expect(answer.body.Message).toEqual(expect.any(String));
    }
  });
});

describe('product fragments, alone and culture-prefixed', () => {
  it('DegressivePrice answers the tier table of a variant', async () => {
    const tier = await testApp.db.selectFrom('tier_prices').select('variant_id').executeTakeFirstOrThrow();
    for (const path of [`/widget/catalog/DegressivePrice?productVariantId=${tier.variant_id}&culture=nl`, `/nl/widget/catalog/DegressivePrice?productVariantId=${tier.variant_id}`]) {
      const answer = await get(path);
      expect(answer.status).toBe(200);
      const fragment = parseHtml(answer.text);
      expect(fragment.querySelector('html')).toBeNull();
      expect(textOf(fragment, '#catalog-degressive-price caption')).toBe('Staffelprijzen');
      expect(fragment.querySelectorAll('.tier-table tbody tr').length).toBeGreaterThanOrEqual(2);
    }
    expect((await get('/widget/catalog/DegressivePrice?productVariantId=x')).status).toBe(400);
    expect((await get('/widget/catalog/DegressivePrice?productVariantId=99999999')).status).toBe(404);
  });

  it('StockByWarehouse lists the active warehouses, or only those holding some', async () => {
    const variant = await variantWhere(testApp.db, (row) => row.stockState === 'InStock');
    const warehouses = await testApp.db.selectFrom('warehouses').select('id').where('is_active', '=', 1).execute();
    const base = `/widget/catalog/StockByWarehouse?productId=${variant.productId}&productVariantId=${variant.id}`;
    const all = parseHtml((await get(`${base}&displayAllActiveWarehouses=true`)).text);
    expect(all.querySelectorAll('.warehouse-table tbody tr')).toHaveLength(warehouses.length);
    const holding = parseHtml((await get(`/fr${base}&displayAllActiveWarehouses=false`)).text);
    const quantities = textsOf(holding, '.warehouse-table tbody td:first-of-type').map(Number);
    expect(quantities.every((quantity) => quantity > 0)).toBe(true);
    expect(quantities.reduce((sum, quantity) => sum + quantity, 0)).toBe(variant.stockQuantity);
    const other = await variantWhere(testApp.db, (row) => row.productId !== variant.productId);
    expect((await get(`/widget/catalog/StockByWarehouse?productId=${variant.productId}&productVariantId=${other.id}`)).status).toBe(404);
    expect((await get('/widget/catalog/StockByWarehouse?productId=abc')).status).toBe(400);
  });

  it('ProductPhotosGallery answers the gallery of the variant with sized images', async () => {
    const { productId, variants } = await twoAttributeProduct(testApp.db);
    const variant = variants.find((row) => row.isActive)!;
    const answer = await get(`/it/widget/catalog/ProductPhotosGallery?productId=${productId}&productVariantId=${variant.id}`);
    expect(answer.status).toBe(200);
    const fragment = parseHtml(answer.text);
    expect(attributeOf(fragment, '#catalog-photos-gallery', 'data-variant-id')).toBe(String(variant.id));
    const main = fragment.querySelector('[data-gallery-main-image]')!;
    expect(main.getAttribute('width')).toBe('600');
    expect(main.getAttribute('srcset')).toMatch(/ 300w, .* 600w, .* 900w$/);
    expect(fragment.querySelectorAll('[data-gallery-item]').length).toBeGreaterThan(0);
    expect((await get(`/widget/catalog/ProductPhotosGallery?productId=999999`)).status).toBe(404);
  });

  it('answers 404 for an active variant of an inactive product, whichever fragment asks', async () => {
    const variant = await testApp.db
      .selectFrom('product_variants as v')
      .innerJoin('products as p', 'p.id', 'v.product_id')
      .select(['v.id', 'v.product_id'])
      .where('p.is_active', '=', 0)
      .where('v.is_active', '=', 1)
      .executeTakeFirstOrThrow();
    const ids = `productId=${variant.product_id}&productVariantId=${variant.id}`;
    for (const path of [
      `/widget/catalog/DegressivePrice?productVariantId=${variant.id}`,
      `/widget/catalog/CustomerReferenceUpdate?productVariantId=${variant.id}`,
      `/widget/catalog/StockByWarehouse?${ids}`,
      `/widget/catalog/StockByWarehouse?productId=${variant.product_id}`,
      `/widget/catalog/ProductPhotosGallery?${ids}`,
    ]) {
      expect({ path, status: (await get(`${path}&culture=fr`)).status }).toEqual({ path, status: 404 });
    }
  });

  it('CustomerReferenceUpdate is an empty wrapper for a visitor', async () => {
    const variant = await variantWhere(testApp.db, () => true);
    const answer = await get(`/widget/catalog/CustomerReferenceUpdate?productVariantId=${variant.id}`);
    expect(answer.status).toBe(200);
    expect(answer.headers['cache-control']).toBe('private, no-cache');
    const fragment = parseHtml(answer.text);
    expect(fragment.querySelector('#catalog-customer-reference')).not.toBeNull();
    expect(fragment.querySelector('form')).toBeNull();
  });
});
