// Issue 20 item 1 in Chromium: a sign-in whose returnUrl a browser would normalise to another host
// (/\t/evil.example is //evil.example once the tab is dropped) lands on this site, with and without JS.
import type { Page } from 'playwright-core';
import { demo } from '../http/accounts-helpers';
import { openPage, useBrowserTestBed, waitForShell, withConsentAnswered } from './support/browser';

const bed = useBrowserTestBed();
const hostile = '/fr/security/login?returnUrl=%2F%09%2Fevil.example';

async function signIn(page: Page): Promise<void> {
  await page.fill('#login-Email', demo.customer.email);
  await page.fill('#login-Password', demo.customer.password);
  await Promise.all([page.waitForURL((url) => !url.pathname.endsWith('/security/login')), page.click('.login-form button[type="submit"]')]);
  await page.waitForLoadState('load');
}

describe('signing in with a hostile returnUrl', () => {
  it.each([true, false])('lands on the site, not on evil.example (JavaScript %p)', async (javaScript) => {
    const { page, context, errors } = await openPage(bed.browser, `${bed.server.url}${hostile}`, { javaScript });
    await withConsentAnswered(context, bed.server.url);
    await page.reload();
    if (javaScript) await waitForShell(page);
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).host));
    await signIn(page);
    const landed = new URL(page.url());
    expect(landed.origin).toBe(new URL(bed.server.url).origin);
    expect(landed.pathname).toBe('/fr/');
    expect(requested.filter((host) => host.includes('evil.example'))).toEqual([]);
    expect(await page.locator('.header-login-link').count()).toBe(0);
    if (javaScript) expect(errors).toEqual([]);
    await context.close();
  });
});
