import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { cultures } from '../../server/config';
import { findPage } from '../../server/content/data';
import { createDb, type DbHandle } from '../../server/db';
import { dropTestSchema, migrateTestDb } from '../support/app';
import { seedIfEmpty } from '../../server/db/seed';
import { readMenuRows } from '../../server/menus/data';
import { menuTree } from '../../server/menus/rules';

/** An empty database: a new SQLite file, or a new schema on the PostgreSQL of DATABASE_URL. */
async function emptyDatabase(): Promise<DbHandle & { remove(): Promise<void> }> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'storefront-db-'));
  const serverUrl = process.env.DATABASE_URL;
  const schema = `test_db_${randomBytes(6).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    await client.query(statement).finally(() => client.end());
  };
  let DATABASE_URL: string | undefined;
  if (serverUrl) {
    await admin(`create schema ${schema}`);
    const url = new URL(serverUrl);
    url.searchParams.set('options', `-c search_path=${schema}`);
    DATABASE_URL = url.toString();
  }
  const handle = createDb({ DATA_DIR: dataDir, DATABASE_URL });
  return {
    ...handle,
    async remove() {
      await handle.destroy();
      if (serverUrl) await dropTestSchema(serverUrl, schema);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

let database: Awaited<ReturnType<typeof emptyDatabase>>;
beforeAll(async () => {
  database = await emptyDatabase();
});
afterAll(() => database?.remove());

const count = async (table: 'pages' | 'page_translations' | 'menu_items' | 'menu_item_translations') =>
  Number((await database.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

describe('migrations', () => {
  it('apply on an empty database, in order, and create the site tables', async () => {
    const applied = await migrateTestDb(database.db);
    expect(applied[0]).toBe('001_site');
    expect(applied).toEqual([...applied].sort());
    const tables = (await database.db.introspection.getTables()).map((table) => table.name);
    expect(tables).toEqual(
      expect.arrayContaining(['site_settings', 'pages', 'page_translations', 'menus', 'menu_items', 'menu_item_translations', 'sessions']),
    );
  });

  it('apply to a second database while the first holds the migration tables (a schema each on PostgreSQL)', async () => {
    const other = await emptyDatabase();
    try {
      expect((await migrateTestDb(other.db))[0]).toBe('001_site');
    } finally {
      await other.remove();
    }
  });

  it('are idempotent: a second run applies nothing', async () => {
    expect(await migrateTestDb(database.db)).toEqual([]);
  });
});

describe('the seed', () => {
  it('fills an empty database', async () => {
    expect(await seedIfEmpty(database.db)).toBe(true);
  });

  it('has the four pages in all six cultures, home at the empty slug', async () => {
    const keys = await database.db.selectFrom('pages').select(['page_key', 'is_home']).orderBy('position').execute();
    expect(keys.map((page) => page.page_key)).toEqual(['home', 'about', 'legal', 'contact']);
    for (const culture of cultures) {
      const home = await findPage(database.db, { culture, slug: '' });
      expect(home).toMatchObject({ key: 'home', isHome: true });
      for (const slug of ['about', 'legal', 'contact']) {
        const page = await findPage(database.db, { culture, slug });
        expect(page).toMatchObject({ key: slug, isHome: false });
        expect(page!.title).not.toBe('');
        expect(page!.bodyHtml).not.toBe('');
      }
    }
    expect(await count('page_translations')).toBe(4 * cultures.length);
  });

  it('has a main menu with dropdowns (the departments), labelled in all six cultures (server/menus)', async () => {
    expect(await count('menu_item_translations')).toBe((await count('menu_items')) * cultures.length);
    const labelsByCulture = new Set<string>();
    for (const culture of cultures) {
      const navigation = menuTree(await readMenuRows(database.db, { code: 'main', culture }), Date.now(), (key) => key);
      const dropdowns = navigation.filter((item) => item.children.length > 0);
      expect(navigation.length).toBeGreaterThanOrEqual(5);
      expect(dropdowns.filter((item) => item.kind === 'category').length).toBeGreaterThanOrEqual(3);
      expect(dropdowns.flatMap((item) => item.children).every((child) => child.path && child.label)).toBe(true);
      labelsByCulture.add(navigation.map((item) => item.label).join('|'));
    }
    expect(labelsByCulture.size).toBe(cultures.length);
  });

  it('does nothing the second time', async () => {
    const before = await Promise.all([count('pages'), count('page_translations'), count('menu_items')]);
    expect(await seedIfEmpty(database.db)).toBe(false);
    expect(await Promise.all([count('pages'), count('page_translations'), count('menu_items')])).toEqual(before);
  });
});
