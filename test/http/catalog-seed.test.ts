import { sql } from 'kysely';
import { stockState } from '../../common/stock';
import { stockStates, type StockMode } from '../../server/catalog/tables';
import { cultures } from '../../server/config';
import { toNumber } from '../../server/db/normalise';
import { useTestApp } from '../support/app';

const testApp = useTestApp();

async function rows<T>(query: ReturnType<typeof sql<T>>): Promise<T[]> {
  return (await query.execute(testApp.db)).rows;
}

describe('demo catalog seed', () => {
  it('holds at least 400 active products, each in a leaf of a 3-level category tree', async () => {
    const [products] = await rows<{ n: number }>(sql`select count(*) as n from products where is_active = 1`);
    expect(toNumber(products.n)).toBeGreaterThanOrEqual(400);
    const depths = await rows<{ depth: number; n: number }>(sql`select depth, count(*) as n from categories group by depth order by depth`);
    expect(depths.map((row) => toNumber(row.depth))).toEqual([1, 2, 3]);
    const outsideLeaves = await rows(sql`select p.id from products p join categories c on c.id = p.category_id where c.depth <> 3`);
    expect(outsideLeaves).toEqual([]);
  });

  it('files every product under its category and every ancestor of it', async () => {
    const missing = await rows(sql`
      select p.id from products p
      join categories leaf on leaf.id = p.category_id
      join categories family on family.id = leaf.parent_id
      where (select count(*) from product_categories pc where pc.product_id = p.id
             and pc.category_id in (leaf.id, family.id, family.parent_id)) <> 3`);
    expect(missing).toEqual([]);
  });

  it('has every stock state among its active variants', async () => {
    const variants = await rows<{ stock_mode: StockMode; low_stock_threshold: number; quantity: number | null }>(sql`
      select v.stock_mode, v.low_stock_threshold, (select sum(s.quantity) from variant_stock s where s.variant_id = v.id) as quantity
      from product_variants v where v.is_active = 1`);
    const states = new Set(variants.map((row) => stockState(row.stock_mode, toNumber(row.quantity), toNumber(row.low_stock_threshold))));
    expect([...states].sort()).toEqual([...stockStates].sort());
  });

  it('translates products, categories, attributes, values and tags in all six cultures', async () => {
    for (const [table, key] of [
      ['product_translations', 'product_id'],
      ['category_translations', 'category_id'],
      ['attribute_translations', 'attribute_id'],
      ['attribute_value_translations', 'value_id'],
      ['tag_translations', 'tag_id'],
    ] as const) {
      const incomplete = await rows(sql`select ${sql.ref(key)} from ${sql.table(table)} group by ${sql.ref(key)} having count(distinct culture) <> ${cultures.length}`);
      expect({ table, incomplete }).toEqual({ table, incomplete: [] });
    }
    const [shirt] = await rows<{ fr: string; de: string }>(sql`
      select f.name as fr, d.name as de from product_translations f
      join product_translations d on d.product_id = f.product_id and d.culture = 'de'
      where f.culture = 'fr' and f.name like 'Chemise en lin %' limit 1`);
    expect(shirt.de).toMatch(/^Hemd aus Leinen /);
  });

  it('gives products and categories slugs that are unique within each culture', async () => {
    for (const table of ['product_translations', 'category_translations'] as const) {
      const duplicates = await rows(sql`select culture, slug from ${sql.table(table)} group by culture, slug having count(*) > 1`);
      expect({ table, duplicates }).toEqual({ table, duplicates: [] });
      const malformed = await rows(sql`select slug from ${sql.table(table)} where slug = '' or slug like '% %'`);
      expect(malformed).toEqual([]);
    }
  });

  it('keeps price_from_cents at the lowest active variant price, with tax-excluded prices at 21% VAT', async () => {
    const wrong = await rows(sql`
      select p.id from products p
      where p.price_from_cents <> (select min(v.price_incl_cents) from product_variants v where v.product_id = p.id and v.is_active = 1)`);
    expect(wrong).toEqual([]);
    const [variant] = await rows<{ incl: number; excl: number; currency: string }>(
      sql`select price_incl_cents as incl, price_excl_cents as excl, currency from product_variants order by id limit 1`,
    );
    expect(toNumber(variant.excl)).toBe(Math.round(toNumber(variant.incl) / 1.21));
    expect(variant.currency).toBe('EUR');
  });
});

describe('demo catalog variations and extras', () => {
  it('varies by colour squares at position 1 and a size list at position 2, with some single-variant products', async () => {
    const positions = await rows<{ position: number; code: string; display_type: string }>(sql`
      select distinct pva.position, a.code, a.display_type from product_variation_attributes pva
      join attributes a on a.id = pva.attribute_id order by pva.position`);
    expect(positions.map((row) => [toNumber(row.position), row.code, row.display_type])).toEqual([
      [1, 'Colour', 'Square'],
      [2, 'Size', 'List'],
    ]);
    const [single] = await rows<{ n: number }>(sql`select count(*) as n from products p where (select count(*) from product_variants v where v.product_id = p.id) = 1`);
    expect(toNumber(single.n)).toBeGreaterThan(0);
    const [twoTone] = await rows<{ n: number }>(sql`select count(*) as n from product_variants v join attribute_values av on av.id = v.value_id1 where av.color_code2 is not null`);
    expect(toNumber(twoTone.n)).toBeGreaterThan(0);
    const [inactive] = await rows<{ n: number }>(sql`select count(*) as n from product_variants where is_active = 0`);
    expect(toNumber(inactive.n)).toBeGreaterThan(0);
  });

  it('lists each product\'s attribute values (variant values and its own material) for the facets', async () => {
    const missing = await rows(sql`
      select v.id from product_variants v where v.is_active = 1 and v.value_id1 is not null and not exists
        (select 1 from product_attribute_values pav where pav.product_id = v.product_id and pav.value_id = v.value_id1)`);
    expect(missing).toEqual([]);
    const withoutMaterial = await rows(sql`
      select p.id from products p where not exists (select 1 from product_attribute_values pav
        join attributes a on a.id = pav.attribute_id where pav.product_id = p.id and a.code = 'Material')`);
    expect(withoutMaterial).toEqual([]);
  });

  it('has tier prices from 5 and 10 pieces below the unit price', async () => {
    const tiers = await rows<{ min_quantity: number; tier: number; unit: number }>(sql`
      select t.min_quantity, t.price_incl_cents as tier, v.price_incl_cents as unit from tier_prices t join product_variants v on v.id = t.variant_id`);
    expect(new Set(tiers.map((row) => toNumber(row.min_quantity)))).toEqual(new Set([5, 10]));
    expect(tiers.every((row) => toNumber(row.tier) < toNumber(row.unit))).toBe(true);
  });

  it('gives every product 2 to 5 photos, some tied to a colour, and a few a 24-frame 360° set', async () => {
    const counts = await rows<{ n: number }>(sql`select count(*) as n from product_images where kind = 'photo' group by product_id`);
    const [products] = await rows<{ n: number }>(sql`select count(*) as n from products`);
    expect(counts).toHaveLength(toNumber(products.n));
    expect(counts.every((row) => toNumber(row.n) >= 2 && toNumber(row.n) <= 5)).toBe(true);
    const spins = await rows<{ n: number }>(sql`select count(*) as n from product_images where kind = 'spin' group by product_id`);
    expect(spins.length).toBeGreaterThan(0);
    expect(spins.every((row) => toNumber(row.n) === 24)).toBe(true);
    const [byColour] = await rows<{ n: number }>(sql`select count(*) as n from product_images where value_id is not null`);
    expect(toNumber(byColour.n)).toBeGreaterThan(0);
    const mimes = await rows<{ mime: string }>(sql`select distinct mime from assets`);
    expect(mimes).toEqual([{ mime: 'image/svg+xml' }]);
  });

  it('has a dozen brands with logos, tags, associations, quantity rules and limited offers', async () => {
    const brands = await rows<{ asset_id: number | null }>(sql`select asset_id from brands`);
    expect(brands.length).toBeGreaterThanOrEqual(10);
    expect(brands.every((brand) => brand.asset_id !== null)).toBe(true);
    const tagCodes = await rows<{ code: string }>(sql`select t.code from tags t where exists (select 1 from product_tags pt where pt.tag_id = t.id) order by t.code`);
    expect(tagCodes.map((tag) => tag.code)).toEqual(expect.arrayContaining(['eco', 'new', 'sale']));
    const kinds = await rows<{ kind: string }>(sql`select distinct kind from product_associations order by kind`);
    expect(kinds.map((row) => row.kind)).toEqual(['accessory', 'related']);
    const [soldByTwo] = await rows<{ n: number }>(sql`select count(*) as n from products where step_qty = 2 and min_qty = 2 and max_qty = 20`);
    expect(toNumber(soldByTwo.n)).toBeGreaterThan(0);
    const [limited] = await rows<{ n: number }>(sql`select count(*) as n from products where available_until > ${Date.now()}`);
    expect(toNumber(limited.n)).toBeGreaterThan(0);
  });

  it('stores customer references for the demo customer only (the accounts seed runs first)', async () => {
    const [customer] = await rows<{ id: number }>(sql`select id from users where email = 'customer@example.com'`);
    expect(customer).toBeDefined();
    const references = await rows<{ user_id: number }>(sql`select user_id from customer_references`);
    expect(references).toHaveLength(12);
    expect(references.every((reference) => toNumber(reference.user_id) === toNumber(customer.id))).toBe(true);
  });
});
