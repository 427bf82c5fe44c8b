// npm run bench:load [-- --concurrency 1,4,16,32 --duration 20 --instances 1,3 --quick]
// The purchase path under load through nginx (docs/performance.md): a cluster of 1 instance, then of 3
// (scripts/cluster/cluster.ts, on PostgreSQL, Redis and s3rver), each driven by virtual shoppers who
// browse, add to cart, check out as guests and pay by card with the sandbox, at rising concurrency.
// Prints orders/s, each step's p50/p95/p99, errors by status, and checks that no stock was oversold.
// Not a timed test: it prints figures. Not in CI.
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { type Cluster, startCluster } from '../cluster/cluster';
import { countCpu } from './cpu';
import { checkPayments } from './payments-check';
import { sandboxProvider } from './provider';
import { machine, type Row, stepTable, summaryTable } from './report';
import { type Shop, shop, type Target } from './shopper';
import { Recorder } from './stats';
import { checkStock, countStock, findTargets, restock, setStock } from './stock';
import { StepFailed } from './visitor';

const { values: args } = parseArgs({
  options: {
    concurrency: { type: 'string' },
    duration: { type: 'string' },
    instances: { type: 'string', default: '1,3' },
    scarce: { type: 'string', default: '2' },
    quick: { type: 'boolean', default: false },
  },
});
const numbers = (text: string) => text.split(',').map(Number).filter((value) => Number.isInteger(value) && value > 0);
const options = {
  concurrency: numbers(args.concurrency ?? (args.quick ? '1,4,16' : '1,4,16,32')),
  duration: Number(args.duration ?? (args.quick ? 3 : 20)),
  instances: numbers(args.instances!),
  /** Units each scarce variant gets before every row. */
  scarceUnits: Number(args.scarce),
  /** Share of shoppers who want a scarce product. */
  scarceShare: 0.25,
  warmup: args.quick ? 2 : 5,
};

const pick = <T>(items: T[]) => items[Math.floor(Math.random() * items.length)];

/** `shoppers` virtual shoppers, each one purchase after another (a new visitor each time) until the time is up. */
async function drive(shopData: Shop, targets: Target[], shoppers: number, seconds: number): Promise<{ recorder: Recorder; elapsed: number }> {
  const recorder = new Recorder();
  const scarce = targets.filter((target) => target.scarce);
  const plenty = targets.filter((target) => !target.scarce);
  const began = performance.now();
  const end = began + seconds * 1000;
  const shopper = async () => {
    while (performance.now() < end) {
      const flowBegan = performance.now();
      try {
        if (await shop(shopData, Math.random() < options.scarceShare ? pick(scarce) : pick(plenty), recorder)) recorder.flows.push(performance.now() - flowBegan);
      } catch (error) {
        recorder.failedFlows++;
        if (!(error instanceof StepFailed)) console.error(error);
      }
    }
  };
  await Promise.all(Array.from({ length: shoppers }, shopper));
  return { recorder, elapsed: (performance.now() - began) / 1000 };
}

async function shopOf(cluster: Cluster, pool: pg.Pool): Promise<Shop> {
  const france = await pool.query(`select id from countries where code = 'FR'`);
  const methods = await pool.query(`select id from shipping_methods where code in ('standard', 'express') order by position`);
  return {
    origin: cluster.url,
    franceId: String(france.rows[0].id),
    shippingMethodIds: methods.rows.map((row) => String(row.id)),
    provider: sandboxProvider(cluster.url, pool, cluster.env),
  };
}

async function benchCluster(instances: number, log: (line: string) => void): Promise<{ rows: Row[]; load: string }> {
  const host = machine();
  const loadBefore = host.load();
  log(`\nStarting ${instances} instance${instances === 1 ? '' : 's'} behind nginx…`);
  const cluster = await startCluster({ instances, log: (line) => log(`  ${line}`) });
  const pool = new pg.Pool({ connectionString: cluster.databaseUrl, max: 4 });
  try {
    const targets = await findTargets(cluster.url);
    await setStock(pool, targets, options.scarceUnits);
    const shopData = await shopOf(cluster, pool);
    log(`  ${targets.length} products to buy from, ${targets.filter((target) => target.scarce).length} of them scarce (${options.scarceUnits} units before each row)`);
    await restock(pool, targets, options.scarceUnits, cluster.env);
    await drive(shopData, targets, 2, options.warmup);
    const rows: Row[] = [];
    for (const shoppers of options.concurrency) {
      await restock(pool, targets, options.scarceUnits, cluster.env);
      const before = await countStock(pool, targets);
      const stopCounting = countCpu(() => cluster.instances.map((instance) => instance.pid()));
      const { recorder, elapsed } = await drive(shopData, targets, shoppers, options.duration);
      const cpu = stopCounting();
      const check = await checkStock(pool, targets, before, await countStock(pool, targets));
      const payments = await checkPayments(pool, recorder.orders);
      const row = { instances, shoppers, seconds: elapsed, recorder, cpu, stockLines: [...check.lines, payments.line], stockOk: check.ok && payments.ok };
      rows.push(row);
      log(`  ${shoppers} shoppers: ${(recorder.orders.length / elapsed).toFixed(1)} orders/s, ${recorder.failedFlows} flows failed, stock and payments ${row.stockOk ? 'ok' : 'WRONG'}`);
    }
    return { rows, load: `${loadBefore} before, ${host.load()} after` };
  } finally {
    await pool.end();
    await cluster.stop();
  }
}

async function main() {
  const host = machine();
  const log = (line: string) => console.log(line);
  log(`Load bench: ${options.instances.join(' then ')} instances, ${options.concurrency.join(', ')} shoppers, ${options.duration} s per row; ${host.text}; load average ${host.load()} (1 / 5 / 15 min)`);
  const results = [];
  for (const instances of options.instances) results.push({ instances, ...(await benchCluster(instances, log)) });
  const rows = results.flatMap((result) => result.rows);
  const loads = results.map((result) => `${result.instances} instance${result.instances === 1 ? '' : 's'}: load average ${result.load}`).join('; ');
  const text = [
    `${options.duration} s per row through nginx, guest card purchases; ${host.text}; ${loads} (1 / 5 / 15 min)`,
    '',
    summaryTable(rows),
    '',
    ...rows.flatMap((row) => [stepTable(row), '']),
  ].join('\n');
  console.log(`\n${text}`);
  const dir = path.join(os.tmpdir(), 'storefront-bench');
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'last-bench-load.md'), text);
  if (rows.some((row) => !row.stockOk)) {
    console.error('\nStock oversold or taken without an order, or an order not paid exactly once: see the lines above.');
    process.exitCode = 1;
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
