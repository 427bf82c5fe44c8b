// What the crash suite checks once the killing stopped, straight in the cluster's database, bucket and
// outbox. Each check answers its figures (printed by the suite) and the problems it found (the test's
// failure): an order not whole, stock taken without an order or given back twice, a double charge, a mail
// lost or sent twice, an upload half-stored, a publication without its translations.
import { sql } from 'kysely';
import type { Db } from '../../server/db';
import { sweepStorage } from '../../server/asset-library/sweep';
import type { Storage } from '../../server/storage';
import { readOutbox } from '../support/outbox';

export interface Before {
  /** The last order id before the run (the demo seed's), and each variant's stock then. */
  lastOrder: number;
  stock: Map<number, number>;
  lastPost: number;
}

export interface Finding {
  figures: Record<string, number>;
  problems: string[];
}

const num = (value: unknown) => Number(value);

export async function stockByVariant(db: Db): Promise<Map<number, number>> {
  const rows = await db.selectFrom('variant_stock').select(['variant_id', (eb) => eb.fn.sum<number>('quantity').as('quantity')]).groupBy('variant_id').execute();
  return new Map(rows.map((row) => [row.variant_id, num(row.quantity)]));
}

export async function before(db: Db): Promise<Before> {
  const order = await db.selectFrom('orders').select((eb) => eb.fn.max('id').as('id')).executeTakeFirst();
  const post = await db.selectFrom('news_posts').select((eb) => eb.fn.max('id').as('id')).executeTakeFirst();
  return { lastOrder: num(order?.id ?? 0), stock: await stockByVariant(db), lastPost: num(post?.id ?? 0) };
}

/** Every order whole: lines, totals that add up (orders/placement.ts checkTotals), no line without its order. */
export async function ordersWhole(db: Db, start: Before): Promise<Finding> {
  const orders = await db.selectFrom('orders').selectAll().where('id', '>', start.lastOrder).execute();
  const lines = await db.selectFrom('order_lines').select(['order_id', 'total_incl_cents', 'total_excl_cents']).execute();
  const byOrder = new Map<number, { incl: number; excl: number; count: number }>();
  for (const line of lines) {
    const sum = byOrder.get(line.order_id) ?? { incl: 0, excl: 0, count: 0 };
    byOrder.set(line.order_id, { incl: sum.incl + num(line.total_incl_cents), excl: sum.excl + num(line.total_excl_cents), count: sum.count + 1 });
  }
  const problems: string[] = [];
  for (const order of orders) {
    const sum = byOrder.get(order.id);
    if (!sum) { problems.push(`order ${order.number} has no lines`); continue; }
    if (sum.incl !== num(order.subtotal_incl_cents) || sum.excl !== num(order.subtotal_excl_cents)) problems.push(`order ${order.number}: lines ${sum.incl} ≠ subtotal ${order.subtotal_incl_cents}`);
    const incl = num(order.subtotal_incl_cents) + num(order.shipping_incl_cents) - num(order.discount_incl_cents);
    const excl = num(order.subtotal_excl_cents) + num(order.shipping_excl_cents) - num(order.discount_excl_cents);
    if (incl !== num(order.total_incl_cents) || excl !== num(order.total_excl_cents)) problems.push(`order ${order.number}: subtotal + shipping - discount ≠ total`);
    if (num(order.total_incl_cents) !== num(order.total_excl_cents) + num(order.tax_cents)) problems.push(`order ${order.number}: incl ≠ excl + tax`);
    if (!/^\d{4}-\d{6,}$/.test(order.number)) problems.push(`order ${order.id} kept its pending number ${order.number}`);
  }
  const ids = new Set((await db.selectFrom('orders').select('id').execute()).map((row) => row.id));
  const orphanLines = lines.filter((line) => !ids.has(line.order_id)).length;
  if (orphanLines) problems.push(`${orphanLines} order lines without their order`);
  const states = new Map<string, number>();
  for (const order of orders) states.set(`${order.payment_method} ${order.state}`, (states.get(`${order.payment_method} ${order.state}`) ?? 0) + 1);
  const lineCount = orders.reduce((total, order) => total + (byOrder.get(order.id)?.count ?? 0), 0);
  return { figures: { 'orders checked': orders.length, 'their lines': lineCount, 'order lines without an order': orphanLines, ...Object.fromEntries([...states].map(([key, value]) => [`orders ${key}`, value])) }, problems };
}

/**
 * Stock: for every variant, what left its warehouses since the start is what the run's orders that keep
 * their stock (all but Cancelled) took (order_stock), and what each order took is what its lines sold.
 */
export async function stockHeld(db: Db, start: Before): Promise<Finding> {
  const now = await stockByVariant(db);
  const taken = await db
    .selectFrom('order_stock')
    .innerJoin('orders', 'orders.id', 'order_stock.order_id')
    .select(['order_stock.variant_id', (eb) => eb.fn.sum<number>('order_stock.quantity').as('quantity')])
    .where('orders.id', '>', start.lastOrder)
    .where('orders.state', '<>', 'Cancelled')
    .groupBy('order_stock.variant_id')
    .execute();
  const held = new Map(taken.map((row) => [row.variant_id, num(row.quantity)]));
  const problems: string[] = [];
  let moved = 0;
  for (const variant of new Set([...start.stock.keys(), ...now.keys(), ...held.keys()])) {
    const gone = (start.stock.get(variant) ?? 0) - (now.get(variant) ?? 0);
    moved += gone;
    if (gone !== (held.get(variant) ?? 0)) problems.push(`variant ${variant}: ${gone} units left the warehouses, orders hold ${held.get(variant) ?? 0}`);
  }
  const mismatched = await sql<{ order_id: number }>`
    select l.order_id from (select order_id, variant_id, sum(quantity) as sold from order_lines group by order_id, variant_id) l
    join product_variants v on v.id = l.variant_id and v.stock_mode = 'Managed'
    left join (select order_id, variant_id, sum(quantity) as took from order_stock group by order_id, variant_id) s on s.order_id = l.order_id and s.variant_id = l.variant_id
    where l.order_id > ${start.lastOrder} and coalesce(s.took, 0) <> l.sold`.execute(db);
  for (const row of mismatched.rows) problems.push(`order ${row.order_id}: its stock taken is not what its lines sold`);
  return { figures: { 'variants checked': new Set([...start.stock.keys(), ...now.keys()]).size, 'units taken by the run': moved, 'orders whose stock ≠ lines': mismatched.rows.length }, problems };
}

/** No double charge: one authorised payment per order at most, one Paid step, each notification stored once, prepaid movements once. */
export async function noDoubleCharge(db: Db, start: Before): Promise<Finding> {
  const problems: string[] = [];
  const charged = await db
    .selectFrom('payments')
    .select(['order_id', (eb) => eb.fn.countAll<number>().as('count')])
    .where('state', 'in', ['Authorised', 'RefundDue'])
    .where('order_id', '>', start.lastOrder)
    .groupBy('order_id')
    .execute();
  for (const row of charged) if (num(row.count) > 1) problems.push(`order ${row.order_id}: ${row.count} captured payments`);
  const refundDue = await db.selectFrom('payments').select('id').where('state', '=', 'RefundDue').where('order_id', '>', start.lastOrder).execute();
  if (refundDue.length) problems.push(`${refundDue.length} payments authorised twice (RefundDue)`);
  const paidSteps = await db
    .selectFrom('order_state_history')
    .select(['order_id', (eb) => eb.fn.countAll<number>().as('count')])
    .where('to_state', '=', 'Paid')
    .where('order_id', '>', start.lastOrder)
    .groupBy('order_id')
    .execute();
  for (const row of paidSteps) if (num(row.count) !== 1) problems.push(`order ${row.order_id}: became Paid ${row.count} times`);
  const notices = await db.selectFrom('payment_notifications').select(['provider', 'psp_reference', 'event_code', (eb) => eb.fn.countAll<number>().as('count')]).groupBy(['provider', 'psp_reference', 'event_code']).execute();
  const repeated = notices.filter((row) => num(row.count) > 1).length;
  if (repeated) problems.push(`${repeated} notifications stored more than once`);
  const unprocessed = await db.selectFrom('payment_notifications').select('id').where('processed_at', 'is', null).execute();
  if (unprocessed.length) problems.push(`${unprocessed.length} notifications stored but never processed`);
  const paidNotPaid = await sql<{ id: number }>`
    select o.id from orders o join payments p on p.order_id = o.id and p.state = 'Authorised'
    where o.id > ${start.lastOrder} and o.state not in ('Paid', 'Shipped', 'Refunded')`.execute(db);
  for (const row of paidNotPaid.rows) problems.push(`order ${row.id}: payment authorised, order not Paid`);
  const movements = await sql<{ count: number }>`
    select count(*) as count from (select order_id, kind from prepaid_movements where order_id > ${start.lastOrder} group by order_id, kind having count(*) > 1) d`.execute(db);
  const doubledMovements = num(movements.rows[0]?.count ?? 0);
  if (doubledMovements) problems.push(`${doubledMovements} prepaid movements written twice`);
  return {
    figures: { 'orders with a captured payment': charged.length, 'orders Paid': paidSteps.length, 'notifications stored': notices.length, 'notifications repeated': repeated, 'prepaid movements doubled': doubledMovements },
    problems,
  };
}

/** Every run's order has one confirmation mail queued, sent, and exactly one .eml in the outbox naming it. */
export async function mailsOnce(db: Db, start: Before, dataDir: string): Promise<Finding> {
  const problems: string[] = [];
  const orders = await db.selectFrom('orders').select(['id', 'number']).where('id', '>', start.lastOrder).execute();
  const mails = await db.selectFrom('order_mails').select(['order_id', 'sent_at', 'attempts']).where('order_id', '>', start.lastOrder).execute();
  const queued = new Map<number, number>();
  for (const mail of mails) queued.set(mail.order_id, (queued.get(mail.order_id) ?? 0) + 1);
  const files = new Map<string, number>();
  for (const message of readOutbox(dataDir)) {
    const number = /\d{4}-\d{6,}/.exec(message.subject)?.[0];
    if (number) files.set(number, (files.get(number) ?? 0) + 1);
  }
  let once = 0;
  for (const order of orders) {
    if (queued.get(order.id) !== 1) problems.push(`order ${order.number}: ${queued.get(order.id) ?? 0} mails queued`);
    const sent = files.get(order.number) ?? 0;
    if (sent === 1) once += 1;
    else problems.push(`order ${order.number}: ${sent} confirmation mails in the outbox`);
  }
  const unsent = mails.filter((mail) => mail.sent_at === null).length;
  if (unsent) problems.push(`${unsent} order mails never sent`);
  const retried = mails.filter((mail) => num(mail.attempts) > 0).length;
  return { figures: { 'mails queued': mails.length, 'mails sent': mails.length - unsent, 'orders with exactly one .eml': once, 'mails that failed a try': retried }, problems };
}

/** Every asset row's object in the bucket with its size; after the sweep, no object without its row. */
export async function uploadsWhole(db: Db, storage: Storage): Promise<Finding> {
  const problems: string[] = [];
  const rows = await db.selectFrom('assets').select(['id', 'storage_key', 'size']).where('storage_key', 'is not', null).execute();
  const stored = new Map((await storage.list('assets/')).map((object) => [object.key, object.size]));
  for (const row of rows) {
    const size = stored.get(`assets/${row.storage_key}`);
    if (size === undefined) problems.push(`asset ${row.id}: no object in the bucket`);
    else if (size !== num(row.size)) problems.push(`asset ${row.id}: ${size} bytes stored, ${row.size} in its row`);
  }
  const objectsBefore = stored.size;
  const swept = await sweepStorage(db, storage, { graceMs: 0 });
  const keys = new Set(rows.map((row) => `assets/${row.storage_key}`));
  const left = (await storage.list('assets/')).filter((object) => !keys.has(object.key)).length;
  if (left) problems.push(`${left} objects without their row after the sweep`);
  return { figures: { 'asset rows with a stored file': rows.length, 'objects before the sweep': objectsBefore, 'orphan files swept': swept.files, 'orphan renditions swept': swept.renditions, 'orphans left': left }, problems };
}

/** Every post the run made is whole: its French and Dutch translations. */
export async function publicationsWhole(db: Db, start: Before): Promise<Finding> {
  const posts = await db.selectFrom('news_posts').select(['id', 'status']).where('id', '>', start.lastPost).execute();
  const translations = await db.selectFrom('news_post_translations').select(['post_id', 'culture']).where('post_id', '>', start.lastPost).execute();
  const problems: string[] = [];
  for (const post of posts) {
    const cultures = translations.filter((row) => row.post_id === post.id).map((row) => row.culture).sort().join(',');
    if (cultures !== 'fr,nl') problems.push(`news post ${post.id}: translations ${cultures || 'none'}`);
    if (post.status !== 'published') problems.push(`news post ${post.id}: ${post.status}`);
  }
  return { figures: { 'posts published': posts.length, 'their translations': translations.length }, problems };
}
