// The stock an order moves: taken from the variant's warehouses when it is placed, put back when it is
// cancelled. What each order took is recorded per warehouse (order_stock), so exactly that goes back.
import type { Transaction } from 'kysely';
import { toBoolean, toNumber } from '../db/normalise';
import type { Database } from '../db/schema';
import { isSellable, stockState } from '../../common/stock';

/** Why an order cannot take a variant's stock (nothing is taken then, or the caller's transaction rolls it back). */
export type StockRefusal = 'UnknownVariant' | 'NotForSale' | 'OutOfStock';

/** The variant's units in its active warehouses that hold some, in warehouse order. */
async function warehouseStock(trx: Transaction<Database>, variantId: number): Promise<{ warehouseId: number; quantity: number }[]> {
  const rows = await trx
    .selectFrom('variant_stock')
    .innerJoin('warehouses', 'warehouses.id', 'variant_stock.warehouse_id')
    .select(['variant_stock.warehouse_id', 'variant_stock.quantity'])
    .where('variant_stock.variant_id', '=', variantId)
    .where('warehouses.is_active', '=', 1)
    .where('variant_stock.quantity', '>', 0)
    .orderBy('warehouses.position')
    .orderBy('warehouses.id')
    .execute();
  return rows.map((row) => ({ warehouseId: row.warehouse_id, quantity: toNumber(row.quantity) }));
}

async function sellableVariant(trx: Transaction<Database>, variantId: number) {
  return trx
    .selectFrom('product_variants as v')
    .innerJoin('products as p', 'p.id', 'v.product_id')
    .select(['v.stock_mode', 'v.is_active', 'v.low_stock_threshold', 'p.is_active as product_active', 'p.available_until'])
    .where('v.id', '=', variantId)
    .executeTakeFirst();
}

/** Takes up to `quantity` from one warehouse's row, only while it still holds that much; answers whether it did. */
async function takeFromWarehouse(trx: Transaction<Database>, move: { orderId: number; variantId: number; warehouseId: number; quantity: number }): Promise<boolean> {
  const result = await trx
    .updateTable('variant_stock')
    .set((eb) => ({ quantity: eb('quantity', '-', move.quantity) }))
    .where('variant_id', '=', move.variantId)
    .where('warehouse_id', '=', move.warehouseId)
    .where('quantity', '>=', move.quantity)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) return false;
  // One row per order, variant and warehouse: a second take from the same warehouse adds to it.
  await trx
    .insertInto('order_stock')
    .values({ order_id: move.orderId, variant_id: move.variantId, warehouse_id: move.warehouseId, quantity: move.quantity })
    .onConflict((conflict) => conflict.columns(['order_id', 'variant_id', 'warehouse_id']).doUpdateSet((eb) => ({ quantity: eb('order_stock.quantity', '+', eb.ref('excluded.quantity')) })))
    .execute();
  return true;
}

/**
 * Takes `quantity` units of a variant for an order from its active warehouses, in warehouse order, each
 * with a conditional update (`quantity >= taken`), so two checkouts can never both take the last unit: the
 * database re-checks the condition on the locked row. A variant no longer for sale (isSellable: inactive
 * variant or product, sale ended) is NotForSale; managed stock that cannot cover it: OutOfStock (the caller
 * rolls back whatever was taken). NoManagement is not counted; OnOrder takes what there is and sells beyond it.
 */
export async function takeStock(trx: Transaction<Database>, { orderId, variantId, quantity, now }: { orderId: number; variantId: number; quantity: number; now: number }): Promise<StockRefusal | null> {
  const variant = await sellableVariant(trx, variantId);
  if (!variant) return 'UnknownVariant';
  let rows = variant.stock_mode === 'NoManagement' ? [] : await warehouseStock(trx, variantId);
  const total = rows.reduce((sum, row) => sum + row.quantity, 0);
  const isActive = toBoolean(variant.is_active) && toBoolean(variant.product_active);
  const availableUntil = variant.available_until === null ? null : toNumber(variant.available_until);
  if (!isSellable({ isActive, stockState: 'InStock' }, { availableUntil, now })) return 'NotForSale';
  if (!isSellable({ isActive, stockState: stockState(variant.stock_mode, total, variant.low_stock_threshold) }, { availableUntil, now })) return 'OutOfStock';
  if (variant.stock_mode === 'NoManagement') return null;
  let need = quantity;
  for (let attempt = 0; attempt < 10 && need > 0; attempt++) {
    if (attempt > 0) rows = await warehouseStock(trx, variantId);
    const available = rows.reduce((sum, row) => sum + row.quantity, 0);
    if (available === 0 || (available < need && variant.stock_mode === 'Managed')) break;
    for (const row of rows) {
      const take = Math.min(need, row.quantity);
      if (take <= 0) continue;
      if (await takeFromWarehouse(trx, { orderId, variantId, warehouseId: row.warehouseId, quantity: take })) need -= take;
      if (need === 0) return null;
    }
  }
  return need > 0 && variant.stock_mode === 'Managed' ? 'OutOfStock' : null;
}

/** Puts back what an order took (order_stock), each in the warehouse it came from. */
export async function returnStock(trx: Transaction<Database>, { orderId }: { orderId: number }): Promise<void> {
  const taken = await trx.selectFrom('order_stock').selectAll().where('order_id', '=', orderId).orderBy('variant_id').orderBy('warehouse_id').execute();
  for (const row of taken) await addStock(trx, { variantId: row.variant_id, warehouseId: row.warehouse_id, quantity: row.quantity });
}

/**
 * Adds units to a variant's stock in one warehouse (a delivery, or what a cancelled order gives back); a
 * row that does not exist (yet, or any more) is created with them.
 */
export async function addStock(trx: Transaction<Database>, { variantId, warehouseId, quantity }: { variantId: number; warehouseId: number; quantity: number }): Promise<void> {
  await trx
    .insertInto('variant_stock')
    .values({ variant_id: variantId, warehouse_id: warehouseId, quantity })
    .onConflict((conflict) => conflict.columns(['variant_id', 'warehouse_id']).doUpdateSet((eb) => ({ quantity: eb('variant_stock.quantity', '+', eb.ref('excluded.quantity')) })))
    .execute();
}
