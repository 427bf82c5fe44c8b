import type { Db } from '../db/index';

/** The currencies table's rows, in the widget's order (rates.ts caches them as Rates). */
export function currencyRows(db: Db) {
  return db.selectFrom('currencies').select(['code', 'rate_ppm', 'is_active']).orderBy('position').orderBy('code').execute();
}
