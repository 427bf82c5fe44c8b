// Accounts with JavaScript in Chromium: the login modal after a 401, ajax account forms.
import type { Page } from 'playwright-core';
import { resource } from '../support/resources';
import { demo } from '../http/accounts-helpers';
import { openPage, useBrowserTestBed, waitForShell, withConsentAnswered } from './support/browser';
import { clickAndWaitForPage, clickLink, pathOf } from './support/shell';

const bed = useBrowserTestBed();

async function openWithShell(path: string) {
  const opened = await openPage(bed.browser, `${bed.server.url}${path}`);
  await withConsentAnswered(opened.context, bed.server.url);
  await opened.page.reload();
  await waitForShell(opened.page);
  return opened;
}

/** A link to the account page inside the page region, as any page of the shop could hold. */
function addAccountLink(page: Page): Promise<void> {
  return page.evaluate(() => document.getElementById('page')!.insertAdjacentHTML('beforeend', '<p><a id="to-account" href="/fr/account">account</a></p>'));
}

describe('login in the modal after a 401', () => {
  it('opens the login form in a modal, shows a wrong password there, then signs in and returns', async () => {
    const { page, context, errors } = await openWithShell('/fr/about');
    await addAccountLink(page);
    await clickLink(page, '#to-account');
    const dialog = page.locator('#modal-root dialog.modal');
    await dialog.locator('.login-form').waitFor();
    // The login leads to the page that asked for it, not back to the one the link was on.
    expect(await dialog.locator('input[name="returnUrl"]').inputValue()).toBe('/fr/account');
    expect(pathOf(page)).toBe('/fr/about');

    await dialog.locator('#login-Email').fill(demo.customer.email);
    await dialog.locator('#login-Password').fill('Wrong-password-1');
    await dialog.locator('.login-form button[type="submit"]').click();
    await dialog.locator('.form-error').waitFor();
    expect(await dialog.locator('.form-error').textContent()).toBe(resource('fr', 'Security.Login.Invalid'));
    expect(await page.locator('#modal-root dialog.modal').count()).toBe(1);

    await dialog.locator('#login-Password').fill(demo.customer.password);
    await Promise.all([page.waitForURL(`${bed.server.url}/fr/account`, { waitUntil: 'load' }), dialog.locator('.login-form button[type="submit"]').click()]);
    await page.locator('.header-account-link').waitFor();
    expect(await page.textContent('.flash-success')).toBe(resource('fr', 'Security.Login.SignedIn'));
    expect(await page.locator('#modal-root dialog').count()).toBe(0);
    expect(pathOf(page)).toBe('/fr/account');
    expect(await page.textContent('.account-email')).toBe(demo.customer.email);
    // The refused password answered 400 and the first account request 401, both on purpose.
    expect(errors.filter((error) => !/status of (400|401)/.test(error))).toEqual([]);
    await context.close();
  });

  it('checks the fields in the browser before anything is posted', async () => {
    const { page, context } = await openWithShell('/fr/about');
    await addAccountLink(page);
    await clickLink(page, '#to-account');
    const dialog = page.locator('#modal-root dialog.modal');
    await dialog.locator('.login-form').waitFor();
    let posts = 0;
    page.on('request', (request) => void (request.method() === 'POST' && posts++));
    await dialog.locator('#login-Email').fill('not an address');
    await dialog.locator('.login-form button[type="submit"]').click();
    await dialog.locator('#login-Email-error:not(:empty)').waitFor();
    expect(await dialog.locator('#login-Email-error').textContent()).toBe(resource('fr', 'Validation.Email'));
    expect(await dialog.locator('#login-Password-error').textContent()).toBe(resource('fr', 'Validation.Required'));
    expect(posts).toBe(0);
    await context.close();
  });
});

describe('ajax account forms', () => {
  it('changes the password in place, with the server message first and the account page after', async () => {
    const { page, context } = await openWithShell('/fr/security/login?returnUrl=%2Ffr%2Fsecurity%2Fchangepassword');
    await page.fill('#login-Email', demo.editor.email);
    await page.fill('#login-Password', demo.editor.password);
    await Promise.all([page.waitForURL(/\/fr\/security\/changepassword$/, { waitUntil: 'load' }), page.click('.login-form button[type="submit"]')]);
    await waitForShell(page);
    await page.fill('#changepassword-OldPassword', 'Not-the-password-1');
    await page.fill('#changepassword-NewPassword', 'Editor-Changed-2027');
    await page.fill('#changepassword-ConfirmPassword', 'Editor-Changed-2027');
    await page.click('.changepassword-form button[type="submit"]');
    await page.locator('#changepassword-OldPassword-error:not(:empty)').waitFor();
    expect(await page.textContent('#changepassword-OldPassword-error')).toBe(resource('fr', 'Security.ChangePassword.WrongCurrent'));
    expect(pathOf(page)).toBe('/fr/security/changepassword');

    await page.fill('#changepassword-OldPassword', demo.editor.password);
    await page.fill('#changepassword-NewPassword', 'Editor-Changed-2027');
    await page.fill('#changepassword-ConfirmPassword', 'Editor-Changed-2027');
    await Promise.all([page.waitForURL(/\/fr\/account$/, { waitUntil: 'load' }), page.click('.changepassword-form button[type="submit"]')]);
    expect(await page.textContent('.flash-success')).toBe(resource('fr', 'Security.ChangePassword.Done'));
    await context.close();
  });
});
