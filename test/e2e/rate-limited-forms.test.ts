// Forms over their rate limit in Chromium: the ajax form swaps in the server's 429 answer (the form, as
// typed, saying why it is locked) instead of opening the generic error dialog; without JS the page says it.
import type { Page } from 'playwright-core';
import { resource } from '../support/resources';
import { openPage, useBrowserTestBed, waitForShell, withConsentAnswered } from './support/browser';

const bed = useBrowserTestBed();

async function open(path: string, javaScript = true) {
  const opened = await openPage(bed.browser, `${bed.server.url}${path}`, { javaScript });
  await withConsentAnswered(opened.context, bed.server.url);
  await opened.page.reload();
  if (javaScript) await waitForShell(opened.page);
  return opened;
}

/** Uses up a limit with posts from the page itself (its session and CSRF token); answers their statuses. */
function postTimes(page: Page, { path, body, times }: { path: string; body: string; times: number }): Promise<number[]> {
  return page.evaluate(
    async ({ path, body, times }) => {
      const token = document.querySelector('meta[name="csrf-token"]')!.getAttribute('content')!;
      const headers = { 'Content-Type': 'application/x-www-form-urlencoded', 'X-CSRF-Token': token, 'HX-Request': 'true' };
      const statuses: number[] = [];
      for (let post = 0; post < times; post++) statuses.push((await fetch(path, { method: 'POST', headers, body })).status);
      return statuses;
    },
    { path, body, times },
  );
}

const dialogs = (page: Page) => page.locator('#modal-root dialog').count();

describe('the forgotten-password form over its limit (5 an hour per address asked for)', () => {
  it('shows why in place with JavaScript, and on the page without', async () => {
    const { page, context } = await open('/de/security/forgotpassword');
    const body = 'Email=locked%40example.com';
    expect(await postTimes(page, { path: '/de/security/forgotpassword', body, times: 5 })).toEqual([200, 200, 200, 200, 200]);
    await page.fill('#forgotpassword-Email', 'locked@example.com');
    const answer = page.waitForResponse((response) => response.url().endsWith('/security/forgotpassword') && response.request().method() === 'POST');
    await page.click('.forgotpassword-form button[type="submit"]');
    expect((await answer).status()).toBe(429);
    await page.locator('#forgotpassword-page .form-error').waitFor();
    expect(await page.textContent('#forgotpassword-page .form-error')).toBe(resource('de', 'Core.TooManyRequests'));
    expect(await page.locator('.forgotpassword-form').count()).toBe(1);
    expect(await dialogs(page)).toBe(0);
    await context.close();

    const plain = await open('/de/security/forgotpassword', false);
    await plain.page.fill('#forgotpassword-Email', 'locked@example.com');
    const [response] = await Promise.all([plain.page.waitForNavigation(), plain.page.click('.forgotpassword-form button[type="submit"]')]);
    expect(response?.status()).toBe(429);
    expect(await plain.page.textContent('.form-error')).toBe(resource('de', 'Core.TooManyRequests'));
    await plain.context.close();
  });
});

describe('the contact form over its limit (20 posts an hour per client address)', () => {
  it('keeps what was typed and says why, in place, with JavaScript', async () => {
    const { page, context } = await open('/it/contact/form');
    const refused = await postTimes(page, { path: '/it/contact/form', body: 'Name=&Message=', times: 20 });
    expect(new Set(refused)).toEqual(new Set([400]));
    await page.fill('.contact-form [name="Name"]', 'Giulia Verdi');
    await page.fill('.contact-form [name="Email"]', 'giulia@example.it');
    await page.selectOption('.contact-form [name="Subject"]', 'product');
    await page.fill('.contact-form [name="Message"]', 'Is this chair available in green?');
    await page.focus('.contact-form button[type="submit"]');
    await page.click('.contact-form button[type="submit"]');
    await page.locator('#contact-page .form-error').waitFor();
    expect(await page.textContent('#contact-page .form-error')).toBe(resource('it', 'Core.TooManyRequests'));
    expect(await page.inputValue('.contact-form [name="Message"]')).toBe('Is this chair available in green?');
    expect(await dialogs(page)).toBe(0);
    await context.close();
  });
});
