import request from 'supertest';
import { useTestApp } from '../support/app';
import { variantWhere } from '../support/catalog-product';
import { parseHtml } from '../support/html';
import { resource } from '../support/resources';

// The per-warehouse stock table: a warehouse without the variant is "out of stock" (red) only when the
// variant cannot be bought at all; when another warehouse has it, that warehouse reads neutrally.

const testApp = useTestApp();

async function tableRows(productId: number, variantId: number) {
  (testApp.app.locals.pageCache as { clear(): void }).clear();
  const answer = await request(testApp.app).get(`/fr/widget/catalog/StockByWarehouse?productId=${productId}&productVariantId=${variantId}&displayAllActiveWarehouses=true`);
  expect(answer.status).toBe(200);
  return [...parseHtml(answer.text).querySelectorAll('.warehouse-table tbody tr')].map((row) => ({
    warehouseId: Number(row.getAttribute('data-warehouse-id')),
    state: row.getAttribute('data-state'),
    text: row.querySelectorAll('td')[1].textContent.trim(),
  }));
}

describe('the stock by warehouse table', () => {
  it('says neutrally that an empty warehouse has none while another has some, and "out of stock" only when none has any', async () => {
    const { db } = testApp;
    const variant = await variantWhere(db, (row) => row.stockMode === 'Managed' && row.stockState === 'InStock');
    const warehouses = await db.selectFrom('warehouses').select('id').where('is_active', '=', 1).orderBy('position').orderBy('id').execute();
    expect(warehouses.length).toBeGreaterThanOrEqual(2);
    const [empty, holding] = warehouses;
    await db.deleteFrom('variant_stock').where('variant_id', '=', variant.id).execute();
    await db.insertInto('variant_stock').values({ variant_id: variant.id, warehouse_id: holding.id, quantity: 25 }).execute();

    const rows = await tableRows(variant.productId, variant.id);
    expect(rows.find((row) => row.warehouseId === empty.id)).toEqual({ warehouseId: empty.id, state: 'Elsewhere', text: resource('fr', 'Catalog.Product.StockElsewhere') });
    expect(rows.find((row) => row.warehouseId === holding.id)!.state).toBe('InStock');
    expect(rows.map((row) => row.text)).not.toContain(resource('fr', 'Catalog.StockStatus.OutOfStock'));

    await db.deleteFrom('variant_stock').where('variant_id', '=', variant.id).execute();
    const none = await tableRows(variant.productId, variant.id);
    expect(none.map((row) => row.state)).toEqual(warehouses.map(() => 'OutOfStock'));
    expect(none[0].text).toBe(resource('fr', 'Catalog.StockStatus.OutOfStock'));
  });

  it('shows a variant orderable beyond its stock as on order, not out of stock', async () => {
    const variant = await variantWhere(testApp.db, (row) => row.stockMode === 'OnOrder');
    await testApp.db.deleteFrom('variant_stock').where('variant_id', '=', variant.id).execute();
    const rows = await tableRows(variant.productId, variant.id);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row.state === 'OnOrder' && row.text === resource('fr', 'Catalog.StockStatus.OnOrder'))).toBe(true);
  });
});
