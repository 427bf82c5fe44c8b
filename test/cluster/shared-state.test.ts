// Three instances behind nginx serve one shop (issue 17, deliverable 3), proven over HTTP against each
// instance's own address and through nginx, on one cluster for the whole file:
// - a price saved in the product editor on instance 0 is served by instances 1 and 2 within 1 s (the
//   kept pages of an anonymous visitor with a CSRF cookie, product page and category list);
// - a banner, a menu item and a page published through instance 1 appear on instances 0 and 2 within 1 s;
// - a cart started on instance 0 goes on on 1 and 2 and is checked out on 1; a customer's session works
//   everywhere; an upload through instance 0 is served byte for byte by the others, a rendition too;
// - every background job ran at most once per interval across the three (job_runs), and an order's mail
//   was written once.
// - a page asked through nginx while its instance is killed -9 is still answered whole (200, retried);
//   the launcher's own test covers the POST answered 502.
// The propagation figures (ms from the save's answer) and the job counts are printed.
import { readFileSync } from 'node:fs';
import { categoryPath } from '../../server/catalog/urls';
import { createDb, type Db, type DbHandle } from '../../server/db';
import { type Cluster, startCluster } from '../../scripts/cluster/cluster';
import { productUrl, seedVariants } from '../support/catalog-product';
import { attributeOf, attributesOf, type Html, parseHtml, textOf, textsOf } from '../support/html';
import { readOutbox } from '../support/outbox';
import { image } from '../http/asset-library-helpers';
import { type Answer, Browser, pollUntil, signedInEditor } from './browser';

jest.setTimeout(120_000);

/** JOB_INTERVAL_MS of every instance: short, so a few seconds hold several intervals of every job. */
const INTERVAL_MS = 1000;
/** The contract: a change made through one instance is served by every other within this. */
const PROPAGATION_MS = 1000;

let cluster: Cluster;
let handle: DbHandle;
let db: Db;
let jobsFrom: number;
const figures: string[] = [];

beforeAll(async () => {
  cluster = await startCluster({ instances: 3, env: { JOB_INTERVAL_MS: String(INTERVAL_MS) } });
  handle = createDb({ DATA_DIR: cluster.dataDir, DATABASE_URL: cluster.databaseUrl });
  db = handle.db;
  jobsFrom = Date.now();
}, 240_000);

afterAll(async () => {
  if (figures.length) console.log(`Multi-instance figures:\n${figures.join('\n')}`);
  await handle?.destroy();
  await cluster?.stop();
}, 60_000);

const base = (index: number) => cluster.instances[index]!.url;
const named = (index: number) => ({ name: `instance ${index}`, url: base(index) });
const spaced = (text: string) => text.replace(/\s+/gu, ' ');
const euros = (cents: number) => spaced(new Intl.NumberFormat('fr', { style: 'currency', currency: 'EUR' }).format(cents / 100));
const typed = (cents: number) => (cents / 100).toFixed(2).replace('.', ',');
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** An anonymous visitor holding the CSRF cookie of a first visit: the page cache's front door answers it. */
async function returningVisitor(): Promise<Browser> {
  const visitor = new Browser();
  await visitor.page(base(0), '/fr/');
  expect(visitor.cookies.size).toBeGreaterThan(0);
  return visitor;
}

/** Visits a page twice on each instance (so each keeps it) and checks what it shows before the change. */
async function warm(visitor: Browser, indexes: number[], path: string, shows: (html: Html) => boolean): Promise<void> {
  for (const index of indexes) {
    for (let visit = 0; visit < 3; visit++) {
      const answer = await visitor.request(base(index), path);
      expect(answer.status).toBe(200);
      expect(shows(parseHtml(answer.text))).toBe(true);
      await pause(50);
    }
  }
}

/**
 * Polls each target until the page shows the change (10 s at most) and records when the first answer
 * that showed it was asked for and when it had arrived, in ms after `since` (the save's answer). The
 * asking time is the bound on how long the target could serve the old state.
 */
async function propagation(visitor: Browser, label: string, targets: Array<{ name: string; url: string }>, path: string, since: number, shows: (answer: Answer) => boolean) {
  const seen = await Promise.all(
    targets.map(async (target) => {
      const answer = await pollUntil(async () => {
        const one = await visitor.request(target.url, path);
        return { ...one, ok: shows(one) };
      }, 10_000);
      const asked = Math.round(answer.sentAt - since);
      figures.push(`  ${label} on ${target.name}: asked ${asked} ms, answered ${Math.round(answer.doneAt - since)} ms after the save's answer`);
      return { target: target.name, shown: answer.ok, asked };
    }),
  );
  for (const one of seen) expect(one).toEqual({ target: one.target, shown: true, asked: expect.any(Number) });
  for (const one of seen) expect(one.asked).toBeLessThanOrEqual(PROPAGATION_MS);
}

const html = (answer: Answer) => (answer.status === 200 ? parseHtml(answer.text) : null);

describe('a change saved through one instance is served by every other within 1 s', () => {
  let editor: Browser;
  beforeAll(async () => {
    editor = await signedInEditor(db, base(0));
  });

  test('a price saved in the product editor on instance 0: product page and category list on 1 and 2, and through nginx', async () => {
    const category = await db
      .selectFrom('categories as c')
      .innerJoin('category_translations as t', (join) => join.onRef('t.category_id', '=', 'c.id').on('t.culture', '=', 'fr'))
      .select(['c.id', 't.slug'])
      .where('c.is_active', '=', 1)
      .where((eb) => eb.exists(eb.selectFrom('products').select('id').whereRef('products.category_id', '=', 'c.id').where('products.is_active', '=', 1)))
      .orderBy('c.depth', 'desc')
      .orderBy('c.id')
      .executeTakeFirstOrThrow();
    const listPath = categoryPath('fr', category.id, category.slug);
    const visitor = await returningVisitor();
    const listed = attributesOf(await visitor.page(base(0), listPath), '.product-card[data-product-id]', 'data-product-id');
    const productId = Number(listed[0]);
    const shopPath = await productUrl(db, productId);
    const product = await db.selectFrom('products').select('version').where('id', '=', productId).executeTakeFirstOrThrow();
    const variants = await db.selectFrom('product_variants').select(['id', 'price_incl_cents', 'is_active']).where('product_id', '=', productId).orderBy('position').orderBy('id').execute();
    const before = variants[0]!.price_incl_cents;
    const after = before + 123;
    const shownPrice = (page: Html | null) => (page ? spaced(textOf(page, '[data-bind="UnitPriceTaxInclHtml"]')) : '');
    const cardPrice = (page: Html | null) => (page ? spaced(textsOf(page, `.product-card[data-product-id="${productId}"] .product-card-price`).join(' ')) : '');
    await warm(visitor, [0, 1, 2], shopPath, (page) => shownPrice(page) !== euros(after));
    await warm(visitor, [0, 1, 2], listPath, (page) => cardPrice(page) !== '');
    // Changed behind the caches' back: the kept pages still show the old price, so a stale copy is there
    // to be cleared (without the clear across instances they would show it for their whole 30 s).
    await db.updateTable('product_variants').set({ price_incl_cents: before + 1 }).where('id', '=', variants[0]!.id).execute();
    for (const index of [1, 2]) expect(shownPrice(await visitor.page(base(index), shopPath))).toBe(euros(before));

    await editor.page(base(0), `/fr/backoffice/products/${productId}`);
    const fields: Record<string, string> = { Version: String(product.version) };
    variants.forEach((variant, index) => (fields[`Variants.${variant.id}.PriceIncl`] = typed(index === 0 ? after : variant.price_incl_cents)));
    const saved = await editor.post(base(0), `/fr/backoffice/products/${productId}`, fields);
    expect([saved.status, saved.location]).toEqual([303, `/fr/backoffice/products/${productId}`]);
    const since = saved.doneAt;
    const { price_from_cents: lowest } = await db.selectFrom('products').select('price_from_cents').where('id', '=', productId).executeTakeFirstOrThrow();

    const others = [named(1), named(2)];
    await propagation(visitor, 'price, product page', others, shopPath, since, (answer) => shownPrice(html(answer)) === euros(after));
    await propagation(visitor, 'price, category list', others, listPath, since, (answer) => cardPrice(html(answer)).includes(euros(Number(lowest))));
    const through = [named(0), { name: 'nginx', url: cluster.url }];
    await propagation(visitor, 'price, product page', through, shopPath, since, (answer) => shownPrice(html(answer)) === euros(after));
  });

  test('a banner, a menu item and a page published through instance 1 appear on instances 0 and 2', async () => {
    const run = Date.now().toString(36);
    const visitor = await returningVisitor();
    const others = [named(0), named(2)];

    const title = `Soldes ${run}`;
    const banners = (answer: Answer) => (html(answer) ? textsOf(html(answer)!, '[data-banner] .site-banner-title') : []);
    await warm(visitor, [0, 2], '/fr/about', (page) => !textsOf(page, '[data-banner] .site-banner-title').includes(title));
    await editor.page(base(1), '/fr/backoffice/popups/new');
    const banner = await editor.post(base(1), '/fr/backoffice/popups', {
      Version: '1', Kind: 'banner', StartsAt: '2020-01-01T00:00', EndsAt: '2099-01-01T00:00', CountdownEnd: '', Dismissible: 'true',
      LinkPageId: '', LinkProductId: '', Culture_fr: 'true', Title_fr: title, Text_fr: 'Jusqu\'à -50 %', LinkUrl_fr: '/fr/catalog', LinkLabel_fr: 'En profiter',
    });
    expect(banner.status).toBe(303);
    await propagation(visitor, 'banner', others, '/fr/about', banner.doneAt, (answer) => banners(answer).includes(title));

    const url = `https://example.com/cluster-${run}`;
    const menu = await db.selectFrom('menus').select(['id', 'version']).where('code', '=', 'main').executeTakeFirstOrThrow();
    const links = (page: Html | null) => (page ? attributesOf(page, '#main-navigation a', 'href') : []);
    await warm(visitor, [0, 2], '/fr/faq', (page) => !links(page).includes(url));
    await editor.page(base(1), `/fr/backoffice/menus/${menu.id}`);
    const labels = { Label_fr: `Soldes ${run}`, Label_nl: '', Label_es: '', Label_de: '', Label_it: '', Label_pt: '' };
    const item = await editor.post(base(1), `/fr/backoffice/menus/${menu.id}/items`, { Kind: 'url', TargetId: '', Url: url, Version: String(menu.version), ...labels });
    expect(item.status).toBe(303);
    await propagation(visitor, 'menu item', others, '/fr/faq', item.doneAt, (answer) => links(html(answer)).includes(url));

    await editor.page(base(1), '/fr/backoffice/pages');
    const created = await editor.post(base(1), '/fr/backoffice/pages', { PageKey: `cluster-${run}`, Title: `Grappe ${run}`, Slug: '' });
    expect(created.status).toBe(303);
    const pageId = Number(/\/backoffice\/pages\/(\d+)/.exec(created.location)![1]);
    const slug = `grappe-${run}`;
    const pageFields = (version: number, heading: string) => ({ Language: 'fr', Version: String(version), Title: heading, Slug: slug, Summary: 'Résumé', BodyHtml: '<p>Corps</p>', Status: 'published', PublishAt: '', UnpublishAt: '' });
    for (const index of [0, 2]) expect((await visitor.request(base(index), `/fr/${slug}`)).status).toBe(404);
    const published = await editor.post(base(1), `/fr/backoffice/pages/${pageId}`, pageFields(1, `Grappe ${run}`));
    expect(published.status).toBe(303);
    const heading = (answer: Answer) => (html(answer) ? textOf(html(answer)!, 'h1') : '');
    await propagation(visitor, 'page published', others, `/fr/${slug}`, published.doneAt, (answer) => heading(answer) === `Grappe ${run}`);
    await warm(visitor, [0, 2], `/fr/${slug}`, (page) => textOf(page, 'h1') === `Grappe ${run}`);
    await db.updateTable('page_translations').set({ title: 'Dans le dos' }).where('page_id', '=', pageId).execute();
    for (const index of [0, 2]) expect(textOf(await visitor.page(base(index), `/fr/${slug}`), 'h1')).toBe(`Grappe ${run}`);
    const renamed = await editor.post(base(1), `/fr/backoffice/pages/${pageId}`, pageFields(2, `Renommée ${run}`));
    expect(renamed.status).toBe(303);
    await propagation(visitor, 'page renamed', others, `/fr/${slug}`, renamed.doneAt, (answer) => heading(answer) === `Renommée ${run}`);
  });

  test('an image uploaded through instance 0 is served by 1, 2 and nginx with the same bytes; a rendition too', async () => {
    await editor.page(base(0), '/fr/backoffice');
    const form = new FormData();
    form.append('files', new Blob([new Uint8Array(await image(640, 480))], { type: 'image/jpeg' }), 'cluster.jpg');
    const uploaded = await editor.request(base(0), '/api/v1/assetslibrary/assets/upload?culture=fr', { body: form, headers: { 'X-CSRF-Token': editor.token } });
    expect(uploaded.status).toBe(200);
    const [asset] = JSON.parse(uploaded.text) as Array<{ Uri: string; AssetId: number }>;
    const anyone = new Browser();
    const original = await anyone.request(base(0), asset!.Uri);
    expect([original.status, original.headers.get('content-type')]).toEqual([200, 'image/jpeg']);
    // The asset's key (server/assets/keys.ts) is in every address the server writes: the Uri's query.
    const rendition = `/assets/${asset!.AssetId}/320x320/cluster.jpg${new URL(asset!.Uri, 'http://site.invalid').search}`;
    const webp = { headers: { Accept: 'image/webp,*/*' } };
    const drawn = await anyone.request(base(1), rendition, webp);
    expect([drawn.status, drawn.headers.get('content-type')]).toEqual([200, 'image/webp']);
    for (const url of [base(1), base(2), cluster.url]) {
      const copy = await anyone.request(url, asset!.Uri);
      expect([copy.status, copy.headers.get('content-type'), copy.body.equals(original.body)]).toEqual([200, 'image/jpeg', true]);
    }
    for (const url of [base(2), base(0), cluster.url]) {
      const copy = await anyone.request(url, rendition, webp);
      expect([copy.status, copy.headers.get('content-type'), copy.body.equals(drawn.body)]).toEqual([200, 'image/webp', true]);
    }
  });
});

/** A variant with the default quantity rules and enough stock for a few units. */
async function plainVariant(): Promise<{ id: number; sku: string }> {
  const plain = new Set((await db.selectFrom('products').select('id').where('min_qty', '=', 1).where('step_qty', '=', 1).where('max_qty', '=', 0).execute()).map((row) => row.id));
  const found = (await seedVariants(db, 120)).find(
    (variant) => plain.has(variant.productId) && (variant.stockState === 'NoManagement' || variant.stockQuantity >= 20) && variant.stockMode !== 'OnOrder',
  );
  if (!found) throw new Error('The demo seed has no such variant');
  return found;
}

async function checkout(visitor: Browser, url: string): Promise<string> {
  const page = await visitor.page(url, '/fr/checkout');
  const [country, method] = await Promise.all([
    db.selectFrom('countries').select('id').where('code', '=', 'FR').executeTakeFirstOrThrow(),
    db.selectFrom('shipping_methods').select('id').where('code', '=', 'express').executeTakeFirstOrThrow(),
  ]);
  const answer = await visitor.post(url, '/fr/checkout', {
    IdempotencyKey: attributeOf(page, 'input[name="IdempotencyKey"]', 'value') ?? '',
    Email: `cluster-${Date.now()}@example.com`, AccountType: 'Private', BillingFirstName: 'Anne', BillingLastName: 'Martin', BillingStreet1: '1 rue de la Paix',
    BillingPostalCode: '75002', BillingCity: 'Paris', BillingCountry: String(country.id), SameAddressForShipping: 'true', ShippingMethodId: String(method.id), PaymentMethod: 'BankTransfer',
  });
  const match = /^\/fr\/orders\/confirmation\/(\d{4}-\d{6})$/.exec(answer.location);
  if (answer.status !== 303 || !match) throw new Error(`Checkout on ${url} answered ${answer.status} ${answer.location}`);
  return match[1]!;
}

async function addToCart(visitor: Browser, url: string, variantId: number): Promise<void> {
  await visitor.page(url, '/fr/');
  const added = await visitor.post(url, '/api/v1/catalog/products/addtocart', { ProductVariantId: String(variantId), Quantity: '1', Name: 'n' });
  expect(added.status).toBe(303);
}

describe('a visitor goes from one instance to another', () => {
  test('a cart started on instance 0 is seen on 1 and 2, changed on 2 and checked out on 1: the order has its line', async () => {
    const variant = await plainVariant();
    const visitor = new Browser();
    await addToCart(visitor, base(0), variant.id);
    let itemId = '';
    for (const index of [1, 2]) {
      const cart = await visitor.page(base(index), '/fr/shoppingcarts');
      expect(textsOf(cart, '.cart-line-sku')).toEqual([variant.sku]);
      itemId = attributeOf(cart, '[data-cart-quantity]', 'data-cart-quantity')!;
    }
    const changed = await visitor.post(base(2), `/fr/shoppingcarts/shoppingcartitems/${itemId}`, { [`Quantity[${itemId}]`]: '3' });
    expect(changed.status).toBe(303);
    expect(attributeOf(await visitor.page(base(1), '/fr/shoppingcarts'), `[data-cart-quantity="${itemId}"]`, 'value')).toBe('3');

    const number = await checkout(visitor, base(1));
    const order = await db.selectFrom('orders').select(['id', 'state']).where('number', '=', number).executeTakeFirstOrThrow();
    const lines = await db.selectFrom('order_lines').select(['variant_id', 'quantity']).where('order_id', '=', order.id).execute();
    expect(lines).toEqual([{ variant_id: variant.id, quantity: 3 }]);
    expect((await visitor.request(base(2), `/fr/orders/confirmation/${number}`)).status).toBe(200);
    expect(textsOf(await visitor.page(base(0), '/fr/shoppingcarts'), '.cart-line-sku')).toEqual([]);
  });

  test("a customer signed in through instance 0 is signed in on 1, 2 and through nginx (sessions in Redis)", async () => {
    const customer = new Browser();
    await customer.page(base(0), '/fr/security/login');
    const signedIn = await customer.post(base(0), '/fr/security/login', { Email: 'customer@example.com', Password: 'Customer-Demo-2026' });
    expect(signedIn.status).toBe(303);
    for (const url of [base(1), base(2), cluster.url, base(0)]) {
      const account = await customer.request(url, '/fr/account');
      expect([url, account.status]).toEqual([url, 200]);
    }
    expect((await new Browser().request(base(1), '/fr/account')).status).toBe(303);
  });
});

describe('background work runs once across the instances', () => {
  test('an order placed through nginx is mailed once', async () => {
    const visitor = new Browser();
    await addToCart(visitor, cluster.url, (await plainVariant()).id);
    const number = await checkout(visitor, cluster.url);
    const mails = () => readOutbox(cluster.dataDir).filter((message) => message.raw.includes(number));
    const end = Date.now() + 30_000;
    while (mails().length === 0 && Date.now() < end) await pause(200);
    expect(mails().length).toBeGreaterThan(0);
    // Several more intervals of the mail sweep on three instances: none may write it again.
    await pause(4 * INTERVAL_MS);
    const sent = mails().map((message) => `${message.to} | ${message.subject}`);
    figures.push(`  order ${number}: ${sent.length} mail(s): ${sent.join('; ')}`);
    expect(new Set(sent).size).toBe(sent.length);
  });

  test('every job ran at most once per interval across the three instances (job_runs)', async () => {
    const wait = jobsFrom + 8 * INTERVAL_MS - Date.now();
    if (wait > 0) await pause(wait);
    const until = Date.now();
    const runs = await db.selectFrom('job_runs').select(['name', 'instance', 'started_at']).where('started_at', '>=', jobsFrom).where('started_at', '<=', until).orderBy('started_at').execute();
    const window = until - jobsFrom;
    const bound = Math.floor(window / INTERVAL_MS) + 1;
    const byJob = new Map<string, Array<{ instance: string; at: number }>>();
    for (const run of runs) byJob.set(run.name, [...(byJob.get(run.name) ?? []), { instance: run.instance, at: Number(run.started_at) }]);
    figures.push(`  jobs over ${window} ms at ${INTERVAL_MS} ms intervals (at most ${bound} runs each):`);
    for (const [name, list] of byJob) {
      const instances = [...new Set(list.map((run) => run.instance))].sort().join(', ');
      const gaps = list.slice(1).map((run, index) => run.at - list[index]!.at);
      figures.push(`    ${name}: ${list.length} runs by ${instances}; shortest gap ${gaps.length ? Math.min(...gaps) : '-'} ms`);
    }
    expect(byJob.size).toBeGreaterThan(0);
    for (const [name, list] of byJob) expect([name, list.length <= bound]).toEqual([name, true]);
  });
});

/** Bytes a stopped process has not read yet on its accepted connections (/proc/net/tcp*, rx_queue). */
function unreadBytes(port: number): number {
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
  return ['/proc/net/tcp', '/proc/net/tcp6']
    .flatMap((file) => readFileSync(file, 'utf8').trim().split('\n').slice(1))
    .map((line) => line.trim().split(/\s+/))
    .filter(([, local, , state]) => local!.endsWith(`:${hexPort}`) && state === '01')
    .reduce((sum, fields) => sum + parseInt(fields[4]!.split(':')[1]!, 16), 0);
}

// Last, since it takes an instance away (nginx then skips it for 10 s).
describe('nginx and a killed instance', () => {
  test('a page asked through nginx from an instance killed -9 while it holds the request is answered whole by another (200)', async () => {
    const target = cluster.instances[2]!;
    const visitor = await returningVisitor();
    process.kill(target.pid()!, 'SIGSTOP');
    let held: Promise<Answer> | null = null;
    for (let attempt = 0; attempt < 30 && !held; attempt++) {
      const answer = visitor.request(cluster.url, '/fr/about');
      let settled = false;
      void answer.then(() => (settled = true), () => (settled = true));
      while (!settled && unreadBytes(target.port) === 0) await pause(20);
      if (!settled) held = answer;
    }
    await target.kill('SIGKILL');
    expect(held).not.toBeNull();
    const answer = await held!;
    const upstreams = answer.headers.get('x-upstream')!.split(', ');
    figures.push(`  GET held by a killed instance: ${answer.status} from ${upstreams.join(' then ')}`);
    expect(answer.status).toBe(200);
    expect(upstreams[0]).toBe(`127.0.0.1:${target.port}`);
    expect(upstreams.length).toBeGreaterThan(1);
    expect(parseHtml(answer.text).querySelector('h1')).not.toBeNull();
  });
});
