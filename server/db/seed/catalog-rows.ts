import { type Insertable, type Kysely, sql } from 'kysely';
import { isPostgres } from '../migrations/helpers';
import type { Database } from '../schema';

export type SeedDb = Kysely<Database>;
type Row<T extends keyof Database> = Insertable<Database[T]>;

/** Tables whose ids the seed hands out itself, so rows can point at each other before any insert. */
const numberedTables = ['assets', 'categories', 'brands', 'products', 'attributes', 'attribute_values', 'product_variants', 'warehouses', 'product_images', 'tags'] as const;
type NumberedTable = (typeof numberedTables)[number];

/** The next free id of each numbered table (1 on an empty database). */
export class IdSource {
  private constructor(private readonly next: Record<NumberedTable, number>) {}

  static async start(db: SeedDb): Promise<IdSource> {
    const next = {} as Record<NumberedTable, number>;
    for (const table of numberedTables) {
      const row = await db.selectFrom(table).select((eb) => eb.fn.max('id').as('max')).executeTakeFirst();
      next[table] = Number(row?.max ?? 0) + 1;
    }
    return new IdSource(next);
  }

  peek(table: NumberedTable): number {
    return this.next[table];
  }

  take(table: NumberedTable): number {
    return this.next[table]++;
  }

  /** PostgreSQL's serial sequences do not see explicit ids: move each past the highest one. */
  async syncSequences(db: SeedDb): Promise<void> {
    if (!isPostgres(db as unknown as Kysely<unknown>)) return;
    for (const table of numberedTables) {
      await sql`select setval(pg_get_serial_sequence(${table}, 'id'), ${this.next[table]}, false)`.execute(db);
    }
  }
}

/** Multi-row inserts of at most 500 rows (and well under either database's parameter limit). */
export async function insertRows<T extends keyof Database>(db: SeedDb, table: T, rows: Row<T>[]): Promise<void> {
  if (rows.length === 0) return;
  const columns = Object.keys(rows[0]).length;
  const size = Math.max(1, Math.min(500, Math.floor(30000 / columns)));
  for (let start = 0; start < rows.length; start += size) {
    // Kysely cannot narrow a generic table's row type; the rows were typed by the caller.
    await db.insertInto(table).values(rows.slice(start, start + size) as never).execute();
  }
}

/** Rows waiting for insertion, in foreign-key order; one bundle per chunk of products. */
export class RowBundle {
  readonly assets: Row<'assets'>[] = [];
  readonly products: Row<'products'>[] = [];
  readonly productTranslations: Row<'product_translations'>[] = [];
  readonly productCategories: Row<'product_categories'>[] = [];
  readonly variationAttributes: Row<'product_variation_attributes'>[] = [];
  readonly variants: Row<'product_variants'>[] = [];
  readonly attributeValues: Row<'product_attribute_values'>[] = [];
  readonly tierPrices: Row<'tier_prices'>[] = [];
  readonly stock: Row<'variant_stock'>[] = [];
  readonly images: Row<'product_images'>[] = [];
  readonly tags: Row<'product_tags'>[] = [];

  async insert(db: SeedDb): Promise<void> {
    await insertRows(db, 'assets', this.assets);
    await insertRows(db, 'products', this.products);
    await insertRows(db, 'product_translations', this.productTranslations);
    await insertRows(db, 'product_categories', this.productCategories);
    await insertRows(db, 'product_variation_attributes', this.variationAttributes);
    await insertRows(db, 'product_variants', this.variants);
    await insertRows(db, 'product_attribute_values', this.attributeValues);
    await insertRows(db, 'tier_prices', this.tierPrices);
    await insertRows(db, 'variant_stock', this.stock);
    await insertRows(db, 'product_images', this.images);
    await insertRows(db, 'product_tags', this.tags);
  }
}
