// The page shell in real Chromium: error dialogs, ajax forms, the mobile menu, and pages without JavaScript.
import french from '../../locales/fr.json';
import { useBrowserTestBed, useShellPage } from './support/browser';
import { bodyClasses, clickAndWaitForPage, clickLink, menuLink, pathOf } from './support/shell';

const bed = useBrowserTestBed();
const shell = useShellPage(bed, '/fr/');

describe('errors', () => {
  it('shows the localised error dialog for a 500 and closes it with Close', async () => {
    await shell.page.route('**/fr/about', (route) => route.fulfill({ status: 500, contentType: 'text/html', body: '<p>boom</p>' }));
    await clickLink(shell.page, menuLink('about'));
    const dialog = shell.page.locator('#modal-root dialog.modal');
    await dialog.waitFor();
    expect(await dialog.locator('.modal-body').textContent()).toBe(french.Core.ErrorServer);
    expect(await dialog.locator('.modal-footer button').textContent()).toBe(french.Core.Close);
    expect(pathOf(shell.page)).toBe('/fr/');
    await dialog.locator('.modal-footer button').click();
    await dialog.waitFor({ state: 'detached' });
  });

  it('opens the login page in a modal for a 401, to return to the page that asked for it', async () => {
    await shell.page.route('**/fr/contact', (route) => route.fulfill({ status: 401, contentType: 'text/html', body: '' }));
    const loginRequest = shell.page.waitForRequest((request) => request.url().includes('/fr/security/login'));
    await clickLink(shell.page, menuLink('contact'));
    const request = await loginRequest;
    expect(new URL(request.url()).searchParams.get('returnUrl')).toBe('/fr/contact');
    expect(request.headers()['hx-target']).toBe('modal-body');
    const dialog = shell.page.locator('#modal-root dialog.modal');
    await dialog.locator('.login-form').waitFor();
    expect(await dialog.locator('.modal-title').textContent()).toBe('Connexion | Maison Storefront');
    await shell.page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });
});

describe('ajax forms', () => {
  const submit = () => shell.page.evaluate(() => document.querySelector<HTMLFormElement>('.newsletter-form')!.requestSubmit());

  it('posts with the CSRF header, shows the loading block, and swaps in the errors, then the answer', async () => {
    // Without its declared rules the browser lets the bad address through: the server's answer is what is tested.
    await shell.page.evaluate(() => document.querySelectorAll('.newsletter-form [data-val]').forEach((field) => field.removeAttribute('data-val')));
    await shell.page.fill('#newsletter-email', 'not-an-email');
    const posted = shell.page.waitForRequest((request) => request.method() === 'POST');
    await submit();
    const request = await posted;
    expect(request.headers()['x-csrf-token']).toBe(await shell.page.getAttribute('meta[name="csrf-token"]', 'content'));
    expect(request.headers()['hx-target']).toBe('newsletter');
    await shell.page.locator('#newsletter-email-error:not(:empty)').waitFor();
    expect(await shell.page.locator('#modal-root dialog').count()).toBe(0);
    await shell.page.route('**/fr/newsletter', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 500));
      await route.continue();
    });
    await shell.page.fill('#newsletter-email', 'ada@example.com');
    await submit();
    await shell.page.waitForSelector('.newsletter-form.loading-block[aria-busy="true"]');
    await shell.page.locator('#newsletter .newsletter-thanks').waitFor();
    expect(await shell.page.locator('#newsletter').count()).toBe(1);
  });
});

describe('mobile navigation', () => {
  it('builds the mobile menu on first toggle, opens a submenu, and closes when a link loads a page', async () => {
    await shell.page.setViewportSize({ width: 400, height: 700 });
    const toggle = shell.page.locator('[data-nav-toggle]');
    await toggle.click();
    const mobile = shell.page.locator('#mobile-navigation');
    await mobile.waitFor();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    expect(await bodyClasses(shell.page)).toContain('nav-open');
    await mobile.locator('.dropdown-toggle[href$="/fr/faq"]').click();
    expect(pathOf(shell.page)).toBe('/fr/');
    // The submenu opens once the panels chunk answers (a promise, even when already loaded): wait for it.
    await mobile.locator('.nav-item-faq.dropdown.open').waitFor();
    await clickAndWaitForPage(shell.page, '#mobile-navigation a.dropdown-item[href$="/fr/contact"]');
    expect(pathOf(shell.page)).toBe('/fr/contact');
    expect(await bodyClasses(shell.page)).not.toContain('nav-open');
    expect(await mobile.isVisible()).toBe(false);
  });
});

describe('without JavaScript', () => {
  it('shows the page with no loader in the way and follows links with full loads', async () => {
    const plain = await bed.browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 800 } });
    const plainPage = await plain.newPage();
    await plainPage.goto(`${bed.server.url}/fr/about`);
    expect(await plainPage.locator('#page-loader').isVisible()).toBe(false);
    await plainPage.locator('a.brand').click();
    await plainPage.waitForURL(`${bed.server.url}/fr/`);
    expect(await plainPage.title()).toBe('Maison Storefront');
    await plain.close();
  });
});
