// The checkout with JavaScript, in Chromium: the bank-transfer block follows the payment method, an
// invalid form scrolls to the top (no loading state), the address popup saves in a modal and the pickers
// refresh, and the VAT states (a fake VIES through app.locals.vies).
import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import type { ViesClient } from '../../server/checkout/vies';
import { demo } from '../http/accounts-helpers';
import { stockedVariant } from '../http/checkout-helpers';
import { openPage, useBrowserTestBed, waitForShell, withConsentAnswered } from './support/browser';

const bed = useBrowserTestBed();
jest.setTimeout(60_000);

const fakeVies: ViesClient = {
  async check(_country, number) {
    if (number === '0999999999') return null; // unreachable
    return number.startsWith('0');
  },
};

beforeAll(() => {
  bed.server.app.locals.vies = fakeVies;
});

/** A cart with one line: a visitor's (cookie `cart`) or a customer's (by account). */
async function cartIn({ userId = null }: { userId?: number | null } = {}): Promise<string> {
  const { db } = bed.server;
  const variant = await stockedVariant(bed.server, 50);
  const token = randomBytes(24).toString('base64url');
  const now = Date.now();
  if (userId !== null) await db.deleteFrom('carts').where('user_id', '=', userId).execute();
  const cart = await db.insertInto('carts').values({ token, user_id: userId, currency: 'EUR', created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow();
  await db.insertInto('cart_items').values({ cart_id: cart.id, variant_id: variant.id, quantity: 1, origin: 'Catalog', item_key: '', created_at: now }).execute();
  return token;
}

async function checkoutPage({ signIn = false, viewport = { width: 1280, height: 700 } } = {}): Promise<{ page: Page; errors: string[]; close: () => Promise<void> }> {
  const { page, context, errors } = await openPage(bed.browser, `${bed.server.url}/fr/`);
  await withConsentAnswered(context, bed.server.url);
  await page.setViewportSize(viewport);
  if (signIn) {
    const user = await bed.server.db.selectFrom('users').select('id').where('email', '=', demo.customer.email).executeTakeFirstOrThrow();
    await cartIn({ userId: user.id });
    await page.goto(`${bed.server.url}/fr/security/login`);
    await page.fill('#login-Email', demo.customer.email);
    await page.fill('#login-Password', demo.customer.password);
    await Promise.all([page.waitForURL((url) => !url.pathname.endsWith('/security/login')), page.click('form[action$="/security/login"] button[type="submit"]')]);
  } else {
    await context.addCookies([{ name: 'cart', value: await cartIn(), url: bed.server.url }]);
  }
  await page.goto(`${bed.server.url}/fr/checkout`);
  await waitForShell(page);
  return { page, errors, close: () => context.close() };
}

/**
 * Clicks a radio or checkbox and waits for its state: a first use before the checkout behaviour has
 * arrived is held by the registry and replayed once it has (so the state changes a moment later).
 */
async function choose(page: Page, selector: string, checked = true): Promise<void> {
  if ((await page.isChecked(selector)) === checked) return;
  await page.click(selector);
  await page.waitForFunction(([s, c]) => (document.querySelector(s as string) as HTMLInputElement | null)?.checked === c, [selector, checked] as const);
}

/** Sets a marker on the window: gone after a reload. */
async function mark(page: Page): Promise<void> {
  await page.evaluate(() => ((window as unknown as { marker?: string }).marker = 'same page'));
}
async function marked(page: Page): Promise<boolean> {
  return page.evaluate(() => (window as unknown as { marker?: string }).marker === 'same page');
}

describe('checkout with JavaScript', () => {
  it('shows the bank-transfer block for BankTransfer only', async () => {
    const { page, errors, close } = await checkoutPage();
    expect(await page.isVisible('[data-bank-transfer]')).toBe(true);
    await choose(page, '#checkout-PaymentMethod-Card');
    await page.waitForSelector('[data-bank-transfer]', { state: 'hidden' });
    await choose(page, '#checkout-PaymentMethod-BankTransfer');
    await page.waitForSelector('[data-bank-transfer]', { state: 'visible' });
    // The same-address checkbox shows and hides the shipping address.
    expect(await page.isVisible('[data-checkout-shipping]')).toBe(false);
    await choose(page, 'form[data-checkout] [name="SameAddressForShipping"]', false);
    await page.waitForSelector('[data-checkout-shipping]', { state: 'visible' });
    expect(errors).toEqual([]);
    await close();
  });

  it('asks for the company name and VAT number of a business only; a postal code is checked for the country chosen', async () => {
    const { page, errors, close } = await checkoutPage();
    expect(await page.isChecked('#checkout-AccountType-Private')).toBe(true);
    await page.waitForSelector('[data-checkout-business]', { state: 'hidden' });
    await choose(page, '#checkout-AccountType-Company');
    await page.waitForSelector('[data-checkout-business]', { state: 'visible' });
    expect(await page.isVisible('form[data-checkout] [name="BillingCompany"]')).toBe(true);
    await choose(page, '#checkout-AccountType-Private');
    await page.waitForSelector('[data-checkout-business]', { state: 'hidden' });

    // In the browser, the same rule as the server's: four digits are no French postal code, but a Belgian one.
    const france = await page.getAttribute('form[data-checkout] [name="BillingCountry"] option:text-is("France")', 'value');
    const belgium = await page.getAttribute('form[data-checkout] [name="BillingCountry"] option:text-is("Belgique")', 'value');
    const country = (id: string) => page.evaluate((value) => {
      // Set without a change event: a change would set the tax country and reload the page.
      (document.querySelector('form[data-checkout] [name="BillingCountry"]') as HTMLSelectElement).value = value;
    }, id);
    await country(france!);
    await page.fill('form[data-checkout] [name="BillingPostalCode"]', '7500');
    await page.locator('form[data-checkout] [name="BillingPostalCode"]').blur();
    await page.waitForFunction(() => (document.querySelector('form[data-checkout] [data-valmsg-for="BillingPostalCode"]')?.textContent ?? '') !== '');
    expect(await page.getAttribute('form[data-checkout] [name="BillingPostalCode"]', 'aria-invalid')).toBe('true');
    await country(belgium!);
    await page.fill('form[data-checkout] [name="BillingPostalCode"]', '1000');
    await page.locator('form[data-checkout] [name="BillingPostalCode"]').blur();
    await page.waitForFunction(() => (document.querySelector('form[data-checkout] [data-valmsg-for="BillingPostalCode"]')?.textContent ?? 'x') === '');
    expect(errors).toEqual([]);
    await close();
  });

  it("warns in the console (only there) of a checkout without its billing hidden fields, account-type radios or selected address", async () => {
    const { page, errors, close } = await checkoutPage();
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning' && message.text().startsWith('checkout:')) warnings.push(message.text());
    });
    // The complete page warns of nothing.
    await page.focus('form[data-checkout] [name="Email"]');
    await page.waitForFunction(() => document.querySelector('[data-checkout-business]')?.hasAttribute('hidden'));
    expect(warnings).toEqual([]);
    // A page rendered without those parts (an integrator's template): the behaviour says what it misses.
    await page.route('**/fr/checkout', async (route) => {
      const answer = await route.fetch();
      const html = (await answer.text())
        .replace(/<input type="hidden" name="Existing(Billing|Shipping)AddressId"[^>]*>/g, '')
        .replace(/<input type="radio" id="checkout-AccountType-[^>]*>/g, '');
      await route.fulfill({ response: answer, body: html });
    });
    const bothSeen = new Promise<void>((resolve) => page.on('console', () => warnings.length >= 2 && resolve()));
    await page.reload();
    await waitForShell(page);
    expect(await page.locator('input[name="AccountType"]').count()).toBe(0);
    await page.focus('form[data-checkout] [name="Email"]');
    await bothSeen;
    expect(warnings).toEqual([
      'checkout: missing billing hidden fields (ExistingBillingAddressId, ExistingShippingAddressId)',
      'checkout: missing account type radios (AccountType)',
    ]);
    expect(errors).toEqual([]);
    await close();
  });

  it('an invalid form scrolls back to the top and the button shows no loading; a valid one shows it', async () => {
    const { page, errors, close } = await checkoutPage();
    await page.fill('form[data-checkout] [name="Email"]', 'not an email');
    await page.locator('[data-checkout-submit]').scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await page.click('[data-checkout-submit]');
    await page.waitForFunction(() => window.scrollY === 0);
    expect(new URL(page.url()).pathname).toBe('/fr/checkout');
    expect(await page.getAttribute('[data-checkout-submit]', 'class')).not.toContain('is-loading');
    expect(await page.locator('form[data-checkout] [data-valmsg-for="Email"]').innerText()).not.toBe('');
    expect(await page.getAttribute('form[data-checkout] [name="BillingLastName"]', 'aria-invalid')).toBe('true');

    // Valid: the button shows its loading state and the order is placed.
    await page.fill('form[data-checkout] [name="Email"]', 'js-buyer@example.com');
    await page.fill('form[data-checkout] [name="BillingFirstName"]', 'Jules');
    await page.fill('form[data-checkout] [name="BillingLastName"]', 'Roux');
    await page.fill('form[data-checkout] [name="BillingStreet1"]', '8 rue de Rivoli');
    await page.fill('form[data-checkout] [name="BillingPostalCode"]', '75004');
    await page.fill('form[data-checkout] [name="BillingCity"]', 'Paris');
    // A country chosen with no VAT number typed sets the tax country and reloads (as on the cart page).
    await mark(page);
    await Promise.all([page.waitForEvent('load'), page.selectOption('form[data-checkout] [name="BillingCountry"]', { label: 'France' })]);
    expect(await marked(page)).toBe(false);
    await waitForShell(page);
    for (const [name, value] of [['Email', 'js-buyer@example.com'], ['BillingFirstName', 'Jules'], ['BillingLastName', 'Roux'], ['BillingStreet1', '8 rue de Rivoli'], ['BillingPostalCode', '75004'], ['BillingCity', 'Paris']]) {
      await page.fill(`form[data-checkout] [name="${name}"]`, value);
    }
    if ((await page.inputValue('form[data-checkout] [name="BillingCountry"]')) === '') await page.selectOption('form[data-checkout] [name="BillingCountry"]', { label: 'France' });
    await choose(page, 'input[name="ShippingMethodId"]');
    // The loading state, seen before the next page (noted where the next page can read it).
    await page.evaluate(() => {
      const button = document.querySelector('[data-checkout-submit]')!;
      new MutationObserver(() => {
        if (button.classList.contains('is-loading') && button.getAttribute('aria-busy') === 'true') sessionStorage.setItem('loadingSeen', 'yes');
      }).observe(button, { attributes: true });
    });
    await page.click('[data-checkout-submit]', { noWaitAfter: true });
    await page.waitForURL(/\/fr\/orders\/confirmation\/\d{4}-\d{6}$/);
    expect(await page.locator('h1').innerText()).toMatch(/^Commande \d{4}-\d{6}$/);
    expect(await page.evaluate(() => sessionStorage.getItem('loadingSeen'))).toBe('yes');
    expect(errors).toEqual([]);
    await close();
  });

  it('the address popup saves in a modal, the pickers refresh with the new address chosen and the form filled', async () => {
    const { page, errors, close } = await checkoutPage({ signIn: true, viewport: { width: 1280, height: 900 } });
    await page.waitForSelector('[data-address-pickers]');
    await mark(page);
    await page.click('[data-address-picker="Billing"] .address-add a');
    const modal = page.locator('dialog.modal form[data-address-form]');
    await modal.waitFor();
    // Bad input first: the messages come back inside the modal.
    await modal.locator('[name="BillingStreet1"]').fill('');
    await modal.locator('[name="BillingCity"]').fill('');
    await modal.locator('[data-address-save]').click();
    await page.waitForFunction(() => (document.querySelector('dialog.modal [data-valmsg-for="BillingCity"]')?.textContent ?? '') !== '');
    await modal.locator('[name="AddressType"]').selectOption('Both');
    await modal.locator('[name="BillingStreet1"]').fill('21 cours Mirabeau');
    await modal.locator('[name="BillingPostalCode"]').fill('13100');
    await modal.locator('[name="BillingCity"]').fill('Aix-en-Provence');
    await modal.locator('[name="BillingCountry"]').selectOption({ label: 'France' });
    await page.locator('dialog.modal [data-address-save]').click();
    await page.waitForSelector('form[data-address-form]', { state: 'detached' });
    // The pickers came back from the widget with the saved address chosen for billing and shipping.
    await page.waitForFunction(() => document.querySelector('[data-address-picker="Billing"]')?.textContent?.includes('21 cours Mirabeau'));
    const saved = await bed.server.db.selectFrom('addresses').select(['id', 'type']).where('street1', '=', '21 cours Mirabeau').executeTakeFirstOrThrow();
    expect(saved.type).toBe('Both');
    expect(await page.isChecked(`input[name="ExistingBillingAddressId"][value="${saved.id}"]`)).toBe(true);
    expect(await page.isChecked(`input[name="ExistingShippingAddressId"][value="${saved.id}"]`)).toBe(true);
    expect(await page.inputValue('form[data-checkout] [name="BillingStreet1"]')).toBe('21 cours Mirabeau');
    expect(await page.inputValue('form[data-checkout] [name="BillingCity"]')).toBe('Aix-en-Provence');
    expect(await marked(page)).toBe(true);
    // Choosing "type it below" and back fills the form from the saved address again.
    await choose(page, '#address-Billing-0');
    await page.fill('form[data-checkout] [name="BillingCity"]', 'Elsewhere');
    await choose(page, `#address-Billing-${saved.id}`);
    expect(await page.inputValue('form[data-checkout] [name="BillingCity"]')).toBe('Aix-en-Provence');
    expect(errors).toEqual([]);
    await close();
  });

  it('VAT states: a check that changes the answer reloads, false to null does not; a malformed number says so', async () => {
    const { page, errors, close } = await checkoutPage();
    await choose(page, '#checkout-AccountType-Company');
    // With a VAT number typed, a country change checks it again instead of reloading.
    await page.fill('form[data-checkout] [name="BillingVAT"]', '0123456789');
    await mark(page);
    const checked = page.waitForResponse((answer) => answer.url().includes('/checkisvatvalid/'));
    await page.selectOption('form[data-checkout] [name="BillingCountry"]', { label: 'Belgique' });
    expect((await (await checked).json()).IsVATValidWebService).toBe(true);
    // The first answer only records the state.
    expect(await marked(page)).toBe(true);
    expect(await page.evaluate(() => sessionStorage.getItem('checkout.vatState'))).toBe('true');

    // true -> false: the page reloads.
    await Promise.all([page.waitForEvent('load'), (async () => {
      await page.fill('form[data-checkout] [name="BillingVAT"]', '1123456789');
      await page.locator('form[data-checkout] [name="BillingVAT"]').blur();
    })()]);
    expect(await marked(page)).toBe(false);
    await waitForShell(page);
    expect(await page.evaluate(() => sessionStorage.getItem('checkout.vatState'))).toBe('false');
    // The page came back as the server renders it: a business buyer says so again to see the VAT field.
    await choose(page, '#checkout-AccountType-Company');

    // false -> null (VIES unreachable): no reload, the message says it could not be checked.
    await mark(page);
    const unreachable = page.waitForResponse((answer) => answer.url().includes('/checkisvatvalid/') && answer.url().includes('0999999999'));
    await page.fill('form[data-checkout] [name="BillingVAT"]', '0999999999');
    if ((await page.inputValue('form[data-checkout] [name="BillingCountry"]')) === '') await page.selectOption('form[data-checkout] [name="BillingCountry"]', { label: 'Belgique' });
    else await page.locator('form[data-checkout] [name="BillingVAT"]').blur();
    expect((await (await unreachable).json()).IsVATValidWebService).toBeNull();
    await page.waitForFunction(() => (document.querySelector('form[data-checkout] [data-valmsg-for="BillingVAT"]')?.textContent ?? '') !== '');
    expect(await page.locator('form[data-checkout] [data-valmsg-for="BillingVAT"]').innerText()).toBe("Le numéro de TVA n'a pas pu être vérifié pour le moment.");
    expect(await marked(page)).toBe(true);

    // Malformed: the local format check answers, the message shows, no reload.
    const malformed = page.waitForResponse((answer) => answer.url().includes('/checkisvatvalid/') && answer.status() === 400);
    await page.fill('form[data-checkout] [name="BillingVAT"]', 'BE12');
    await page.locator('form[data-checkout] [name="BillingVAT"]').blur();
    await malformed;
    await page.waitForFunction(() => document.querySelector('form[data-checkout] [data-valmsg-for="BillingVAT"]')?.textContent === "Le format du numéro de TVA n'est pas valide pour ce pays.");
    expect(await marked(page)).toBe(true);
    // The malformed answer is a 400 the page expects: the only console line is the browser's own note of it.
    expect(errors.filter((line) => !line.includes('400'))).toEqual([]);
    await close();
  });
});
