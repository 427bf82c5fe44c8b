import type { Db } from '../db';
import { stockState } from '../../common/stock';
import type { StockMode, StockState } from './tables';

export interface WarehouseStock {
  warehouseId: number;
  name: string;
  quantity: number;
  state: StockState;
  /** None here, but the variant can be bought (another warehouse has some): said neutrally, never "out of stock". */
  elsewhere: boolean;
}

/**
 * A variant's stock per active warehouse. With allActive every active warehouse is listed (none kept
 * there reads 0); without it only the warehouses that hold some. A warehouse without any is marked
 * `elsewhere` when the variant can still be bought from the others.
 */
export async function stockByWarehouse(
  db: Db,
  { variant, allActive }: { variant: { id: number; stockMode: StockMode; lowStockThreshold: number }; allActive: boolean },
): Promise<WarehouseStock[]> {
  const rows = await db
    .selectFrom('warehouses as w')
    .leftJoin('variant_stock as s', (join) => join.onRef('s.warehouse_id', '=', 'w.id').on('s.variant_id', '=', variant.id))
    .select(['w.id', 'w.name', 's.quantity'])
    .where('w.is_active', '=', 1)
    .orderBy('w.position')
    .orderBy('w.id')
    .execute();
  const counted = rows.map((row) => ({ warehouseId: row.id, name: row.name, quantity: row.quantity ?? 0 }));
  const total = counted.reduce((sum, row) => sum + Math.max(row.quantity, 0), 0);
  const buyable = stockState(variant.stockMode, total, variant.lowStockThreshold) !== 'OutOfStock';
  return counted
    .filter((row) => allActive || row.quantity > 0)
    .map((row) => {
      const state = stockState(variant.stockMode, row.quantity, variant.lowStockThreshold);
      return { ...row, state, elsewhere: state === 'OutOfStock' && buyable };
    });
}
