import type { BrowserContext, Page } from 'playwright-core';
import { useBrowserTestBed, openPage, waitForShell } from './support/browser';
import { clickAndWaitForPage } from './support/shell';

const bed = useBrowserTestBed();

type Flags = Window & { __statisticsLoaded?: boolean; marker?: string; published?: unknown[] };
const statisticsTag = `<script type="text/plain" data-consent-category="statistics" data-src="/static/js/consent-demo-statistics.js"></script>`;
// htmx drops every <script> from swapped-in HTML (allowScriptTags: false); content loaded by ajax tags with a <template>.
const swappableStatisticsTag = `<template data-consent-category="statistics" data-src="/static/js/consent-demo-statistics.js"></template>`;

async function consentCookie(context: BrowserContext) {
  const cookie = (await context.cookies()).find((entry) => entry.name === 'CookieConsent');
  return cookie && JSON.parse(decodeURIComponent(cookie.value));
}

/** Opens a page with JavaScript, once the shell and its behaviours (consent among them) have started. */
async function openWithJavaScript(path: string) {
  const opened = await openPage(bed.browser, `${bed.server.url}${path}`);
  await waitForShell(opened.page);
  await opened.page.waitForLoadState('networkidle');
  return opened;
}

/**
 * The consent behaviour loads at a visitor's first touch of the banner (client/behaviours/registry.ts).
 * A person's press lasts long enough for it to arrive; Playwright's click does not, so focus the banner
 * first (which loads it) and wait until the chunk has run.
 */
async function touchBanner(page: Page): Promise<void> {
  const chunk = page.waitForResponse((response) => /\/chunks\/consent-[^/]+\.js$/.test(response.url()));
  await page.focus('[data-consent-banner] button');
  const url = (await chunk).url();
  // A string, so the test compiler does not turn this import() into require().
  await page.evaluate(`import(${JSON.stringify(url)}).then(() => true)`);
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
    await touchBanner(page);
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
    await touchBanner(page);
    await page.click('[data-consent-banner] button[value="decline-all"]');
    await page.waitForFunction(() => document.querySelector('[data-consent-status]')?.textContent?.includes('abgelehnt'));
    expect(await page.$('[data-consent-banner]')).toBeNull();
    const none = { stamp: '2026-11-01', preferences: false, statistics: false, marketing: false };
    expect(await consentCookie(context)).toEqual(none);
    expect(await flags(page)).toEqual({ statisticsLoaded: false, marker: 'same page', published: [none], consent: none });
    expect(await page.$('script[src$="consent-demo-statistics.js"]')).toBeNull();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the footer link opens the settings dialog; saving statistics runs the script, and it runs on the next load', async () => {
    const { page, context } = await openWithJavaScript('/nl/about');
    await prepare(page);
    await touchBanner(page);
    await page.click('footer a[data-consent-settings]');
    await page.waitForSelector('dialog[data-consent-dialog][open]');
    expect(new URL(page.url()).pathname).toBe('/nl/about');
    await page.check('dialog[data-consent-dialog] input[name="statistics"]');
    await page.click('dialog[data-consent-dialog] button[value="save"]');
    await page.waitForFunction(() => (window as Flags).__statisticsLoaded === true);
    expect(await page.$('dialog[data-consent-dialog][open]')).toBeNull();
    const statisticsOnly = { stamp: '2026-11-01', preferences: false, statistics: true, marketing: false };
    expect(await consentCookie(context)).toEqual(statisticsOnly);
    expect(await flags(page)).toEqual({ statisticsLoaded: true, marker: 'same page', published: [statisticsOnly], consent: statisticsOnly });

    // A page that carries the tag from the server runs it on load for a visitor who granted statistics.
    await context.route(`${bed.server.url}/nl/legal`, async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, body: (await response.text()).replace('</main>', `${statisticsTag}</main>`) });
    });
    await page.goto(`${bed.server.url}/nl/legal`);
    await page.waitForFunction(() => (window as Flags).__statisticsLoaded === true);
    expect(await page.$('[data-consent-banner]')).toBeNull();
    await context.close();
  });
});

describe('tagged scripts in content loaded by ajax navigation', () => {
  it('run for a visitor who granted their category, in the new page region, without a reload', async () => {
    const { page, context } = await openWithJavaScript('/it/about');
    const granted = { stamp: '2026-11-01', preferences: false, statistics: true, marketing: false };
    await context.addCookies([{ name: 'CookieConsent', value: encodeURIComponent(JSON.stringify(granted)), url: bed.server.url }]);
    await context.route(`${bed.server.url}/it/legal`, async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, body: (await response.text()).replace('</article>', `${swappableStatisticsTag}</article>`) });
    });
    await page.reload();
    await waitForShell(page);
    await page.waitForLoadState('networkidle');
    await page.evaluate(() => ((window as Flags).marker = 'same page'));
    expect((await flags(page)).statisticsLoaded).toBe(false);
    await clickAndWaitForPage(page, 'footer a[href="/it/legal"]');
    await page.waitForFunction(() => (window as Flags).__statisticsLoaded === true);
    expect((await flags(page)).marker).toBe('same page');
    await context.close();
  });
});

describe('cookie consent without JavaScript in Chromium', () => {
  it('the banner forms post, and the page comes back without the banner', async () => {
    const { page, context } = await openPage(bed.browser, `${bed.server.url}/es/about`, { javaScript: false });
    expect(await page.isVisible('[data-consent-banner]')).toBe(true);
    await Promise.all([page.waitForNavigation(), page.click('[data-consent-banner] button[value="accept-all"]')]);
    expect(new URL(page.url()).pathname).toBe('/es/about');
    expect(await page.$('[data-consent-banner]')).toBeNull();
    expect(await page.textContent('.flash-success')).toBe('Se ha guardado su elección de cookies.');
    expect(await consentCookie(context)).toEqual({ stamp: '2026-11-01', preferences: true, statistics: true, marketing: true });
    await context.close();
  });

  it('Settings leads to the settings page, whose form saves the choice and goes back', async () => {
    const { page, context } = await openPage(bed.browser, `${bed.server.url}/pt/about`, { javaScript: false });
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
