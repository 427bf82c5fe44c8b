// What the shoppers buy and how much of it there is. The bench reads the shop as a visitor does (home,
// category lists, product pages: the variant each product page offers first), then gives those variants a
// managed stock: plenty for most, a few units for some (scarce), so shoppers compete for the last units
// and some checkouts are refused. Before each row the scarce ones get their few units again, and a cache
// clear is announced on the shop's channel (server/cluster/invalidation.ts), as a back-office save
// would, so no kept product page still says "sold out". After each row it checks that nothing was oversold.
import type pg from 'pg';
import { createClient } from 'redis';
import { invalidationChannel } from '../../server/cluster/invalidation';
import type { Target } from './shopper';
import { fieldOf } from './shopper';

export const PLENTY = 1_000_000;

async function page(origin: string, path: string): Promise<string> {
  const answer = await fetch(origin + path, { headers: { 'accept-language': 'fr', 'x-forwarded-for': '192.0.2.20' } });
  if (answer.status !== 200) throw new Error(`${path} answered ${answer.status} while the bench read the shop`);
  return answer.text();
}

const links = (html: string, kind: 'category' | 'product') => [...new Set([...html.matchAll(new RegExp(`href="(/fr/catalog/${kind}/\\d+/[^"?#]*)"`, 'g'))].map((match) => match[1]))];

/** Up to `lists` category lists and `perList` products from each, with the variant each product page offers. */
export async function findTargets(origin: string, { lists = 6, perList = 6, scarce = 2 } = {}): Promise<Target[]> {
  const targets: Target[] = [];
  const seen = new Set<number>();
  for (const listPath of links(await page(origin, '/fr/'), 'category').slice(0, lists)) {
    for (const productPath of links(await page(origin, listPath), 'product').slice(0, perList)) {
      const variantId = Number(fieldOf(await page(origin, productPath), 'ProductVariantId'));
      if (!variantId || seen.has(variantId)) continue;
      seen.add(variantId);
      targets.push({ listPath, productPath, variantId, scarce: false });
    }
  }
  if (targets.length <= scarce) throw new Error(`the shop offers only ${targets.length} products to buy`);
  // Every few products one is scarce, so they spread over the lists.
  const step = Math.floor(targets.length / scarce);
  for (let index = 0; index < scarce; index++) targets[index * step].scarce = true;
  return targets;
}

/** Managed stock in the first warehouse only: `PLENTY` units, or `units` for the scarce ones. */
export async function setStock(pool: pg.Pool, targets: Target[], units: number): Promise<void> {
  const { rows } = await pool.query('select id from warehouses order by position limit 1');
  const warehouse = rows[0].id as number;
  for (const target of targets) {
    await pool.query(`update product_variants set stock_mode = 'Managed' where id = $1`, [target.variantId]);
    await pool.query('delete from variant_stock where variant_id = $1', [target.variantId]);
    await pool.query('insert into variant_stock (variant_id, warehouse_id, quantity) values ($1, $2, $3)', [target.variantId, warehouse, target.scarce ? units : PLENTY]);
  }
}

/** The scarce variants get `units` again; every instance drops its kept pages. */
export async function restock(pool: pg.Pool, targets: Target[], units: number, env: Record<string, string>): Promise<void> {
  const scarce = targets.filter((target) => target.scarce).map((target) => target.variantId);
  await pool.query('update variant_stock set quantity = $1 where variant_id = any($2::int[])', [units, scarce]);
  const redis = createClient({ url: env.REDIS_URL });
  await redis.connect();
  await redis.publish(invalidationChannel({ DATABASE_URL: env.DATABASE_URL, DATA_DIR: env.DATA_DIR }), 'load-bench');
  await redis.quit();
}

export interface StockCount {
  stock: Map<number, number>;
  ordered: Map<number, number>;
}

/** Each bought variant's stock (all warehouses) and the units ordered so far (orders not cancelled). */
export async function countStock(pool: pg.Pool, targets: Target[]): Promise<StockCount> {
  const ids = targets.map((target) => target.variantId);
  const stock = await pool.query('select variant_id, sum(quantity)::int as n from variant_stock where variant_id = any($1::int[]) group by variant_id', [ids]);
  const ordered = await pool.query(
    `select l.variant_id, sum(l.quantity)::int as n from order_lines l join orders o on o.id = l.order_id
     where l.variant_id = any($1::int[]) and o.state <> 'Cancelled' group by l.variant_id`,
    [ids],
  );
  const byVariant = (rows: { variant_id: number; n: number }[]) => new Map(rows.map((row) => [Number(row.variant_id), Number(row.n)]));
  return { stock: byVariant(stock.rows), ordered: byVariant(ordered.rows) };
}

export interface StockCheck {
  lines: string[];
  ok: boolean;
}

/** Nothing below zero, no more sold than there was, and every unit taken belongs to an order. */
export async function checkStock(pool: pg.Pool, targets: Target[], before: StockCount, after: StockCount): Promise<StockCheck> {
  const negative = Number((await pool.query('select count(*) as n from variant_stock where quantity < 0')).rows[0].n);
  let oversold = 0;
  let unmatched = 0;
  let sold = 0;
  let scarceSold = 0;
  let scarceSupply = 0;
  for (const target of targets) {
    const start = before.stock.get(target.variantId) ?? 0;
    const end = after.stock.get(target.variantId) ?? 0;
    const units = (after.ordered.get(target.variantId) ?? 0) - (before.ordered.get(target.variantId) ?? 0);
    sold += units;
    if (target.scarce) (scarceSold += units), (scarceSupply += start);
    if (units > start) oversold++;
    if (start - end !== units) unmatched++;
  }
  const ok = negative === 0 && oversold === 0 && unmatched === 0;
  return {
    ok,
    lines: [
      `${negative} stock rows below zero in the shop; ${oversold} of ${targets.length} variants sold beyond their stock; ${unmatched} whose stock moved by another amount than their orders`,
      `${sold} units ordered; the ${targets.filter((target) => target.scarce).length} scarce variants: ${scarceSold} sold of ${scarceSupply} in stock`,
    ],
  };
}
