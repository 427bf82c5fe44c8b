// JavaScript budget per page type (gzip, zlib level 9), with the bytes as they travel beside it (the
// brotli twins the build writes and the server sends to browsers). Starts the real app over a fresh database,
// then measures each page two ways and gates on the larger:
//   static: the page's <script type=module> and <link rel=modulepreload> plus the manifest's static
//           imports of those entries;
//   loaded: every script Chromium actually fetched until the page was idle (adds the chunks that
//           behaviours load on start). Skipped, with a note, when Chromium is not installed.
// Usage: node scripts/check-budget.mjs    (builds static/dist first when it is missing)
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { require as tsRequire } from 'tsx/cjs/api';

const KB = 1024;
/** Limits in KB of gzip JavaScript. Add a page type or a representative URL here. */
const PAGES = [
  { type: 'content', path: '/fr/', limitKb: 20 },
  { type: 'content', path: '/fr/about', limitKb: 20 },
  { type: 'form', path: '/fr/security/login', limitKb: 75 },
  { type: 'form', path: '/fr/contact/form', limitKb: 75 },
  { type: 'catalog', path: '/fr/catalog', limitKb: 20, holds: '.product-card' },
  { type: 'catalog', path: '/fr/catalog/category/1/femme?filter=%7B%22Brands%22%3A%5B1%5D%7D&sort=price-asc', limitKb: 20, holds: '[data-facet-form]' },
  { type: 'catalog', path: '/fr/catalog?q=chemise', limitKb: 20, holds: '.product-card' },
  // Product pages (the id finds the page; its slug redirects): one with a 360 view, one with a countdown.
  { type: 'product', path: '/fr/catalog/product/6/p', limitKb: 24, holds: '[data-spin]' },
  { type: 'product', path: '/fr/catalog/product/12/p', limitKb: 24, holds: '[data-countdown]' },
];

const root = path.resolve(import.meta.dirname, '..');
const distDir = path.join(root, 'static/dist');

function ensureBuild() {
  if (!existsSync(path.join(distDir, 'manifest.json'))) {
    execFileSync(process.execPath, ['esbuild.config.mjs'], { cwd: root, stdio: 'inherit' });
  }
  return JSON.parse(readFileSync(path.join(distDir, 'manifest.json'), 'utf8'));
}

const gzipCache = new Map();
function gzipBytes(file) {
  if (!gzipCache.has(file)) gzipCache.set(file, gzipSync(readFileSync(path.join(distDir, file)), { level: 9 }).length);
  return gzipCache.get(file);
}

/** The bytes on the wire: the build's brotli twin (server/http/precompressed.ts serves it), else brotli 11 of the file. */
const brotliCache = new Map();
function brotliBytes(file) {
  if (!brotliCache.has(file)) {
    const twin = path.join(distDir, `${file}.br`);
    const bytes = existsSync(twin)
      ? readFileSync(twin).length
      : brotliCompressSync(readFileSync(path.join(distDir, file)), { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
    brotliCache.set(file, bytes);
  }
  return brotliCache.get(file);
}

/** Maps a script URL of the page to its file under static/dist, or null for anything else. */
function distFile(url) {
  const marker = '/static/dist/';
  const pathname = new URL(url).pathname;
  const index = pathname.indexOf(marker);
  return index === -1 ? null : decodeURIComponent(pathname.slice(index + marker.length));
}

function attributeValues(html, pattern) {
  return [...html.matchAll(pattern)].map((match) => match[1]);
}

/** A page that moved or lost what it is measured for (after a seed change, say) must fail, not measure a 404. */
async function pageHtml(page, pageUrl) {
  const answer = await fetch(pageUrl);
  const html = await answer.text();
  const attribute = page.holds?.match(/^\[([\w-]+)\]$/)?.[1];
  const holds = !page.holds || (attribute ? html.includes(attribute) : html.includes(`class="${page.holds.slice(1)}`));
  if (answer.status !== 200 || !holds) throw new Error(`${page.path}: status ${answer.status}${holds ? '' : `, no ${page.holds}`}`);
  return html;
}

async function staticFiles(page, pageUrl, manifest) {
  const html = await pageHtml(page, pageUrl);
  const scripts = attributeValues(html, /<script\b[^>]*\btype="module"[^>]*\bsrc="([^"]+)"/g);
  const preloads = attributeValues(html, /<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"/g);
  const files = new Set([...scripts, ...preloads].map((src) => distFile(new URL(src, pageUrl).href)).filter(Boolean));
  for (const entry of Object.values(manifest)) {
    if (entry.js && files.has(entry.js)) entry.imports.forEach((file) => files.add(file));
  }
  return [...files];
}

async function loadedFiles(browser, pageUrl) {
  const page = await browser.newPage();
  const files = new Set();
  page.on('request', (request) => {
    const file = request.resourceType() === 'script' ? distFile(request.url()) : null;
    if (file) files.add(file);
  });
  await page.goto(pageUrl, { waitUntil: 'networkidle' });
  await page.waitForFunction(() => document.body.classList.contains('loaded'));
  await page.waitForLoadState('networkidle');
  await page.close();
  return [...files];
}

const total = (files, bytesOf = gzipBytes) => files.reduce((sum, file) => sum + bytesOf(file), 0);
const kb = (bytes) => (bytes / KB).toFixed(1);

async function openBrowser(load) {
  try {
    return await load('../test/e2e/support/browser.ts', import.meta.url).launchBrowser();
  } catch (error) {
    console.warn(`Chromium unavailable, measuring static imports only: ${error.message}`);
    return null;
  }
}

async function measure(server, browser, manifest) {
  const rows = [];
  for (const page of PAGES) {
    const url = `${server.url}${page.path}`;
    const staticSet = await staticFiles(page, url, manifest);
    const loadedSet = browser ? await loadedFiles(browser, url) : null;
    const gzip = Math.max(total(staticSet), loadedSet ? total(loadedSet) : 0);
    const files = [...new Set([...staticSet, ...(loadedSet ?? [])])];
    rows.push({ ...page, staticSet, loadedSet, files, gzip, pass: gzip <= page.limitKb * KB });
  }
  return rows;
}

function report(rows) {
  const urlWidth = Math.max(...rows.map((row) => row.path.length)) + 2;
  const line = (...cells) => console.log(cells.map((cell, index) => String(cell).padEnd([9, urlWidth, 7, 11, 11, 10, 10, 0][index])).join(''));
  console.log('KB of JavaScript: gzip (level 9, the limit) and on the wire (brotli, as browsers get it).');
  line('Type', 'URL', 'Files', 'Static KB', 'Loaded KB', 'Wire KB', 'Limit KB', 'Result');
  for (const row of rows) {
    const loaded = row.loadedSet ? kb(total(row.loadedSet)) : 'n/a';
    const wire = kb(Math.max(total(row.staticSet, brotliBytes), row.loadedSet ? total(row.loadedSet, brotliBytes) : 0));
    line(row.type, row.path, row.files.length, kb(total(row.staticSet)), loaded, wire, row.limitKb, row.pass ? 'PASS' : 'FAIL');
    for (const file of row.files) console.log(`${''.padEnd(11)}${kb(gzipBytes(file)).padStart(6)} KB gzip ${kb(brotliBytes(file)).padStart(6)} KB br  ${file}`);
  }
  const failures = rows.filter((row) => !row.pass);
  console.log(failures.length ? `FAIL: ${failures.length} page(s) over budget` : 'PASS: every page within budget');
  return failures.length === 0;
}

async function main() {
  const manifest = ensureBuild();
  const load = (file, from) => tsRequire(file, from);
  const { startTestServer } = load('../test/support/app.ts', import.meta.url);
  const server = await startTestServer();
  const browser = await openBrowser(load);
  try {
    const rows = await measure(server, browser, manifest);
    process.exitCode = report(rows) ? 0 : 1;
  } finally {
    await browser?.close();
    await server.close();
  }
}

await main();
