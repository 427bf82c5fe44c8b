// Two-factor authentication in Chromium: the two-factor modal (setup from the home, back link, success
// marker, reload on close), signing in with a code in the login modal, and both again without JavaScript.
import { Secret, TOTP } from 'otpauth';
import type { Locator, Page } from 'playwright-core';
import { resource } from '../support/resources';
import { createAccount, createTwoFactorAccount, type TestAccount } from '../support/two-factor';
import { openPage, useBrowserTestBed, waitForShell, withConsentAnswered } from './support/browser';
import { clickLink, pathOf } from './support/shell';

const bed = useBrowserTestBed();
const fr = (key: string) => resource('fr', `Security.TwoFactor.${key}`);

/** The code an authenticator app shows for the key the page printed (grouped by four for reading). */
function authenticatorCode(printedKey: string, steps = 0): string {
  const totp = new TOTP({ secret: Secret.fromBase32(printedKey.replace(/\s/g, '')), algorithm: 'SHA1', digits: 6, period: 30 });
  return totp.generate({ timestamp: Date.now() + steps * 30_000 });
}

async function open(path: string, javaScript = true) {
  const opened = await openPage(bed.browser, `${bed.server.url}${path}`, { javaScript });
  await withConsentAnswered(opened.context, bed.server.url);
  await opened.page.reload();
  opened.page.setDefaultTimeout(10_000);
  if (javaScript) await waitForShell(opened.page);
  return opened;
}

/** Signs in on the login page (its own form, with or without JS) and lands on returnUrl. */
async function signInOnLoginPage(page: Page, account: TestAccount, returnUrl: string): Promise<void> {
  await page.goto(`${bed.server.url}/fr/security/login?returnUrl=${encodeURIComponent(returnUrl)}`);
  await page.fill('#login-Email', account.email);
  await page.fill('#login-Password', account.password);
  await Promise.all([page.waitForURL(`${bed.server.url}${returnUrl}`, { waitUntil: 'load' }), page.click('.login-form button[type="submit"]')]);
}

const status = (page: Page) => page.getAttribute('#page .two-factor-status', 'data-two-factor-status');

async function submitCode(scope: Locator, code: string): Promise<void> {
  await scope.locator('#two-factor-code').fill(code);
  await scope.locator('form.two-factor-form button[type="submit"]').click();
}

describe('the two-factor modal, with JavaScript', () => {
  it('sets up an authenticator in the modal, comes back to the home in it, and reloads the page when closed after success', async () => {
    const account = await createAccount(bed.server.db, 'modal');
    const { page, context, errors } = await open('/fr/about');
    await signInOnLoginPage(page, account, '/fr/security/twofactor');
    await waitForShell(page);
    expect(await status(page)).toBe('off');

    await page.click('#page .two-factor-actions a[data-two-factor-modal]');
    const dialog = page.locator('#modal-root dialog.modal');
    const body = dialog.locator('#modal-body');
    await body.locator('.two-factor-setup img.two-factor-qr').waitFor();
    expect(pathOf(page)).toBe('/fr/security/twofactor');
    expect(await dialog.locator('.modal-title').textContent()).toBe(fr('SetupTitle'));

    // The back link loads the two-factor home into the modal body, and its link the set-up again.
    await body.locator('.two-factor-back a').click();
    await body.locator('.two-factor-home').waitFor();
    expect(await page.locator('#modal-root dialog.modal').count()).toBe(1);
    await body.locator('.two-factor-actions a').click();
    await body.locator('.two-factor-setup [data-two-factor-secret]').waitFor();
    const key = (await body.locator('[data-two-factor-secret]').textContent())!;

    await submitCode(body, String((Number(authenticatorCode(key)) + 500_000) % 1_000_000).padStart(6, '0'));
    await body.locator(`.form-error:has-text("${fr('InvalidCode')}")`).waitFor();

    await submitCode(body, authenticatorCode(key));
    await body.locator('[data-two-factor-success]').waitFor();
    expect(await body.locator('[data-two-factor-success] .flash-success').textContent()).toBe(fr('EnabledNotice'));
    expect(await body.locator('#two-factor-recovery-codes code').count()).toBe(10);
    expect(pathOf(page)).toBe('/fr/security/twofactor');
    expect(await status(page)).toBe('off');

    await page.evaluate(() => ((window as unknown as { marker: string }).marker = 'before reload'));
    await Promise.all([page.waitForEvent('load'), dialog.locator('.modal-close').click()]);
    await waitForShell(page);
    expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBeUndefined();
    expect(await status(page)).toBe('on');
    expect(await page.locator('#modal-root dialog').count()).toBe(0);
    // The wrong code answered 400 on purpose.
    expect(errors.filter((error) => !error.includes('status of 400'))).toEqual([]);
    await context.close();
  });

  it('closes without a reload when nothing succeeded', async () => {
    const account = await createAccount(bed.server.db, 'modal-cancel');
    const { page, context } = await open('/fr/about');
    await signInOnLoginPage(page, account, '/fr/security/twofactor');
    await waitForShell(page);
    await page.click('#page .two-factor-actions a[data-two-factor-modal]');
    const dialog = page.locator('#modal-root dialog.modal');
    await dialog.locator('#modal-body .two-factor-setup').waitFor();
    await page.evaluate(() => ((window as unknown as { marker: string }).marker = 'still here'));
    await dialog.locator('.modal-close').click();
    await page.locator('#modal-root dialog').waitFor({ state: 'detached' });
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe('still here');
    await context.close();
  });

  it('signs in with an authenticator code in the login modal opened by a 401', async () => {
    const account = await createTwoFactorAccount(bed.server.db, 'modal-login');
    const { page, context, errors } = await open('/fr/about');
    await page.evaluate(() => document.getElementById('page')!.insertAdjacentHTML('beforeend', '<p><a id="to-two-factor" href="/fr/security/twofactor">2FA</a></p>'));
    await clickLink(page, '#to-two-factor');
    const dialog = page.locator('#modal-root dialog.modal');
    await dialog.locator('.login-form').waitFor();
    await dialog.locator('#login-Email').fill(account.email);
    await dialog.locator('#login-Password').fill(account.password);
    await dialog.locator('.login-form button[type="submit"]').click();
    const step = dialog.locator('#two-factor-sign-in');
    await step.locator('#two-factor-code').waitFor();
    expect(await step.locator('h1').textContent()).toBe(fr('SignInTitle'));

    await submitCode(step, 'zzzz-zzzz');
    await step.locator(`.form-error:has-text("${fr('InvalidCode')}")`).waitFor();
    // The answer tells the shell to load the return page whole (the header changes with the sign-in).
    // Waited for by its address: a history.replaceState (the shell saving the scroll position) satisfies
    // waitForNavigation, and on a loaded machine it can come first.
    await Promise.all([page.waitForURL((url) => url.pathname === '/fr/security/twofactor'), submitCode(step, authenticatorCode(account.secret))]);
    await page.locator('.header-account-link').waitFor();
    await page.goto(`${bed.server.url}/fr/security/twofactor`);
    expect(await status(page)).toBe('on');
    // The first visit answered 401 and the wrong code 400, both on purpose.
    expect(errors.filter((error) => !/status of (400|401)/.test(error))).toEqual([]);
    await context.close();
  });
});

describe('two-factor without JavaScript', () => {
  it('sets up an authenticator through plain pages and shows the recovery codes once', async () => {
    const account = await createAccount(bed.server.db, 'nojs');
    const { page, context } = await open('/fr/about', false);
    await signInOnLoginPage(page, account, '/fr/security/twofactor');
    await Promise.all([page.waitForNavigation(), page.click('#page .two-factor-actions a')]);
    expect(pathOf(page)).toBe('/fr/security/twofactor/setup');
    const key = (await page.textContent('[data-two-factor-secret]'))!;
    expect(await page.locator('img.two-factor-qr').evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);

    await Promise.all([page.waitForNavigation(), submitCode(page.locator('#page'), '12345')]);
    expect(await page.textContent('#two-factor-code-error')).toBe(fr('TotpFormat'));

    await Promise.all([page.waitForNavigation(), submitCode(page.locator('#page'), authenticatorCode(key))]);
    expect(pathOf(page)).toBe('/fr/security/twofactor');
    expect(await page.locator('[data-two-factor-success] #two-factor-recovery-codes code').count()).toBe(10);
    expect(await status(page)).toBe('on');
    await page.reload();
    expect(await page.locator('[data-two-factor-success]').count()).toBe(0);
    await context.close();
  });

  it('signs in with a recovery code on the code step page', async () => {
    const account = await createTwoFactorAccount(bed.server.db, 'nojs-login');
    const { page, context } = await open('/fr/about', false);
    await page.goto(`${bed.server.url}/fr/security/login?returnUrl=${encodeURIComponent('/fr/legal')}`);
    await page.fill('#login-Email', account.email);
    await page.fill('#login-Password', account.password);
    await Promise.all([page.waitForNavigation(), page.click('.login-form button[type="submit"]')]);
    expect(pathOf(page)).toBe('/fr/security/login/twofactor');

    await Promise.all([page.waitForNavigation(), submitCode(page.locator('#page'), authenticatorCode(account.secret, -5))]);
    expect(await page.textContent('.two-factor-form .form-error')).toBe(fr('InvalidCode'));
    await Promise.all([page.waitForNavigation(), submitCode(page.locator('#page'), account.recoveryCodes[0])]);
    expect(pathOf(page)).toBe('/fr/legal');
    expect(await page.textContent('.flash-info')).toBe(fr('RecoveryCodeUsed'));
    await page.goto(`${bed.server.url}/fr/security/twofactor`);
    expect(await page.textContent('.two-factor-codes-left')).toBe(fr('RecoveryCodesLeft').replace('{{count}}', '9'));
    await context.close();
  });
});
