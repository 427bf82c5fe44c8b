// Registration in Chromium: the browser's own messages in two cultures, then the mailed link.
import type { Page } from 'playwright-core';
import type { Culture } from '../../server/config';
import { resource } from '../support/resources';
import { linkIn, waitForMail } from '../http/accounts-helpers';
import { openPage, useBrowserTestBed, waitForShell, withConsentAnswered } from './support/browser';
import { pathOf } from './support/shell';

const bed = useBrowserTestBed();

async function openRegister(culture: Culture) {
  const opened = await openPage(bed.browser, `${bed.server.url}/${culture}/security/register`);
  await withConsentAnswered(opened.context, bed.server.url);
  await opened.page.reload();
  await waitForShell(opened.page);
  return opened;
}

const message = (page: Page, field: string) => page.textContent(`#register-${field}-error`);

function countPosts(page: Page): () => number {
  let posts = 0;
  page.on('request', (request) => void (request.method() === 'POST' && posts++));
  return () => posts;
}

describe('register with JavaScript', () => {
  it('shows the German messages in the browser, without posting, for missing fields and unticked terms', async () => {
    const { page, context } = await openRegister('de');
    const posts = countPosts(page);
    await page.focus('#register-Email');
    await page.click('.register-form button[type="submit"]');
    await page.locator('#register-Email-error:not(:empty)').waitFor();
    expect(await message(page, 'Email')).toBe(resource('de', 'Validation.Required'));
    expect(await message(page, 'FirstName')).toBe(resource('de', 'Validation.Required'));
    expect(await message(page, 'AcceptTerms')).toBe(resource('de', 'Security.Register.TermsRequired'));
    expect(await page.getAttribute('#register-Email', 'aria-invalid')).toBe('true');
    await page.fill('#register-Password', 'kurz');
    await page.click('.register-form button[type="submit"]');
    await page.waitForFunction(() => document.querySelector('#register-Password-error')?.textContent !== '');
    expect(await message(page, 'Password')).toBe(resource('de', 'Security.Password.Policy'));
    expect(posts()).toBe(0);
    await context.close();
  });

  it('shows the Portuguese messages, then registers and follows the redirect target', async () => {
    const { page, context } = await openRegister('pt');
    await page.fill('#register-Email', 'joana@example.pt');
    await page.fill('#register-FirstName', 'Joana');
    await page.fill('#register-LastName', 'Silva');
    await page.fill('#register-Password', 'Lisboa-Sol-2026');
    await page.fill('#register-ConfirmPassword', 'Lisboa-Sol-2027');
    // Leaving the field checks it (and its message moves the button: click once it is in place).
    await page.focus('#register-AcceptTerms');
    await page.locator('#register-ConfirmPassword-error:not(:empty)').waitFor();
    expect(await message(page, 'ConfirmPassword')).toBe(resource('pt', 'Security.Password.Mismatch'));
    await page.click('.register-form button[type="submit"]');
    await page.locator('#register-AcceptTerms-error:not(:empty)').waitFor();
    expect(await message(page, 'AcceptTerms')).toBe(resource('pt', 'Security.Register.TermsRequired'));

    await page.fill('#register-ConfirmPassword', 'Lisboa-Sol-2026');
    // Keyboard, like the layout-shift note above: leaving the confirmation clears its message.
    await page.focus('#register-AcceptTerms');
    await page.keyboard.press('Space');
    expect(await page.isChecked('#register-AcceptTerms')).toBe(true);
    const target = await page.getAttribute('.register-form', 'data-redirect-target');
    await Promise.all([page.waitForURL(`${bed.server.url}${target}`, { waitUntil: 'load' }), page.click('.register-form button[type="submit"]')]);
    expect(await page.textContent('.register-sent-page .notice')).toBe(resource('pt', 'Security.Register.Sent'));

    const mail = await waitForMail(bed.server, { to: 'joana@example.pt', subject: resource('pt', 'Security.Mail.ConfirmEmail.Subject') });
    await page.goto(`${bed.server.url}${linkIn(mail, 'security/confirm')}`);
    await Promise.all([page.waitForURL(/\/pt\/account$/, { waitUntil: 'load' }), page.click('.confirm-form button[type="submit"]')]);
    expect(pathOf(page)).toBe('/pt/account');
    expect(await page.textContent('.account-email')).toBe('joana@example.pt');
    await context.close();
  });
});
