import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { createDb, type Db } from '../../server/db';
import { demoCustomerEmail, seedCatalog } from '../../server/db/seed/catalog';
import { dropTestSchema, migrateTestDb, useTestApp } from '../support/app';
import { PREPAID_CARD } from '../../server/db/seed/prepaid';

// The catalog seed on a database of its own, next to a test app seeded the usual way.
const testApp = useTestApp();

/** An empty database of its own: a new SQLite file, or a new schema on the PostgreSQL of DATABASE_URL. */
async function emptyDatabase() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'storefront-seed-'));
  const serverUrl = process.env.DATABASE_URL;
  const schema = `test_seed_${randomBytes(6).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    await client.query(statement).finally(() => client.end());
  };
  let url: URL | undefined;
  if (serverUrl) {
    await admin(`create schema ${schema}`);
    url = new URL(serverUrl);
    url.searchParams.set('options', `-c search_path=${schema}`);
  }
  const handle = createDb({ DATA_DIR: dataDir, DATABASE_URL: url?.toString() });
  const remove = async () => {
    await handle.destroy();
    if (serverUrl) await dropTestSchema(serverUrl, schema);
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { db: handle.db, remove };
}

/** What a visitor sees of the catalog, row by row, in a stable order. */
async function catalogDump(db: Db) {
  const query = (text: ReturnType<typeof sql>) => text.execute(db).then((result) => JSON.stringify(result.rows));
  // The prepaid card is a product too, seeded after the catalog (server/db/seed/prepaid.ts): not the catalog seed's.
  const catalogProduct = sql`product_id not in (select product_id from product_variants where sku = ${PREPAID_CARD.sku})`;
  return Promise.all([
    query(sql`select product_id, culture, name, slug, description from product_translations where ${catalogProduct} order by product_id, culture`),
    query(sql`select id, product_id, sku, value_id1, value_id2, price_incl_cents, stock_mode, is_active from product_variants where ${catalogProduct} order by id`),
    query(sql`select variant_id, warehouse_id, quantity from variant_stock order by variant_id, warehouse_id`),
    query(sql`select product_id, asset_id, value_id, kind, position from product_images where ${catalogProduct} order by id`),
    // The catalog's pictures only: other features' seeds (news, projects, pages) add their own assets after it.
    query(sql`select id, name, size from assets where id in (select asset_id from product_images) order by id`),
  ]);
}

describe('catalog seed on an empty database', () => {
  let database: Awaited<ReturnType<typeof emptyDatabase>>;
  beforeAll(async () => {
    database = await emptyDatabase();
    await migrateTestDb(database.db);
  });
  afterAll(() => database?.remove());

  it('is deterministic, and gives the demo customer references to a dozen variants', async () => {
    const customer = await database.db
      .insertInto('users')
      .values({ email: demoCustomerEmail, password_hash: '-', first_name: 'Demo', last_name: 'Customer', culture: 'fr', created_at: 0 })
      .returning('id')
      .executeTakeFirstOrThrow();
    await seedCatalog(database.db);
    expect(await catalogDump(database.db)).toEqual(await catalogDump(testApp.db));
    const references = await database.db.selectFrom('customer_references').select(['user_id', 'customer_sku']).execute();
    expect(references).toHaveLength(12);
    expect(references.every((reference) => reference.user_id === customer.id && /^CR-[A-Z]{3}-\d+$/.test(reference.customer_sku))).toBe(true);
  });

  it('leaves the id sequences past the seeded rows, so later inserts get fresh ids', async () => {
    const { max } = await database.db.selectFrom('products').select((eb) => eb.fn.max('id').as('max')).executeTakeFirstOrThrow();
    const brand = await database.db.insertInto('brands').values({ name: 'Nouvelle', slug: 'nouvelle', asset_id: null, position: 99 }).returning('id').executeTakeFirstOrThrow();
    const product = await database.db
      .insertInto('products')
      .values({ reference: 'NEW000001', brand_id: brand.id, category_id: 3, is_active: 1, price_from_cents: 1000, currency: 'EUR', min_qty: 1, max_qty: 0, step_qty: 1, available_until: null, position: 0, created_at: 0 })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(product.id).toBe(Number(max) + 1);
  });
});
