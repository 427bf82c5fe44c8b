// The account flows in Chromium with JavaScript turned off: plain form posts, redirects and notices.
import type { Page } from 'playwright-core';
import { resource } from '../support/resources';
import { demo, linkIn, waitForMail } from '../http/accounts-helpers';
import { openPage, useBrowserTestBed, withConsentAnswered } from './support/browser';
import { pathOf } from './support/shell';

const bed = useBrowserTestBed();

async function openPlain(path: string) {
  const opened = await openPage(bed.browser, `${bed.server.url}${path}`, { javaScript: false });
  await withConsentAnswered(opened.context, bed.server.url);
  await opened.page.reload();
  return opened;
}

async function submit(page: Page, form: string): Promise<void> {
  await Promise.all([page.waitForNavigation(), page.click(`${form} button[type="submit"]`)]);
}

describe('accounts without JavaScript', () => {
  it('sends a direct visit of the account page to log in, back to it, and logs off from the header', async () => {
    const { page, context } = await openPlain('/nl/account');
    expect(pathOf(page)).toBe('/nl/security/login');
    await page.fill('#login-Email', demo.staff.email);
    await page.fill('#login-Password', 'Wrong-password-1');
    await submit(page, '.login-form');
    expect(await page.textContent('.form-error')).toBe(resource('nl', 'Security.Login.Invalid'));
    expect(await page.inputValue('#login-Email')).toBe(demo.staff.email);

    await page.fill('#login-Password', demo.staff.password);
    await submit(page, '.login-form');
    expect(pathOf(page)).toBe('/nl/account');
    expect(await page.textContent('.flash-success')).toBe(resource('nl', 'Security.Login.SignedIn'));
    await Promise.all([page.waitForNavigation(), page.click('.account-actions a[href="/nl/staff"]')]);
    expect(await page.locator('.staff-account-email').count()).toBeGreaterThanOrEqual(3);

    await submit(page, '.header-account .logoff-form');
    expect(pathOf(page)).toBe('/nl/');
    expect(await page.textContent('.flash-success')).toBe(resource('nl', 'Security.Logoff.Done'));
    expect(await page.locator('.header-login-link').count()).toBe(1);
    await context.close();
  });

  it('registers with the server messages, then confirms by the mailed link', async () => {
    const { page, context } = await openPlain('/es/security/register');
    await page.fill('#register-Email', 'pablo@example.es');
    await page.fill('#register-Password', 'solominusculas');
    await submit(page, '.register-form');
    expect(await page.textContent('#register-FirstName-error')).toBe(resource('es', 'Validation.Required'));
    expect(await page.textContent('#register-Password-error')).toBe(resource('es', 'Security.Password.Policy'));
    expect(await page.textContent('#register-AcceptTerms-error')).toBe(resource('es', 'Security.Register.TermsRequired'));

    await page.fill('#register-FirstName', 'Pablo');
    await page.fill('#register-LastName', 'García');
    await page.fill('#register-Password', 'Madrid-Luna-77');
    await page.fill('#register-ConfirmPassword', 'Madrid-Luna-77');
    await page.check('#register-AcceptTerms');
    await submit(page, '.register-form');
    expect(pathOf(page)).toBe('/es/security/register/sent');

    const mail = await waitForMail(bed.server, { to: 'pablo@example.es', subject: resource('es', 'Security.Mail.ConfirmEmail.Subject') });
    await page.goto(`${bed.server.url}${linkIn(mail, 'security/confirm')}`);
    await submit(page, '.confirm-form');
    expect(pathOf(page)).toBe('/es/account');
    expect(await page.textContent('.flash-success')).toBe(resource('es', 'Security.Confirm.Done'));
    await context.close();
  });

  it('resets a forgotten password by the mailed link and signs in with the new one', async () => {
    const { page, context } = await openPlain('/fr/security/forgotpassword');
    await page.fill('#forgotpassword-Email', demo.customer.email);
    await submit(page, '.forgotpassword-form');
    expect(await page.textContent('.flash-success')).toBe(resource('fr', 'Security.ForgotPassword.Sent'));

    const mail = await waitForMail(bed.server, { to: demo.customer.email, subject: resource('fr', 'Security.Mail.ResetPassword.Subject') });
    await page.goto(`${bed.server.url}${linkIn(mail, 'security/resetpassword')}`);
    await page.fill('#resetpassword-Password', 'Customer-Reset-2027');
    await page.fill('#resetpassword-ConfirmPassword', 'Customer-Reset-2027');
    await submit(page, '.resetpassword-form');
    expect(pathOf(page)).toBe('/fr/security/login');
    expect(await page.textContent('.flash-success')).toBe(resource('fr', 'Security.ResetPassword.Done'));

    await page.fill('#login-Email', demo.customer.email);
    await page.fill('#login-Password', 'Customer-Reset-2027');
    await submit(page, '.login-form');
    expect(pathOf(page)).toBe('/fr/');
    expect(await page.locator('.header-account-link').count()).toBe(1);

    await page.goto(`${bed.server.url}/fr/security/changepassword`);
    await page.fill('#changepassword-OldPassword', 'Customer-Reset-2027');
    await page.fill('#changepassword-NewPassword', 'Customer-Again-2028');
    await page.fill('#changepassword-ConfirmPassword', 'Customer-Again-2028');
    await submit(page, '.changepassword-form');
    expect(pathOf(page)).toBe('/fr/account');
    expect(await page.textContent('.flash-success')).toBe(resource('fr', 'Security.ChangePassword.Done'));
    await context.close();
  });
});
