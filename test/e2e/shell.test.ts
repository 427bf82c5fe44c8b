// The page shell in real Chromium: ajax navigation, history, lifecycle classes, errors and anchors.
import type { BrowserContext, Page } from 'playwright-core';
import french from '../../locales/fr.json';
import { useBrowserTestBed, waitForShell } from './support/browser';
import {
  bodyClasses,
  clickAndWaitForPage,
  clickLink,
  dataLayer,
  historyStepAndWait,
  readMarker,
  scrollPosition,
  scrollTo,
  setMarker,
} from './support/shell';

const bed = useBrowserTestBed();
let context: BrowserContext;
let page: Page;

beforeEach(async () => {
  context = await bed.browser.newContext({ viewport: { width: 1280, height: 220 } });
  page = await context.newPage();
  await page.goto(`${bed.server.url}/fr/`);
  await waitForShell(page);
});

afterEach(() => context.close());

const path = () => new URL(page.url()).pathname;
const menuLink = (slug: string) => `#main-navigation a.dropdown-item[href$="/fr/${slug}"]`;

describe('ajax navigation', () => {
  it('swaps only the page region, updates the title and keeps the window', async () => {
    await setMarker(page, 'still-here');
    const regionRequests: string[] = [];
    page.on('request', (request) => request.headers()['hx-target'] === 'page' && regionRequests.push(request.url()));
    await clickAndWaitForPage(page, menuLink('about'));
    expect(path()).toBe('/fr/about');
    expect(await page.title()).toBe('À propos | Maison Storefront');
    expect(await readMarker(page)).toBe('still-here');
    expect(regionRequests).toEqual([`${bed.server.url}/fr/about`]);
    expect(await page.locator('#page h1').textContent()).toBe('À propos');
  });

  it('switches the body class between homepage and page, and back', async () => {
    expect(await bodyClasses(page)).toEqual(expect.arrayContaining(['homepage', 'loaded']));
    await clickAndWaitForPage(page, menuLink('legal'));
    expect(await bodyClasses(page)).toEqual(expect.arrayContaining(['page']));
    expect(await bodyClasses(page)).not.toContain('homepage');
    await historyStepAndWait(page, 'back');
    expect(path()).toBe('/fr/');
    expect(await bodyClasses(page)).toContain('homepage');
    expect(await bodyClasses(page)).not.toEqual(expect.arrayContaining(['out-loading']));
  });

  it('pushes a VirtualPageview with the new address and title', async () => {
    await clickAndWaitForPage(page, menuLink('contact'));
    expect(await dataLayer(page)).toContainEqual({
      event: 'VirtualPageview',
      virtualPageURL: '/fr/contact',
      virtualPageTitle: 'Contact | Maison Storefront',
    });
  });

  it('restores the scroll position on back and forward', async () => {
    await clickAndWaitForPage(page, menuLink('legal'));
    const legalScroll = await scrollTo(page, 150);
    expect(legalScroll).toBeGreaterThan(50);
    await clickAndWaitForPage(page, menuLink('about'));
    expect(await scrollPosition(page)).toBe(0);
    const aboutScroll = await scrollTo(page, 90);
    await historyStepAndWait(page, 'back');
    expect(path()).toBe('/fr/legal');
    expect(await scrollPosition(page)).toBe(legalScroll);
    await historyStepAndWait(page, 'forward');
    expect(path()).toBe('/fr/about');
    expect(await scrollPosition(page)).toBe(aboutScroll);
  });

  it('aborts a request superseded by a newer one and clears the loading classes', async () => {
    await page.route('**/fr/legal', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue().catch(() => undefined);
    });
    await clickLink(page, menuLink('legal'));
    await page.waitForFunction(() => document.body.classList.contains('long-loading'));
    expect(await bodyClasses(page)).toContain('out-loading');
    await clickAndWaitForPage(page, menuLink('about'));
    await page.waitForTimeout(1700);
    expect(path()).toBe('/fr/about');
    expect(await page.locator('#page h1').textContent()).toBe('À propos');
    expect(await bodyClasses(page)).not.toEqual(expect.arrayContaining(['out-loading']));
    expect(await bodyClasses(page)).not.toEqual(expect.arrayContaining(['long-loading']));
  });

  it('lets a page-will-leave handler cancel the navigation', async () => {
    await page.evaluate(() => document.addEventListener('page-will-leave', (event) => event.preventDefault()));
    await clickLink(page, menuLink('about'));
    await page.waitForTimeout(300);
    expect(path()).toBe('/fr/');
  });
});

describe('errors', () => {
  it('shows the localised error dialog for a 500 and closes it with Close', async () => {
    await page.route('**/fr/about', (route) => route.fulfill({ status: 500, contentType: 'text/html', body: '<p>boom</p>' }));
    await clickLink(page, menuLink('about'));
    const dialog = page.locator('#modal-root dialog.modal');
    await dialog.waitFor();
    expect(await dialog.locator('.modal-body').textContent()).toBe(french.Core.ErrorServer);
    expect(await dialog.locator('.modal-footer button').textContent()).toBe(french.Core.Close);
    expect(path()).toBe('/fr/');
    await dialog.locator('.modal-footer button').click();
    await dialog.waitFor({ state: 'detached' });
  });

  it('opens the login page in a modal for a 401, with the current address to return to', async () => {
    await page.route('**/fr/contact', (route) => route.fulfill({ status: 401, contentType: 'text/html', body: '' }));
    const loginRequest = page.waitForRequest((request) => request.url().includes('/fr/security/login'));
    await clickLink(page, menuLink('contact'));
    const request = await loginRequest;
    expect(new URL(request.url()).searchParams.get('returnUrl')).toBe('/fr/');
    expect(request.headers()['hx-target']).toBe('modal-body');
    const dialog = page.locator('#modal-root dialog.modal');
    await dialog.locator('.login-form').waitFor();
    expect(await dialog.locator('.modal-title').textContent()).toBe('Connexion | Maison Storefront');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });
});

describe('same-page anchors', () => {
  it('opens the collapse holding the target and scrolls to it smoothly without a request', async () => {
    await page.evaluate(() => {
      const region = document.getElementById('page')!;
      region.insertAdjacentHTML('beforeend', '<p><a id="jump" href="#answer">Jump</a></p><div class="spacer"></div><div class="collapse" id="faq"><h2 id="answer">Answer</h2></div>');
      region.querySelector<HTMLElement>('.spacer')!.style.height = '1500px';
    });
    let requests = 0;
    page.on('request', (request) => request.resourceType() === 'fetch' && requests++);
    await page.evaluate(() => document.getElementById('jump')!.click());
    await page.waitForTimeout(1000);
    expect(await page.locator('#faq').getAttribute('class')).toContain('show');
    const expected = await page.evaluate(() => Math.round(document.getElementById('answer')!.getBoundingClientRect().top + window.scrollY - 120));
    expect(Math.abs((await scrollPosition(page)) - expected)).toBeLessThanOrEqual(1);
    expect(new URL(page.url()).hash).toBe('#answer');
    expect(requests).toBe(0);
  });
});

describe('ajax forms', () => {
  const submit = () => page.evaluate(() => document.querySelector<HTMLFormElement>('.newsletter-form')!.requestSubmit());

  it('posts with the CSRF header, shows the loading block, and swaps in the errors, then the answer', async () => {
    await page.fill('#newsletter-email', 'not-an-email');
    const posted = page.waitForRequest((request) => request.method() === 'POST');
    await submit();
    const request = await posted;
    expect(request.headers()['x-csrf-token']).toBe(await page.getAttribute('meta[name="csrf-token"]', 'content'));
    expect(request.headers()['hx-target']).toBe('newsletter');
    await page.locator('#newsletter-error').waitFor();
    expect(await page.locator('#modal-root dialog').count()).toBe(0);
    await page.route('**/fr/newsletter', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 500));
      await route.continue();
    });
    await page.fill('#newsletter-email', 'ada@example.com');
    await submit();
    await page.waitForSelector('.newsletter-form.loading-block[aria-busy="true"]');
    await page.locator('#newsletter .newsletter-thanks').waitFor();
    expect(await page.locator('#newsletter').count()).toBe(1);
  });
});

describe('mobile navigation', () => {
  it('builds the mobile menu on first toggle, opens a submenu, and closes when a link loads a page', async () => {
    await page.setViewportSize({ width: 400, height: 700 });
    const toggle = page.locator('[data-nav-toggle]');
    await toggle.click();
    const mobile = page.locator('#mobile-navigation');
    await mobile.waitFor();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    expect(await bodyClasses(page)).toContain('nav-open');
    await mobile.locator('.dropdown-toggle[href$="/fr/about"]').click();
    expect(path()).toBe('/fr/');
    expect(await mobile.locator('.dropdown').first().getAttribute('class')).toContain('open');
    await clickAndWaitForPage(page, '#mobile-navigation a.dropdown-item[href$="/fr/contact"]');
    expect(path()).toBe('/fr/contact');
    expect(await bodyClasses(page)).not.toContain('nav-open');
    expect(await mobile.isVisible()).toBe(false);
  });
});

describe('without JavaScript', () => {
  it('shows the page with no loader in the way and follows links with full loads', async () => {
    const plain = await bed.browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 800 } });
    const plainPage = await plain.newPage();
    await plainPage.goto(`${bed.server.url}/fr/about`);
    expect(await plainPage.locator('#page-loader').isVisible()).toBe(false);
    await plainPage.locator('a.brand').click();
    await plainPage.waitForURL(`${bed.server.url}/fr/`);
    expect(await plainPage.title()).toBe('Maison Storefront');
    await plain.close();
  });
});

