// The crash suite (issue 17): three instances behind nginx on PostgreSQL, Redis and s3rver; workers keep
// guest checkouts (bank transfer and card, the card's notification delivered again, twice at once),
// uploads and publications going, through nginx and straight at one instance, while the killer kills
// that instance with -9 a few milliseconds after a request reached it, restarts it, and picks another.
// Afterwards every order, its stock, its payment and its mail, every upload and every publication is
// checked in the database, the bucket and the outbox, and the figures are printed.
// CRASH_KILLS (default 8, CI's short run) kills in all; `CRASH_KILLS=200 npm run test:crash` is the full run.
import sharp from 'sharp';
import { type Cluster, type Instance, startCluster } from '../../scripts/cluster/cluster';
import { loadConfig } from '../../server/config';
import { createDb, type DbHandle } from '../../server/db';
import { notificationKey } from '../../server/payments/signing';
import { storageFor } from '../../server/storage';
import { createTwoFactorAccount } from '../support/two-factor';
import { pause, tally } from './client';
import { type Before, before, type Finding, mailsOnce, noDoubleCharge, ordersWhole, publicationsWhole, stockHeld, uploadsWhole } from './checks';
import { guestCheckout, publish, type Shop, signIn, upload } from './shop';

const kills = Number(process.env.CRASH_KILLS ?? 8);
jest.setTimeout(Math.max(15 * 60_000, kills * 30_000));

let cluster: Cluster;
let handle: DbHandle;
beforeAll(async () => {
  // Jobs every second and a mail claim of 5 s: what a killed instance left is taken up within the checks' wait.
  cluster = await startCluster({ instances: 3, env: { JOB_INTERVAL_MS: '1000', ORDER_MAIL_CLAIM_SECONDS: '5', LOG_LEVEL: 'warn' } });
  handle = createDb({ DATA_DIR: cluster.dataDir, DATABASE_URL: cluster.databaseUrl });
}, 300_000);
afterAll(async () => {
  await handle?.destroy();
  await cluster?.stop();
});

/** The instance the killer aims at, and the hook that lets it kill a few ms after a request reached it. */
const aim: { victim: Instance | null; armed: ((instance: Instance) => void) | null } = { victim: null, armed: null };

/** Half the requests go straight to the victim while it runs (that is where kills land), the rest through nginx. */
function route(): string {
  const victim = aim.victim;
  if (!victim || !victim.running() || Math.random() < 0.5) return cluster.url;
  if (aim.armed) {
    const fire = aim.armed;
    aim.armed = null;
    fire(victim);
  }
  return victim.url;
}

async function shopOf(): Promise<Shop> {
  const { db } = handle;
  const id = async (table: 'countries' | 'shipping_methods', column: 'code', value: string) => (await db.selectFrom(table).select('id').where(column, '=', value).executeTakeFirstOrThrow()).id;
  const category = await db.selectFrom('news_categories').select('id').where('parent_id', 'is', null).orderBy('position').orderBy('id').executeTakeFirstOrThrow();
  return {
    db, route, nginx: cluster.url, hmacKey: notificationKey(loadConfig({ ...cluster.env })),
    variants: await stockedVariants(), france: await id('countries', 'code', 'FR'), method: await id('shipping_methods', 'code', 'express'), category: category.id,
  };
}

/** Four active variants with managed stock, given plenty (before any instance served them) so no checkout runs out. */
async function stockedVariants(): Promise<number[]> {
  const { db } = handle;
  const rows = await db
    .selectFrom('product_variants as v')
    .innerJoin('products as p', 'p.id', 'v.product_id')
    .innerJoin('variant_stock as s', 's.variant_id', 'v.id')
    .select(['v.id', 's.warehouse_id'])
    .where('v.stock_mode', '=', 'Managed').where('v.is_active', '=', 1).where('p.is_active', '=', 1).where('p.available_until', 'is', null).where('s.quantity', '>', 0)
    .orderBy('v.id').limit(4).execute();
  if (rows.length < 2) throw new Error('The demo seed has no stocked variants');
  for (const row of rows) await db.updateTable('variant_stock').set((eb) => ({ quantity: eb('quantity', '+', 100_000) })).where('variant_id', '=', row.id).where('warehouse_id', '=', row.warehouse_id).execute();
  return [...new Set(rows.map((row) => row.id))];
}

/** Kills the victim a random 0–50 ms after a request was sent straight to it (or after 3 s without one). */
async function killer(stop: { done: boolean }, log: string[]): Promise<void> {
  for (let round = 1; round <= kills; round++) {
    const victim = cluster.instances[Math.floor(Math.random() * cluster.instances.length)];
    aim.victim = victim;
    await pause(200 + Math.random() * 800);
    const sent = await new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => { aim.armed = null; resolve(false); }, 3000);
      aim.armed = () => { clearTimeout(timer); setTimeout(() => resolve(true), Math.random() * 50); };
    });
    await victim.kill('SIGKILL');
    // Nothing more straight to it until it is back (a restarting instance refuses connections for seconds).
    aim.victim = null;
    const down = Date.now();
    await victim.start();
    log.push(`kill ${round}: instance ${victim.index}${sent ? ' mid-request' : ' idle'}, back in ${Date.now() - down} ms`);
  }
  aim.victim = null;
  stop.done = true;
}

/** A worker repeats its task until the killer is done; a task that fails is counted, not fatal (the checks judge). */
async function worker(name: string, stop: { done: boolean }, task: (serial: number) => Promise<unknown>): Promise<void> {
  for (let serial = 1; !stop.done; serial++) {
    try {
      await task(serial);
    } catch (error) {
      tally.set(`${name} gave up`, (tally.get(`${name} gave up`) ?? 0) + 1);
      if (process.env.CRASH_VERBOSE) console.log(name, error);
    }
  }
}

function report(title: string, finding: Finding): string[] {
  console.log(`${title}\n${Object.entries(finding.figures).map(([key, value]) => `  ${key}: ${value}`).join('\n')}${finding.problems.length ? `\n  PROBLEMS:\n    ${finding.problems.slice(0, 30).join('\n    ')}` : ''}`);
  return finding.problems;
}

test(`${kills} kills -9 in the middle of checkouts, notifications, uploads and publications lose nothing`, async () => {
  const shop = await shopOf();
  const start: Before = await before(handle.db);
  const account = await createTwoFactorAccount(handle.db, 'crash-editor');
  await handle.db.insertInto('user_roles').values({ user_id: account.id, role: 'editor' }).execute();
  const editor = await signIn(shop, account);
  const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 80, b: 40 } } }).jpeg().toBuffer();
  const stop = { done: false };
  const log: string[] = [];
  const began = Date.now();
  await Promise.all([
    killer(stop, log),
    worker('bank transfer checkout', stop, () => guestCheckout(shop, 'BankTransfer')),
    worker('card checkout', stop, () => guestCheckout(shop, 'Card')),
    worker('card checkout', stop, () => guestCheckout(shop, 'Card')),
    // The editor is one client: the API's rate limit (300 a minute) is kept with a pause.
    worker('upload', stop, async (serial) => (await upload(editor, photo, serial), await pause(150))),
    worker('publication', stop, (serial) => publish(shop, editor, serial)),
  ]);
  const ran = Date.now() - began;
  expect(cluster.instances.every((instance) => instance.running())).toBe(true);
  // The sweeps (every second) send what a killed instance had claimed once its claim ran out (5 s).
  const mailDeadline = Date.now() + 90_000;
  let unsent = -1;
  while (Date.now() < mailDeadline) {
    unsent = (await handle.db.selectFrom('order_mails').select('id').where('sent_at', 'is', null).where('order_id', '>', start.lastOrder).execute()).length;
    if (unsent === 0) break;
    await pause(1000);
  }
  await pause(2000);
  console.log(`crash run: ${kills} kills in ${(ran / 1000).toFixed(1)} s, then ${unsent} mails unsent at the end of the wait\n  ${log.join('\n  ')}`);
  console.log(`what the workers met:\n${[...tally].sort().map(([key, value]) => `  ${key}: ${value}`).join('\n')}`);
  const storage = storageFor(loadConfig({ ...cluster.env }));
  const problems = [
    ...report('orders whole', await ordersWhole(handle.db, start)),
    ...report('stock', await stockHeld(handle.db, start)),
    ...report('no double charge', await noDoubleCharge(handle.db, start)),
    ...report('mails: none lost, none twice', await mailsOnce(handle.db, start, cluster.dataDir)),
    ...report('uploads whole', await uploadsWhole(handle.db, storage)),
    ...report('publications whole', await publicationsWhole(handle.db, start)),
  ];
  expect(problems).toEqual([]);
});
