// Issue 28, item 5: the probe scripts' spirit kept in the HTTP tests. Every staff and back-office route,
// found in the app's own Express router stack (so a route added later is covered without being listed
// here), against every role that must not pass: a visitor, a customer, staff on the back office, an
// editor (with two-factor, so the refusal is the role's) on the staff tools and the administrators'
// pages. Path parameters are real ids of the seeded database (plus an order, a payment, a refund request,
// a folder, a popup and a revision made here); posts carry the session's valid CSRF token, so the refusal
// is the role check's. Never a 2xx or a 5xx: a visitor is sent to log in (303) or refused (401/403/404),
// a signed-in wrong role gets 403 or 404; and the database is the same after the whole matrix.
import { createHash } from 'node:crypto';
import os from 'node:os';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { createApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import type { Database } from '../../server/db/schema';
import { createLogger } from '../../server/logger';
import { createItem } from '../../server/popups/data';
import { pageSnapshot } from '../../server/content/editor-data';
import { useTestApp } from '../support/app';
import { type Agent, demo, signedIn, visitor } from './accounts-helpers';
import { signedInEditor } from './backoffice-helpers';
import { paidCardOrderOf } from './prepaid-helpers';

// ---------------------------------------------------------------------------------------------------
// The routes, read from the router stack. Jest names its tests before any hook runs, so they are read
// from an app built the same way over an empty in-memory database (createApp reads nothing at build
// time); a test below checks the file's real test app has the very same routes.

type Method = 'get' | 'post' | 'put' | 'delete' | 'patch';
type Guard = 'staff' | 'backoffice' | 'administrator';
type Role = 'anonymous' | 'customer' | 'staff' | 'editor';

interface Layer {
  rawPath?: unknown;
  route?: { methods: Record<string, boolean> };
  handle?: { stack?: Layer[] };
}

/**
 * Concrete paths tried against a layer mounted on a RegExp (none today; path-to-regexp 8 strings
 * everywhere): whatever such a layer matches of these is covered as a mounted middleware.
 */
const regexpFallbacks = ['/backoffice', '/backoffice/editors', '/staff', '/assetslibrary', '/api/v1/assetslibrary', '/api/v1/sales/customers', '/system/init', '/assets/croptempimg'];

/** Every [method, pattern] of the stack; a middleware mounted on a path of its own is 'all'. */
function routesOf(stack: Layer[], prefix = '', found = new Map<string, [string, string]>()): Map<string, [string, string]> {
  const add = (method: string, pattern: string) => found.set(`${method} ${pattern}`, [method, pattern]);
  for (const layer of stack) {
    const raw = layer.rawPath === undefined ? ['/'] : Array.isArray(layer.rawPath) ? layer.rawPath : [layer.rawPath];
    for (const path of raw) {
      if (path instanceof RegExp) {
        for (const probe of regexpFallbacks) if (path.test(probe)) add('all', prefix + probe);
        continue;
      }
      if (typeof path !== 'string') continue;
      const joined = path === '/' ? prefix : prefix + path;
      if (layer.route) for (const method of Object.keys(layer.route.methods)) add(method, joined || '/');
      else if (layer.handle?.stack) routesOf(layer.handle.stack, joined, found);
      else if (path !== '/') add('all', joined);
    }
  }
  return found;
}

/** Which guard a path must pass, or null for the rest of the site. */
function guardOf(pattern: string): Guard | null {
  if (/^\/:culture\/backoffice\/editors(\/|$)/.test(pattern)) return 'administrator';
  if (/^\/:culture\/(backoffice|assetslibrary)(\/|$)/.test(pattern) || /^\/(api\/v1\/assetslibrary|assets\/croptempimg)(\/|$)/.test(pattern)) return 'backoffice';
  if (/^\/:culture\/(staff|system\/init)(\/|$)/.test(pattern) || /^\/:culture\/sales\/order\/ChangeDeliveryAddressRequest$/.test(pattern)) return 'staff';
  // The staff's customer search (checkisvatvalid beside it is the checkout's public VAT check) and restock.
  if (/^\/api\/v1\/sales\/customers(\/(?!checkisvatvalid$).*)?$/.test(pattern) || /^\/api\/v1\/catalog\/stock\/restock$/.test(pattern)) return 'staff';
  return null;
}

const refusedRoles: Record<Guard, Role[]> = {
  staff: ['anonymous', 'customer', 'editor'],
  backoffice: ['anonymous', 'customer', 'staff'],
  administrator: ['anonymous', 'customer', 'staff', 'editor'],
};

/**
 * The guarded requests: a mounted middleware ('all', e.g. the guard's own router.use) is asked with GET
 * and POST on its own path (unless a route already answers that method there).
 */
function guardedRequests(stack: Layer[]): [Method, string, Guard, 'route' | 'mount'][] {
  const requests = new Map<string, [Method, string, Guard, 'route' | 'mount']>();
  const found = [...routesOf(stack).values()];
  for (const [method, pattern] of found.filter(([one]) => one !== 'all').concat(found.filter(([one]) => one === 'all'))) {
    const guard = guardOf(pattern);
    if (!guard) continue;
    for (const one of method === 'all' ? (['get', 'post'] as Method[]) : [method as Method]) {
      if (!requests.has(`${one} ${pattern}`)) requests.set(`${one} ${pattern}`, [one, pattern, guard, method === 'all' ? 'mount' : 'route']);
    }
  }
  return [...requests.values()].sort((a, b) => a[1].localeCompare(b[1]) || a[0].localeCompare(b[0]));
}

function stackOf(app: ReturnType<typeof createApp>): Layer[] {
  return (app as unknown as { router: { stack: Layer[] } }).router.stack;
}

function routeMapApp() {
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: os.tmpdir() });
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: new SQLite(':memory:') }) });
  return { app: createApp({ config, db, dialect: 'sqlite', logger: createLogger(config), redis: null }), db };
}

const routeMap = routeMapApp();
const requests = guardedRequests(stackOf(routeMap.app));
const table = requests.flatMap(([method, pattern, guard]) => refusedRoles[guard].map((role) => [method.toUpperCase(), pattern, role] as const));

// ---------------------------------------------------------------------------------------------------

const testApp = useTestApp();
const sessions = {} as Record<Role, { agent: Agent; token: string }>;
const params: Record<string, string> = {};
/** :id by the section it follows (the pattern before it, without /:culture). */
const idBySection: Record<string, string> = {};

/** A pattern without its optional groups, its wildcards filled. */
const baseOf = (pattern: string) => pattern.replace(/\{[^{}]*\}/g, '').replace(/\*[A-Za-z_$][\w$]*/g, 'x');

/** The value of a parameter: :id by the section before it (without /:culture), the others by name. */
function valueOf(base: string, name: string, offset: number): string | undefined {
  if (name !== 'id') return params[name];
  return idBySection[base.slice(0, offset).replace(/^\/:culture/, '').replace(/\/$/, '')];
}

/** The parameters of a pattern nobody gave a value (they get 1). */
function defaultedOf(pattern: string): string[] {
  const base = baseOf(pattern);
  return [...base.matchAll(/:([A-Za-z_$][\w$]*)/g)].filter((match) => valueOf(base, match[1], match.index) === undefined).map((match) => match[1]);
}

/** The path of a pattern, its parameters filled with real ids (1 for a parameter nobody knows). */
function filled(pattern: string): string {
  const base = baseOf(pattern);
  return base.replace(/:([A-Za-z_$][\w$]*)/g, (_whole, name: string, offset: number) => valueOf(base, name, offset) ?? '1');
}

/** What a request must send beside the path: the staff tools' own query and form fields. */
function extraFields(pattern: string): Record<string, string> {
  if (pattern.endsWith('/ChangeDeliveryAddressRequest')) return { OrderNumber: params.number };
  if (pattern.endsWith('/customers')) return { q: 'customer' };
  if (pattern.endsWith('/blocks/new')) return { type: 'rich-text' };
  return {};
}

function send(agent: Agent, token: string, method: Method, pattern: string) {
  const path = filled(pattern);
  const fields = extraFields(pattern);
  if (method === 'get') return agent.get(path).query(fields);
  return agent[method](path).set('X-CSRF-Token', token).type('form').send({ _csrf: token, ...fields });
}

const minOf = async (tableName: keyof Database, where?: [string, number]) => {
  let query = testApp.db.selectFrom(tableName as 'pages').select((eb) => eb.fn.min<number>('id').as('id'));
  if (where) query = query.where(where[0] as 'id', '=', where[1]);
  const row = await query.executeTakeFirst();
  if (row?.id == null) throw new Error(`No row in ${tableName}`);
  return Number(row.id);
};

async function makeFixtures(): Promise<void> {
  const { db } = testApp;
  const customer = await db.selectFrom('users').select(['id', 'email']).where('email', '=', demo.customer.email).executeTakeFirstOrThrow();
  const editor = await db.selectFrom('users').select('id').where('email', '=', demo.editor.email).executeTakeFirstOrThrow();
  const order = await paidCardOrderOf(testApp, { userId: customer.id, email: customer.email });
  const now = Date.now();
  const line = order.lineIds[0];
  const { id: refundId } = await db
    .insertInto('refund_requests')
    .values({ order_id: order.orderId, user_id: customer.id, state: 'Requested', currency: 'EUR', amount_cents: 1250, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.insertInto('refund_request_lines').values({ request_id: refundId, order_line_id: line, quantity: 1, unit_incl_cents: 1250, amount_cents: 1250 }).execute();
  const { id: folderId } = await db.insertInto('asset_folders').values({ parent_id: null, name: 'Roles probe', created_at: now }).returning('id').executeTakeFirstOrThrow();
  const popupId = await createItem(db, {
    input: { kind: 'banner', startsAt: now - 1000, endsAt: now + 86_400_000, cultures: [], countdownEnd: null, dismissible: true, linkPageId: null, linkProductId: null, position: 1, texts: { fr: { title: 'Sonde', text: 'Sonde', linkUrl: '', linkLabel: '', assetId: null } } },
    now,
  });
  const block = await db.selectFrom('page_blocks').select(['id', 'page_id']).orderBy('id').executeTakeFirstOrThrow();
  const snapshot = await pageSnapshot(db, block.page_id);
  const { id: revisionId } = await db
    .insertInto('revisions')
    .values({ entity: 'page', entity_id: block.page_id, version: 1, snapshot: JSON.stringify(snapshot), user_id: editor.id, created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  const menuItem = await db.selectFrom('menu_items').select(['id', 'menu_id']).orderBy('id').executeTakeFirstOrThrow();
  Object.assign(params, {
    culture: 'fr',
    number: order.number,
    paymentId: String(order.paymentId),
    blockId: String(block.id),
    revisionId: String(revisionId),
    revision: String(revisionId),
    itemId: String(menuItem.id),
    folderId: String(folderId),
    rootFolderId: String(folderId),
    assetId: String(await minOf('assets')),
    entity: 'page',
  });
  const sections: Record<string, keyof Database> = {
    '/backoffice/news': 'news_posts',
    '/backoffice/news/categories': 'news_categories',
    '/backoffice/faq': 'faq_entries',
    '/backoffice/faq/categories': 'faq_categories',
    '/backoffice/projects': 'projects',
    '/backoffice/projects/categories': 'project_categories',
    '/backoffice/home/sliders': 'home_banners',
    '/backoffice/home/slides': 'home_slides',
    '/backoffice/home/partners': 'home_partners',
    '/backoffice/home/testimonies': 'home_testimonies',
    '/backoffice/home/image-maps': 'image_map_banners',
    '/backoffice/home/hotspots': 'image_map_hotspots',
    '/backoffice/products': 'products',
  };
  for (const [section, tableName] of Object.entries(sections)) idBySection[section] = String(await minOf(tableName));
  Object.assign(idBySection, {
    '/backoffice/pages': String(block.page_id),
    '/backoffice/previews/:entity': String(block.page_id),
    '/backoffice/popups': String(popupId),
    '/backoffice/menus': String(menuItem.menu_id),
    '/backoffice/editors': String(editor.id),
    '/staff/customers': String(customer.id),
    '/staff/refunds': String(refundId),
  });
}

/**
 * The database's fingerprint: per table (all but the sessions, which every sign-in and anonymous form
 * token writes), its row count and a hash of its rows, whatever their order.
 */
async function fingerprint(): Promise<Record<string, string>> {
  const { db } = testApp;
  const schema = testApp.config.DATABASE_URL ? (await sql<{ name: string }>`select current_schema() as name`.execute(db)).rows[0].name : undefined;
  const tables = (await db.introspection.getTables()).filter((one) => (schema ? one.schema === schema : true) && one.name !== 'sessions');
  const prints: Record<string, string> = {};
  for (const { name } of tables) {
    const rows = (await sql<Record<string, unknown>>`select * from ${sql.table(name)}`.execute(db)).rows;
    const lines = rows.map((row) => JSON.stringify(row, (_key, value) => (Buffer.isBuffer(value) ? createHash('sha256').update(value).digest('hex') : typeof value === 'bigint' ? String(value) : value))).sort();
    prints[name] = `${rows.length} ${createHash('sha256').update(lines.join('\n')).digest('hex')}`;
  }
  return prints;
}

let before: Record<string, string> = {};

beforeAll(async () => {
  await routeMap.db.destroy();
  await makeFixtures();
  sessions.anonymous = await visitor(testApp, '/fr/security/login');
  sessions.customer = await signedIn(testApp, demo.customer);
  sessions.staff = await signedIn(testApp, demo.staff);
  sessions.editor = await signedInEditor(testApp);
  before = await fingerprint();
}, 60_000);

describe('the matrix itself', () => {
  test('the routes come from the router stack: the real app has the same, and the known staff and back-office routes are among them', () => {
    expect(guardedRequests(stackOf(testApp.app))).toEqual(requests);
    const names = requests.map(([method, pattern]) => `${method} ${pattern}`);
    expect(names).toEqual(
      expect.arrayContaining([
        'get /:culture/backoffice',
        'post /:culture/backoffice/editors/:id/remove',
        'post /:culture/backoffice/pages/:id/revisions/:revisionId/restore',
        'post /:culture/backoffice/assets/folders/:folderId/delete',
        'get /api/v1/assetslibrary/folders/hierarchy',
        'get /api/v1/sales/customers',
        'post /:culture/staff/customers/:id/edit',
        'post /:culture/staff/orders/:number/payments/:paymentId/refunded',
        'post /:culture/staff/refunds/:id/refund',
        'post /:culture/sales/order/ChangeDeliveryAddressRequest',
        'post /api/v1/catalog/stock/restock',
      ]),
    );
    expect(names).not.toContain('get /api/v1/sales/customers/checkisvatvalid');
    expect(requests.length).toBeGreaterThan(150);
  });

  test('every filled path names real rows: no parameter is left to the default', () => {
    const defaulted = requests.map(([, pattern]) => pattern).filter((pattern) => defaultedOf(pattern).length > 0);
    // The crop preview's temporary file and rectangle are not rows: any value goes.
    expect(defaulted.filter((pattern) => !pattern.startsWith('/assets/croptempimg/'))).toEqual([]);
  });

  test.each(['anonymous', 'customer', 'staff', 'editor'] as Role[])("the %s session's CSRF token is valid (so a refusal below is the role's)", async (role) => {
    const { agent, token } = sessions[role];
    expect((await agent.post('/fr/no-such-address-roles-probe').type('form').send({ _csrf: token })).status).toBe(404);
    expect((await agent.post('/fr/no-such-address-roles-probe').type('form').send({ _csrf: 'not-the-token' })).status).toBe(403);
  });
});

describe('every refused role against every staff and back-office route', () => {
  test.each(table)('%s %s as %s is refused', async (method, pattern, role) => {
    const { agent, token } = sessions[role];
    const answer = await send(agent, token, method.toLowerCase() as Method, pattern);
    const seen = `${answer.status} ${answer.headers.location ?? ''}`.trim();
    if (role === 'anonymous') expect(seen).toMatch(/^(303 \/fr\/security\/login(\?returnUrl=[^ ]*)?|401|403|404)$/);
    else expect(seen).toMatch(/^(403|404)$/);
  });

  test('the database is the same after the whole matrix', async () => {
    const written = ['users', 'user_roles', 'email_changes', 'audit_log', 'revisions', 'pages', 'page_blocks', 'news_posts', 'faq_entries', 'projects', 'popups', 'menu_items', 'home_slides', 'products', 'product_variants', 'variant_stock', 'assets', 'asset_folders', 'orders', 'payments', 'refund_requests', 'prepaid_accounts', 'carts', 'stock_notifications'];
    expect(Object.keys(before)).toEqual(expect.arrayContaining(written));
    expect(await fingerprint()).toEqual(before);
  });
});

// After the fingerprint (an allowed page may write, e.g. a preview link's generation): the same paths
// reach their routes for the roles allowed there, so the refusals above are the guards' and not the
// 404 of a path that names no row.
describe('the allowed roles reach every GET of the matrix', () => {
  const allowed = {} as Record<'staff' | 'administrator', { agent: Agent; token: string }>;
  beforeAll(async () => {
    allowed.staff = sessions.staff;
    allowed.administrator = await signedInEditor(testApp, ['administrator']);
  });

  // Left out: a guard's bare mount path (no route there) and the crop preview (its parameters are a
  // temporary file and a rectangle, not rows).
  const gets = requests.filter(([method, pattern, , kind]) => method === 'get' && kind === 'route' && !pattern.startsWith('/assets/croptempimg/'));

  test.each(gets.map(([, pattern, guard]) => [pattern, guard === 'staff' ? 'staff' : 'administrator'] as const))('GET %s as %s', async (pattern, role) => {
    const answer = await send(allowed[role].agent, allowed[role].token, 'get', pattern);
    // A section whose items have no visitor's page (partners, slides, popups...) has no preview: 404.
    if (pattern.endsWith('/:id/preview') && answer.status === 404) return;
    expect(answer.status).toBeLessThan(400);
  });
});
