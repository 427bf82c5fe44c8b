// The pinned header on a 360 x 740 phone, with and without JavaScript: compact (cultures, currency and
// account folded behind one control), the menu opens, and the skip link moves focus to the page.
import { type Page } from 'playwright-core';
import { openPage, useBrowserTestBed, waitForShell, withConsentAnswered } from './support/browser';

const bed = useBrowserTestBed();
const PHONE = { width: 360, height: 740 };

async function phonePage(path: string, javaScript: boolean) {
  const { page, context } = await openPage(bed.browser, `${bed.server.url}/fr/about`, { javaScript });
  await withConsentAnswered(context, bed.server.url);
  await page.setViewportSize(PHONE);
  await page.goto(`${bed.server.url}${path}`);
  if (javaScript) await waitForShell(page);
  return { page, close: () => context.close() };
}

const headerHeight = (page: Page) => page.locator('.site-header').evaluate((header) => header.getBoundingClientRect().height);

describe.each([true, false])('the header on a phone (JavaScript %s)', (javaScript) => {
  it('stays under 120 px in every culture', async () => {
    for (const path of ['fr', 'nl', 'es', 'de', 'it', 'pt'].map((culture) => `/${culture}/about`)) {
      const { page, close } = await phonePage(path, javaScript);
      if (process.env.SCREENSHOTS) await page.screenshot({ path: `/tmp/a11y/header-${javaScript}-${path.slice(1, 3)}.png` });
      const height = await headerHeight(page);
      // The address beside the figure, so that a failure says which culture broke the layout.
      expect({ path, height, under: height < 120 }).toEqual({ path, height, under: true });
      await close();
    }
  });

  it('opens the menu, and unfolds the login link, currency and cultures from its summary', async () => {
    const { page, close } = await phonePage('/fr/about', javaScript);
    await page.click('[data-nav-toggle]');
    const menu = page.locator(javaScript ? '#mobile-navigation' : '#main-navigation');
    await menu.locator('.nav-link').first().waitFor({ state: 'visible' });
    // Without JavaScript the open menu has its own close link; with it, the toggle closes the menu.
    await page.click(javaScript ? '[data-nav-toggle]' : '#main-navigation .nav-close');
    await menu.locator('.nav-link').first().waitFor({ state: 'hidden' });
    const german = page.locator('.culture-widget a[hreflang="de"]');
    expect(await german.isVisible()).toBe(false);
    await page.click('.header-settings-summary');
    await german.waitFor({ state: 'visible' });
    expect(await page.isVisible('#currency-select')).toBe(true);
    expect(await page.isVisible('.header-login-link')).toBe(true);
    expect(await headerHeight(page)).toBeLessThan(120);
    // A click lands on the link (nothing covers or clips it) and opens the page in German.
    await german.click();
    await page.waitForURL((url) => url.pathname === '/de/about');
    await close();
  });

  it('moves the focus to the page with the skip link', async () => {
    const { page, close } = await phonePage('/fr/about', javaScript);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.className)).toBe('skip-link');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.activeElement?.id === 'page');
    await close();
  });
});

describe('the header on a wide screen', () => {
  it('shows the cultures, currency and login link inline, with no summary', async () => {
    const { page, close } = await phonePage('/fr/about', true);
    await page.setViewportSize({ width: 1280, height: 740 });
    expect(await page.isVisible('.culture-widget a[hreflang="de"]')).toBe(true);
    expect(await page.isVisible('#currency-select')).toBe(true);
    expect(await page.isVisible('.header-settings-summary')).toBe(false);
    expect(await page.isVisible('[data-nav-toggle]')).toBe(false);
    expect(await page.isVisible('#main-navigation')).toBe(true);
    await close();
  });
});
