// The menus editor in Chromium, with and without JavaScript: an editor (two-factor on) signs in, renames
// the main menu's news item, adds a link under "help", removes it after the confirmation page; a visitor
// sees each change on the navigation at once. axe on the list and the menu.
import type { Page } from 'playwright-core';
import { axeViolations } from '../support/page-checks';
import { createTwoFactorAccount, currentCode } from '../support/two-factor';
import { openPage, useBrowserTestBed, waitForShell, withConsentAnswered } from './support/browser';
import { pathOf } from './support/shell';

const bed = useBrowserTestBed();
jest.setTimeout(120_000);

async function signedInEditor(javaScript: boolean): Promise<{ page: Page; close: () => Promise<void> }> {
  const account = await createTwoFactorAccount(bed.server.db, `e2e-menus-${javaScript ? 'js' : 'nojs'}`);
  await bed.server.db.insertInto('user_roles').values({ user_id: account.id, role: 'editor' }).execute();
  const { page, context } = await openPage(bed.browser, `${bed.server.url}/fr/`, { javaScript });
  await withConsentAnswered(context, bed.server.url);
  page.setDefaultTimeout(15_000);
  await page.goto(`${bed.server.url}/fr/security/login?returnUrl=${encodeURIComponent('/fr/backoffice/menus')}`);
  await page.fill('#login-Email', account.email);
  await page.fill('#login-Password', account.password);
  await page.click('.login-form button[type="submit"]');
  await page.locator('#two-factor-code').waitFor();
  await page.fill('#two-factor-code', currentCode(account.secret));
  await Promise.all([page.waitForURL((url) => url.pathname === '/fr/backoffice/menus', { waitUntil: 'load' }), page.click('form.two-factor-form button[type="submit"]')]);
  await page.locator('.backoffice-menus').waitFor();
  if (javaScript) await waitForShell(page);
  return { page, close: () => context.close() };
}

/** The visitors' navigation (another context: no session) on the FAQ page: its links' texts and addresses. */
async function visitorNavigation(): Promise<{ text: string; href: string }[]> {
  const { page, context } = await openPage(bed.browser, `${bed.server.url}/fr/faq`, { javaScript: false });
  const links = await page.$$eval('#main-navigation a', (found) => found.map((link) => ({ text: link.textContent!.trim(), href: link.getAttribute('href')! })));
  await context.close();
  return links;
}

/** axe reads colours: after the region's swap and fade (an endless animation, such as a marquee, is not waited for). */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
  );
}

async function submitAndWait(page: Page, button: string, path: RegExp): Promise<void> {
  await Promise.all([page.waitForURL((url) => path.test(url.pathname), { waitUntil: 'load' }), page.click(button)]);
  await page.locator('.backoffice-menu-editor').waitFor();
}

describe.each([true, false])('with JavaScript: %s', (javaScript) => {
  test('an editor renames an item, adds a link and removes it; visitors see each change', async () => {
    const { page, close } = await signedInEditor(javaScript);
    const label = javaScript ? 'Le journal' : 'La gazette';
    await settled(page);
    expect(await axeViolations(page, { javaScript })).toEqual([]);
    await Promise.all([page.waitForURL((url) => /^\/fr\/backoffice\/menus\/\d+$/.test(url.pathname)), page.click('tr[data-menu-code="main"] td a')]);
    await page.locator('.backoffice-menu-editor').waitFor();
    await settled(page);
    expect(await axeViolations(page, { javaScript })).toEqual([]);
    const menuPath = pathOf(page);

    const news = page.locator('.backoffice-menu-item', { has: page.locator('option[value="news"][selected]') }).first();
    const newsId = await news.getAttribute('data-item-id');
    await news.locator('summary').click();
    await page.fill(`#menu-item-${newsId}-Label_fr`, label);
    await submitAndWait(page, `.backoffice-menu-item[data-item-id="${newsId}"] form.backoffice-form button[type="submit"]`, /^\/fr\/backoffice\/menus\/\d+$/);
    expect(pathOf(page)).toBe(menuPath);
    expect((await visitorNavigation()).find((link) => link.href === '/fr/news')?.text).toBe(label);

    const help = await page.locator('.backoffice-menu-item[data-depth="1"]', { has: page.locator('option[value="faq"][selected]') }).first().getAttribute('data-item-id');
    await page.selectOption('#menu-new-ParentId', help!);
    await page.selectOption('#menu-new-Kind', 'url');
    await page.fill('#menu-new-Url', 'https://example.com/soldes');
    await page.fill('#menu-new-Label_fr', 'Soldes');
    await submitAndWait(page, '.backoffice-menu-add button[type="submit"]', /^\/fr\/backoffice\/menus\/\d+$/);
    expect(await visitorNavigation()).toContainEqual({ text: 'Soldes', href: 'https://example.com/soldes' });

    const added = page.locator('.backoffice-menu-item', { has: page.locator('input[name="Url"][value="https://example.com/soldes"]') });
    await Promise.all([page.waitForURL((url) => url.pathname.endsWith('/remove')), added.locator('a[data-remove-item]').click()]);
    await page.locator('main form button.button-danger').waitFor();
    await submitAndWait(page, 'main form button.button-danger', /^\/fr\/backoffice\/menus\/\d+$/);
    expect((await visitorNavigation()).some((link) => link.href === 'https://example.com/soldes')).toBe(false);
    await close();
  });
});
