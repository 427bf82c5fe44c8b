// Issue 15 items 1 and 4 in Chromium: the main navigation built from the 'main' menu. On a phone: two
// clicks from the home page to any department without JavaScript; with it the cloned mobile navigation
// (built on first toggle, body.nav-open, one panel at a time, closed on a page change or an anchor). On a
// wide screen: dropdowns, a toggle that loads its page through the page loader. While scrolling: the
// minimised class past 100 px, the colour class once the home slider is out of view, the follow-us
// block's affix and the side navigation's scrollspy. axe on the menu opened without JavaScript, vnu on the pages.
import request from 'supertest';
import type { Page } from 'playwright-core';
import { axeViolations } from '../support/page-checks';
import { signedInEditor } from '../http/backoffice-helpers';
import { documentsOf, expectNoHtmlErrors } from './support/html-checks';
import { openPage, useBrowserTestBed, waitForShell, withConsentAnswered } from './support/browser';
import { bodyClasses, clickAndWaitForPage, pathOf } from './support/shell';

const bed = useBrowserTestBed();
const PHONE = { width: 360, height: 740 };
const WIDE = { width: 1280, height: 800 };

async function visit(path: string, { javaScript = true, viewport = PHONE } = {}) {
  const context = await bed.browser.newContext({ javaScriptEnabled: javaScript, viewport });
  await withConsentAnswered(context, bed.server.url);
  const page = await context.newPage();
  await page.goto(`${bed.server.url}${path}`);
  if (javaScript) await waitForShell(page);
  return { page, close: () => context.close() };
}

/** The departments' links as the home page's menu has them (the test follows each). */
async function departmentLinks(page: Page): Promise<{ href: string; name: string }[]> {
  return page.$$eval('#main-navigation .nav-item-category > a', (links) =>
    links.map((link) => ({ href: new URL((link as HTMLAnchorElement).href).pathname, name: link.textContent!.trim() })),
  );
}

const headerClasses = (page: Page) => page.locator('.site-header').evaluate((header) => Array.from(header.classList));

jest.setTimeout(90_000);

describe('on a phone without JavaScript', () => {
  it('reaches every department from the home page in two clicks: the menu, then the department', async () => {
    const probe = await visit('/fr/', { javaScript: false });
    const departments = await departmentLinks(probe.page);
    await probe.close();
    expect(departments.length).toBeGreaterThanOrEqual(3);
    for (const department of departments) {
      const { page, close } = await visit('/fr/', { javaScript: false });
      expect(await page.isVisible('#main-navigation')).toBe(false);
      await page.click('[data-nav-toggle]');
      const link = page.locator('#main-navigation .nav-item-category > a', { hasText: department.name });
      await link.waitFor({ state: 'visible' });
      await link.click();
      await page.waitForURL((url) => url.pathname === department.href);
      expect(await page.locator('h1').first().textContent()).toContain(department.name);
      await close();
    }
  });

  it('opens the menu with no axe violation, closes it with its link, and the pages pass the HTML checker', async () => {
    const { page, close } = await visit('/fr/about', { javaScript: false });
    await page.click('[data-nav-toggle]');
    await page.locator('#main-navigation .nav-link').first().waitFor({ state: 'visible' });
    expect(await axeViolations(page, { javaScript: false })).toEqual([]);
    await page.click('#main-navigation .nav-close');
    await page.locator('#main-navigation .nav-link').first().waitFor({ state: 'hidden' });
    await close();
    const documents = [];
    for (const path of ['/fr/', '/fr/about', '/nl/faq']) documents.push({ name: path, html: (await request(bed.server.url).get(path)).text });
    await expectNoHtmlErrors(documents);
  });
});

describe('on a phone with JavaScript', () => {
  it('builds the mobile navigation on first toggle, keeps one panel open at a time, closes on a page change', async () => {
    const { page, close } = await visit('/fr/');
    expect(await page.locator('#mobile-navigation').count()).toBe(0);
    await page.click('[data-nav-toggle]');
    const mobile = page.locator('#mobile-navigation');
    await mobile.waitFor({ state: 'visible' });
    expect(await bodyClasses(page)).toContain('nav-open');
    expect(await page.getAttribute('[data-nav-toggle]', 'aria-expanded')).toBe('true');
    // A department's first tap opens its panel; opening another closes the first.
    const [first, second] = [mobile.locator('.nav-item-category.dropdown').nth(0), mobile.locator('.nav-item-category.dropdown').nth(1)];
    await first.locator('> .dropdown-toggle').click();
    await page.locator('#mobile-navigation .nav-item-category.dropdown.open').first().waitFor();
    expect(await first.getAttribute('class')).toContain('open');
    await second.locator('> .dropdown-toggle').click();
    await page.waitForFunction(() => document.querySelectorAll('#mobile-navigation .nav-item-category.dropdown')[1]!.classList.contains('open'));
    expect(await page.locator('#mobile-navigation .dropdown.open').count()).toBe(1);
    expect(await first.getAttribute('class')).not.toContain('open');
    expect(await mobile.isVisible()).toBe(true);
    // Its subcategory loads in the page region, and the navigation closes.
    const subcategory = await second.locator('.dropdown-item').first().getAttribute('href');
    await clickAndWaitForPage(page, `#mobile-navigation .nav-item-category.open .dropdown-item[href="${subcategory}"]`);
    expect(pathOf(page)).toBe(subcategory);
    expect(await bodyClasses(page)).not.toContain('nav-open');
    expect(await mobile.isVisible()).toBe(false);
    expect(await page.locator('#mobile-navigation .dropdown.open').count()).toBe(0);
    await close();
  });

  it('closes the mobile navigation on an anchor (its own close link, one in the page) and on Escape', async () => {
    const { page, close } = await visit('/fr/about');
    await page.click('[data-nav-toggle]');
    await page.locator('#mobile-navigation').waitFor({ state: 'visible' });
    await page.click('#mobile-navigation .nav-close');
    await page.waitForFunction(() => !document.body.classList.contains('nav-open'));
    await page.click('[data-nav-toggle]');
    await page.waitForFunction(() => document.body.classList.contains('nav-open'));
    await page.evaluate(() => document.querySelector<HTMLElement>('[data-side-navigation] a')!.click());
    await page.waitForFunction(() => !document.body.classList.contains('nav-open'));
    expect(await page.isVisible('#mobile-navigation')).toBe(false);
    await page.click('[data-nav-toggle]');
    await page.waitForFunction(() => document.body.classList.contains('nav-open'));
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => !document.body.classList.contains('nav-open'));
    await close();
  });
});

describe('on a wide screen', () => {
  it('shows a department\'s subcategories on hover, and its toggle loads the department through the page loader', async () => {
    const { page, close } = await visit('/fr/about', { viewport: WIDE });
    expect(await page.isVisible('[data-nav-toggle]')).toBe(false);
    expect(await page.isVisible('#main-navigation .nav-item-cart')).toBe(false);
    const department = page.locator('#main-navigation .nav-item-category.dropdown').first();
    const menu = department.locator('.dropdown-menu');
    expect(await menu.isVisible()).toBe(false);
    await department.hover();
    await menu.waitFor({ state: 'visible' });
    const href = new URL((await department.locator('> .dropdown-toggle').evaluate((link) => (link as HTMLAnchorElement).href))).pathname;
    const requested = page.waitForRequest((asked) => new URL(asked.url()).pathname === href);
    await page.evaluate(() => {
      const flags = window as unknown as { loaded: Promise<void>; marker: string };
      flags.marker = 'same document';
      flags.loaded = new Promise((resolve) => document.addEventListener('page-loaded', () => resolve(), { once: true }));
    });
    await department.locator('> .dropdown-toggle').click();
    expect((await requested).headers()['hx-request']).toBe('true');
    await page.evaluate(() => (window as unknown as { loaded: Promise<void> }).loaded);
    expect(pathOf(page)).toBe(href);
    expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe('same document');
    expect(await page.getAttribute(`#main-navigation a[href="${href}"]`, 'href')).toBe(href);
    await close();
  });

  it('minimises the navigation past 100 px and colours it while the home slider is out of view', async () => {
    const { page, close } = await visit('/fr/', { viewport: WIDE });
    expect(await bodyClasses(page)).not.toContain('main-navigation-minimised');
    await page.evaluate(() => window.scrollTo(0, 99));
    await page.waitForTimeout(100);
    expect(await bodyClasses(page)).not.toContain('main-navigation-minimised');
    await page.evaluate(() => window.scrollTo(0, 101));
    await page.waitForFunction(() => document.body.classList.contains('main-navigation-minimised'));
    expect(await headerClasses(page)).not.toContain('main-navigation-coloured');
    // Past the slider's bottom (fully out of view), then back to the top.
    await page.evaluate(() => {
      const slider = document.querySelector('[data-home-slider]')!;
      window.scrollTo(0, slider.getBoundingClientRect().bottom + window.scrollY + 10);
    });
    await page.waitForFunction(() => document.querySelector('.site-header')!.classList.contains('main-navigation-coloured'));
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForFunction(() => !document.querySelector('.site-header')!.classList.contains('main-navigation-coloured'));
    await page.waitForFunction(() => !document.body.classList.contains('main-navigation-minimised'));
    await close();
  });

  it('marks the section in view in the side navigation and affixes the follow-us block once scrolled', async () => {
    const { page, close } = await visit('/fr/about', { viewport: WIDE });
    const links = await page.$$eval('[data-side-navigation] a', (found) => found.map((link) => link.getAttribute('href')!));
    expect(links.length).toBeGreaterThanOrEqual(2);
    const target = links[1]!;
    // The section's top just past the 121 px line marks it; just above the line it does not yet.
    await page.evaluate((id) => window.scrollTo(0, document.querySelector(id)!.getBoundingClientRect().top + window.scrollY - 130), target);
    await page.waitForFunction(() => document.querySelector('[data-side-navigation] a.active') !== null);
    expect(await page.getAttribute('[data-side-navigation] a.active', 'href')).not.toBe(target);
    await page.evaluate((id) => window.scrollTo(0, document.querySelector(id)!.getBoundingClientRect().top + window.scrollY - 110), target);
    await page.waitForFunction((id) => document.querySelector('[data-side-navigation] a.active')?.getAttribute('href') === id, target);
    expect(await page.getAttribute('[data-side-navigation] a.active', 'aria-current')).toBe('location');
    const followUs = page.locator('[data-follow-us]');
    expect(await followUs.getAttribute('class')).toContain('affix');
    expect(await followUs.evaluate((block) => getComputedStyle(block).position)).toBe('fixed');
    expect(await followUs.locator('a').first().isVisible()).toBe(true);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForFunction(() => document.querySelector('[data-follow-us]')!.classList.contains('affix-top'));
    await close();
  });
});

describe('the menus editor', () => {
  it('renders its list, a menu and a removal confirmation as valid HTML', async () => {
    const editor = await signedInEditor(bed.server);
    const menu = await bed.server.db.selectFrom('menus').select('id').where('code', '=', 'main').executeTakeFirstOrThrow();
    const item = await bed.server.db.selectFrom('menu_items').select('id').where('menu_id', '=', menu.id).executeTakeFirstOrThrow();
    await expectNoHtmlErrors(await documentsOf(editor.agent, ['/fr/backoffice/menus', `/fr/backoffice/menus/${menu.id}`, `/fr/backoffice/menus/${menu.id}/items/${item.id}/remove`]));
  });
});
