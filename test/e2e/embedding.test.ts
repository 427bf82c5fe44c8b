// An integrator's page on another origin embeds the FAQ and a news list with the snippets of
// docs/embedding.md (taken from that file): allowed by WIDGET_ORIGINS they render there; from an
// origin not on the list the browser lets the page read neither.
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { SHOP_TIME_ZONE } from '../../server/shared/time-zone';
import { startTestServer } from '../support/app';
import { launchBrowser } from './support/browser';

jest.setTimeout(90_000);

const root = path.resolve(__dirname, '../..');
const htmxFile = path.join(root, 'node_modules/htmx.org/dist/htmx.min.js');

/** The html blocks of docs/embedding.md marked <!-- embedding-snippet: name -->. */
function snippets(): Record<string, string> {
  const doc = readFileSync(path.join(root, 'docs/embedding.md'), 'utf8');
  const found = [...doc.matchAll(/<!-- embedding-snippet: (\w+) -->\n```html\n([\s\S]*?)```/g)];
  return Object.fromEntries(found.map((match) => [match[1], match[2]]));
}

const pageHtml = { value: '' };

/** A plain server on another loopback port (another origin): the integrator's page and its htmx copy. */
async function integrator(): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => {
    if (req.url === '/js/htmx.min.js') return void res.writeHead(200, { 'Content-Type': 'text/javascript' }).end(readFileSync(htmxFile));
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(pageHtml.value);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

/** Resolves once check() is true, polling every 50 ms; fails after timeoutMs. */
async function eventually(check: () => boolean, timeoutMs = 10_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > until) throw new Error(`Not so after ${timeoutMs} ms: ${check.toString()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

let shop: Awaited<ReturnType<typeof startTestServer>>;
let browser: Browser;
let partner: Awaited<ReturnType<typeof integrator>>;
let stranger: Awaited<ReturnType<typeof integrator>>;

beforeAll(async () => {
  // The origins exist before the shop starts, so the shop can be told which one is allowed.
  partner = await integrator();
  stranger = await integrator();
  shop = await startTestServer({ WIDGET_ORIGINS: partner.url });
  browser = await launchBrowser();
  pageHtml.value = await integratorPage();
});

afterAll(async () => {
  await browser?.close();
  await shop?.close();
  for (const side of [partner, stranger]) await new Promise((resolve) => side?.server.close(resolve));
});

/** The first two FAQ categories, and a day with visible news in the shop's time zone. */
async function integratorPage(): Promise<string> {
  const categories = await shop.db.selectFrom('faq_categories').select('id').where('status', '=', 'published').orderBy('position').limit(2).execute();
  const post = await shop.db
    .selectFrom('news_posts')
    .select('posted_at')
    .where('status', '=', 'published')
    .where('publish_at', '<=', Date.now())
    .where('unpublish_at', 'is', null)
    .where('posted_at', '<=', Date.now())
    .orderBy('posted_at', 'desc')
    .executeTakeFirstOrThrow();
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: SHOP_TIME_ZONE }).format(new Date(Number(post.posted_at)));
  const { fetch, htmx } = snippets();
  const faq = fetch.replace('/widget/faq/1,2?', `/widget/faq/${categories.map((row) => row.id).join(',')}?`);
  const news = htmx.replace('/0/false/3/2026-11-20?', `/0/false/50/${day}?`);
  const body = `<section id="faq-slot">${faq}</section>\n<section id="news-slot">${news}</section>`;
  return `<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>Partner</title></head><body>${body.replaceAll('https://shop.example', shop.url)}</body></html>`;
}

async function openIntegrator(url: string): Promise<{ page: Page; consoleErrors: string[]; close: () => Promise<void> }> {
  const context = await browser.newContext();
  // A visitor of the shop: their cookie must not travel with, nor shape, an embedded fragment.
  await context.addCookies([{ name: 'sid', value: 'not-a-session', url: shop.url }]);
  const page = await context.newPage();
  const consoleErrors: string[] = [];
  page.on('console', (message) => message.type() === 'error' && consoleErrors.push(message.text()));
  await page.goto(url);
  return { page, consoleErrors, close: () => context.close() };
}

describe('widgets embedded by another site', () => {
  it('render the FAQ (fetch snippet) and a news list (htmx snippet) on an allowed origin', async () => {
    expect(pageHtml.value).toContain(`${shop.url}/widget/faq/`);
    const { page, consoleErrors, close } = await openIntegrator(partner.url);
    await page.waitForSelector('#faq-slot .faq details.faq-entry');
    expect(await page.locator('#faq-slot .faq-category-title').allTextContents()).toEqual(['Livraison', 'Retours et remboursements']);
    expect(await page.locator('#faq-slot details.faq-entry').count()).toBe(12);
    await page.click('#faq-slot details.faq-entry summary');
    expect(await page.locator('#faq-slot details.faq-entry[open]').count()).toBe(1);
    await page.waitForSelector('#news-slot .news-list .news-list-items li');
    expect(await page.locator('#news-slot .news-list-items li').count()).toBeGreaterThan(0);
    expect(await page.locator('[data-shop-widget-failed]').count()).toBe(0);
    expect(consoleErrors).toEqual([]);
    await close();
  });

  it('are not readable from an origin not on the list', async () => {
    const { page, consoleErrors, close } = await openIntegrator(stranger.url);
    await page.waitForSelector('#faq-slot [data-shop-widget][data-shop-widget-failed]');
    await page.waitForFunction(() => (window as unknown as { htmx?: unknown }).htmx !== undefined);
    await eventually(() => consoleErrors.some((text) => /CORS/.test(text) && /newslist/.test(text)));
    expect(await page.locator('.faq-entry, .news-list').count()).toBe(0);
    expect(await page.textContent('#faq-slot [data-shop-widget]')).toContain('Questions fréquentes');
    expect(await page.textContent('#news-slot [hx-get]')).toContain('Actualités');
    expect(consoleErrors.filter((text) => /CORS/.test(text) && /widget\/faq/.test(text))).toHaveLength(1);
    await close();
  });
});
