import type { BrowserContext, Page } from 'playwright-core';
import type { Browser } from 'playwright-core';
import { startTestServer } from '../support/app';
import { launchBrowser, openPage, waitForShell } from './support/browser';

let server: Awaited<ReturnType<typeof startTestServer>>;
let browser: Browser;
beforeAll(async () => {
  server = await startTestServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

type Flags = Window & { __statisticsLoaded?: boolean; marker?: string; published?: unknown[] };
const statisticsTag = `<script type="text/plain" data-consent-category="statistics" data-src="/static/js/consent-demo-statistics.js"></script>`;

async function consentCookie(context: BrowserContext) {
  const cookie = (await context.cookies()).find((entry) => entry.name === 'CookieConsent');
  return cookie && JSON.parse(decodeURIComponent(cookie.value));
}

/** Opens a page with JavaScript, once the shell and its behaviours (consent among them) have started. */
async function openWithJavaScript(path: string) {
  const opened = await openPage(browser, `${server.url}${path}`);
  await waitForShell(opened.page);
  await opened.page.waitForLoadState('networkidle');
  return opened;
}

/** Tags the demo statistics script into the page region and watches for the consent event, without a reload. */
async function prepare(page: Page): Promise<void> {
  await page.evaluate((tag) => {
    const flags = window as Flags;
    flags.marker = 'same page';
    flags.published = [];
    document.addEventListener('Manager:setCookieConsent', (event) => flags.published!.push((event as CustomEvent).detail));
    document.getElementById('page')!.insertAdjacentHTML('beforeend', tag);
  }, statisticsTag);
}

const flags = (page: Page) => page.evaluate(() => {
  const { __statisticsLoaded, marker, published, consent } = window as Flags & { consent?: unknown };
  return { statisticsLoaded: __statisticsLoaded ?? false, marker, published, consent };
});

describe('cookie consent with JavaScript in Chromium', () => {
  it('accept all hides the banner, stores all true and runs the statistics script at once', async () => {
    const { page, context, errors } = await openWithJavaScript('/fr/about');
    expect(await page.isVisible('[data-consent-banner]')).toBe(true);
    await prepare(page);
    await page.click('[data-consent-banner] button[value="accept-all"]');
    await page.waitForFunction(() => (window as Flags).__statisticsLoaded === true);
    const all = { stamp: '2026-11-01', preferences: true, statistics: true, marketing: true };
    expect(await page.$('[data-consent-banner]')).toBeNull();
    expect(await consentCookie(context)).toEqual(all);
    expect(await flags(page)).toEqual({ statisticsLoaded: true, marker: 'same page', published: [all], consent: all });
    await page.waitForFunction(() => document.querySelector('[data-consent-status]')?.textContent === 'Vous avez accepté tous les cookies.');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('decline all stores all false and keeps the statistics script from running', async () => {
    const { page, context, errors } = await openWithJavaScript('/de/about');
    await prepare(page);
    await page.click('[data-consent-banner] button[value="decline-all"]');
    await page.waitForFunction(() => document.querySelector('[data-consent-status]')?.textContent?.includes('abgelehnt'));
    expect(await page.$('[data-consent-banner]')).toBeNull();
    expect(await consentCookie(context)).toEqual({ stamp: '2026-11-01', preferences: false, statistics: false, marketing: false });
    expect((await flags(page)).statisticsLoaded).toBe(false);
    expect(await page.$('script[src$="consent-demo-statistics.js"]')).toBeNull();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the footer link opens the settings dialog; saving statistics runs the script, and it runs on the next load', async () => {
    const { page, context } = await openWithJavaScript('/nl/about');
    await prepare(page);
    await page.click('footer a[data-consent-settings]');
    await page.waitForSelector('dialog[data-consent-dialog][open]');
    expect(new URL(page.url()).pathname).toBe('/nl/about');
    await page.check('dialog[data-consent-dialog] input[name="statistics"]');
    await page.click('dialog[data-consent-dialog] button[value="save"]');
    await page.waitForFunction(() => (window as Flags).__statisticsLoaded === true);
    expect(await page.$('dialog[data-consent-dialog][open]')).toBeNull();
    expect(await consentCookie(context)).toEqual({ stamp: '2026-11-01', preferences: false, statistics: true, marketing: false });

    // A page that carries the tag from the server runs it on load for a visitor who granted statistics.
    await context.route(`${server.url}/nl/legal`, async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, body: (await response.text()).replace('</main>', `${statisticsTag}</main>`) });
    });
    await page.goto(`${server.url}/nl/legal`);
    await page.waitForFunction(() => (window as Flags).__statisticsLoaded === true);
    expect(await page.$('[data-consent-banner]')).toBeNull();
    await context.close();
  });
});

describe('cookie consent without JavaScript in Chromium', () => {
  it('the banner forms post, and the page comes back without the banner', async () => {
    const { page, context } = await openPage(browser, `${server.url}/es/about`, { javaScript: false });
    expect(await page.isVisible('[data-consent-banner]')).toBe(true);
    await Promise.all([page.waitForNavigation(), page.click('[data-consent-banner] button[value="accept-all"]')]);
    expect(new URL(page.url()).pathname).toBe('/es/about');
    expect(await page.$('[data-consent-banner]')).toBeNull();
    expect(await page.textContent('.flash-success')).toBe('Se ha guardado su elección de cookies.');
    expect(await consentCookie(context)).toEqual({ stamp: '2026-11-01', preferences: true, statistics: true, marketing: true });
    await context.close();
  });

  it('Settings leads to the settings page, whose form saves the choice and goes back', async () => {
    const { page, context } = await openPage(browser, `${server.url}/pt/about`, { javaScript: false });
    await Promise.all([page.waitForNavigation(), page.click('[data-consent-banner] a[data-consent-settings]')]);
    expect(new URL(page.url()).pathname).toBe('/pt/consent');
    expect(await page.textContent('#page [data-consent-status]')).toBe('Ainda não fez nenhuma escolha sobre cookies.');
    await page.check('#page input[name="marketing"]');
    await Promise.all([page.waitForNavigation(), page.click('#page button[value="save"]')]);
    expect(new URL(page.url()).pathname).toBe('/pt/about');
    expect(await page.$('[data-consent-banner]')).toBeNull();
    expect(await consentCookie(context)).toEqual({ stamp: '2026-11-01', preferences: false, statistics: false, marketing: true });
    await context.close();
  });
});
