// Issue 18 in real Chromium: a page paints with at most 4 KB of JavaScript (6 KB for a product), htmx
// and the navigation arrive at the first intent (or when the page falls idle on a good connection),
// a click that comes before them is an ordinary navigation, and from then on navigation is boosted.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Page, Request } from 'playwright-core';
import { isBoosted, openPage, useBrowserTestBed, withConsentAnswered, type OpenOptions } from './support/browser';
import { clickAndWaitForPage, historyStepAndWait, menuLink, pathOf, readMarker, scrollPosition, scrollTo, setMarker } from './support/shell';

const bed = useBrowserTestBed();
const distDir = path.resolve(__dirname, '../../static/dist');
const KB = 1024;
const BOOST_CHUNK = '**/static/dist/chunks/boost-*.js';

/** The gzip (level 9) bytes of the build's scripts a page requested, as scripts/check-budget.mjs counts them. */
function gzipBytes(urls: string[]): number {
  return urls.reduce((sum, url) => sum + gzipSync(readFileSync(path.join(distDir, new URL(url).pathname.split('/static/dist/')[1])), { level: 9 }).length, 0);
}

/** Opens a page as first painted (the consent banner answered), recording every script it requests. */
async function firstPaint(pagePath: string, options: OpenOptions = {}) {
  const scripts: string[] = [];
  const opened = await openPage(bed.browser, 'about:blank', { intent: false, ...options });
  await withConsentAnswered(opened.context, bed.server.url);
  opened.page.on('request', (request) => request.resourceType() === 'script' && scripts.push(request.url()));
  await opened.page.goto(`${bed.server.url}${pagePath}`, { waitUntil: 'networkidle' });
  await opened.page.waitForFunction(() => document.body.classList.contains('loaded'));
  return { ...opened, scripts };
}

const isHtmxRequest = (request: Request): boolean => request.headers()['hx-request'] === 'true';

const CONTACT_LINK = '.site-footer a[href$="/fr/contact"]';
const onContactPage = () => location.pathname === '/fr/contact' && document.title === 'Contact | Maison Storefront';

/** A visible link, hovered the way a mouse does. */
async function hoverLink(page: Page, selector: string): Promise<void> {
  await page.locator(selector).first().hover();
}

describe('first paint', () => {
  it.each([
    ['home', '/fr/', 4],
    ['content page', '/fr/about', 4],
    ['catalog list', '/fr/catalog', 4],
    ['search', '/fr/catalog?q=chemise', 4],
    ['form page', '/fr/security/login', 4],
    ['cart', '/fr/shoppingcarts', 4],
    ['checkout', '/fr/checkout', 4],
    ['product', '/fr/catalog/product/6/p', 6],
  ])('the %s (%s) loads at most %i KB of JavaScript before any intent', async (_name, pagePath, limitKb) => {
    const { context, page, scripts, errors } = await firstPaint(pagePath, { saveData: true });
    expect(scripts.length).toBeGreaterThan(0);
    expect(gzipBytes(scripts)).toBeLessThanOrEqual(limitKb * KB);
    expect(scripts.some((url) => url.includes('/chunks/boost-'))).toBe(false);
    expect(await isBoosted(page)).toBe(false);
    expect(await page.evaluate(() => 'htmx' in window)).toBe(false);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('with Save-Data on, loads nothing more until an intent, then htmx and the navigation at a hover', async () => {
    const { context, page, scripts } = await firstPaint('/fr/', { saveData: true });
    const painted = scripts.length;
    await page.waitForTimeout(1500);
    expect(scripts.length).toBe(painted);
    expect(await isBoosted(page)).toBe(false);
    await hoverLink(page, '.site-footer a[href]');
    await page.waitForFunction(() => document.documentElement.dataset.navigation === 'boosted');
    expect(scripts.slice(painted).some((url) => url.includes('/chunks/boost-'))).toBe(true);
    await context.close();
  });

  it('on a 2g connection, keeps the idle trigger off too: htmx and the navigation wait for an intent', async () => {
    const { context, page } = await openPage(bed.browser, 'about:blank', { intent: false });
    await withConsentAnswered(context, bed.server.url);
    const session = await context.newCDPSession(page);
    await session.send('Network.enable');
    // Chromium reports this as navigator.connection.effectiveType '2g'.
    await session.send('Network.emulateNetworkConditions', { offline: false, latency: 1500, downloadThroughput: 250_000, uploadThroughput: 50_000, connectionType: 'cellular2g' });
    const scripts: string[] = [];
    page.on('request', (request) => request.resourceType() === 'script' && scripts.push(request.url()));
    await page.goto(`${bed.server.url}/fr/about`, { waitUntil: 'networkidle', timeout: 45_000 });
    expect(await page.evaluate(() => (navigator as Navigator & { connection?: { effectiveType?: string } }).connection?.effectiveType)).toBe('2g');
    await page.waitForTimeout(1500);
    expect(await isBoosted(page)).toBe(false);
    expect(scripts.some((url) => url.includes('/chunks/boost-'))).toBe(false);
    await context.close();
  }, 60_000);

  it('on a good connection, brings htmx and the navigation once the page is idle, without any intent', async () => {
    const { context, page } = await firstPaint('/fr/about');
    await page.waitForFunction(() => document.documentElement.dataset.navigation === 'boosted');
    await context.close();
  });
});

describe('navigation at the first intent', () => {
  it('hovers a link, then clicks it: the navigation is boosted (the document survives, the server answers the region)', async () => {
    const { context, page, errors } = await firstPaint('/fr/', { saveData: true });
    await setMarker(page, 'same-document');
    const regionAnswers: string[] = [];
    page.on('response', async (response) => {
      if (isHtmxRequest(response.request()) && response.request().headers()['hx-target'] === 'page') regionAnswers.push(await response.text());
    });
    await hoverLink(page, CONTACT_LINK);
    await page.waitForFunction(() => document.documentElement.dataset.navigation === 'boosted');
    await Promise.all([page.waitForFunction(onContactPage), page.locator(CONTACT_LINK).click()]);
    expect(await readMarker(page)).toBe('same-document');
    expect(regionAnswers).toHaveLength(1);
    // The server saw an htmx request for the page region: it answered the region, not a whole document.
    expect(regionAnswers[0]).toMatch(/^\s*<title>/);
    expect(regionAnswers[0]).not.toMatch(/<html/i);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('htmx arriving while images still load (parsed, not complete) starts with the page\'s settings and boosts', async () => {
    const { context, page } = await openPage(bed.browser, 'about:blank', { intent: false, saveData: true });
    await withConsentAnswered(context, bed.server.url);
    // The pictures never arrive: the document stays 'interactive', after DOMContentLoaded.
    await page.route('**/assets/**', () => undefined);
    await page.goto(`${bed.server.url}/fr/catalog`, { waitUntil: 'domcontentloaded' });
    await page.waitForFunction(() => document.body.classList.contains('loaded'));
    // htmx announces its start by htmx:load on the body, once it has read its settings and the page.
    await page.evaluate(() => {
      const flags = window as Window & { htmxStarted?: Promise<void> };
      flags.htmxStarted = new Promise((resolve) => document.addEventListener('htmx:load', (event) => event.target === document.body && resolve()));
    });
    await hoverLink(page, CONTACT_LINK);
    await page.waitForFunction(() => document.documentElement.dataset.navigation === 'boosted');
    await page.evaluate(() => (window as Window & { htmxStarted?: Promise<void> }).htmxStarted);
    expect(await page.evaluate(() => document.readyState)).toBe('interactive');
    await setMarker(page, 'same-document');
    await Promise.all([page.waitForFunction(onContactPage), page.locator(CONTACT_LINK).click()]);
    expect(await readMarker(page)).toBe('same-document');
    await context.close();
  });

  it('a click at once after load, before any script arrived, is an ordinary navigation to the right page', async () => {
    const { context, page } = await firstPaint('/fr/', { saveData: true });
    // Hold the navigation's chunk back: the click comes before it, whatever the machine's speed.
    const held: Array<() => Promise<void>> = [];
    await page.route(BOOST_CHUNK, (route) => void held.push(() => route.continue()));
    await setMarker(page, 'first-document');
    const documents: Request[] = [];
    page.on('request', (request) => request.resourceType() === 'document' && documents.push(request));
    await Promise.all([page.waitForURL('**/fr/contact'), page.locator(CONTACT_LINK).click()]);
    expect(await page.evaluate(onContactPage)).toBe(true);
    expect(await readMarker(page)).toBeUndefined();
    expect(documents.map((request) => new URL(request.url()).pathname)).toEqual(['/fr/contact']);
    expect(isHtmxRequest(documents[0])).toBe(false);
    await Promise.all(held.map((release) => release().catch(() => undefined)));
    await context.close();
  });

  it('restores the scroll positions on back and forward after two boosted navigations', async () => {
    const { context, page } = await firstPaint('/fr/', { saveData: true });
    await page.setViewportSize({ width: 1280, height: 220 });
    await hoverLink(page, '.site-footer a[href]');
    await page.waitForFunction(() => document.documentElement.dataset.navigation === 'boosted');
    await clickAndWaitForPage(page, menuLink('legal'));
    const legalScroll = await scrollTo(page, 150);
    expect(legalScroll).toBeGreaterThan(50);
    await clickAndWaitForPage(page, menuLink('about'));
    expect(await scrollPosition(page)).toBe(0);
    const aboutScroll = await scrollTo(page, 90);
    expect(aboutScroll).toBeGreaterThan(50);
    await historyStepAndWait(page, 'back');
    expect(pathOf(page)).toBe('/fr/legal');
    expect(await scrollPosition(page)).toBe(legalScroll);
    await historyStepAndWait(page, 'forward');
    expect(pathOf(page)).toBe('/fr/about');
    expect(await scrollPosition(page)).toBe(aboutScroll);
    await context.close();
  });
});
