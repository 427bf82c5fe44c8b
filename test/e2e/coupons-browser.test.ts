// The cart page's coupon form in Chromium: a code applied with Enter shows its discount, the remove
// button takes it off, the chooser opens in a modal and a legend entry applies its coupon on click;
// a code that does not apply says 'Coupons' / 'no coupon available'.
import type { Page } from 'playwright-core';
import { openPage, useBrowserTestBed, waitForShell, withConsentAnswered } from './support/browser';
import { productUrl } from '../support/catalog-product';
import { plainVariant } from '../http/cart-helpers';

const bed = useBrowserTestBed();

/** A visitor with one line in the cart (added on the product page), on the cart page. */
async function cartPage(): Promise<{ page: Page; errors: string[]; close: () => Promise<void> }> {
  const variant = await plainVariant(bed.server.db);
  const { page, context, errors } = await openPage(bed.browser, `${bed.server.url}/fr/`);
  await withConsentAnswered(context, bed.server.url);
  await page.setViewportSize({ width: 1280, height: 900 });
  page.setDefaultTimeout(8000);
  await page.goto(`${bed.server.url}${await productUrl(bed.server.db, variant.productId)}?productVariantId=${variant.id}`);
  await waitForShell(page);
  await page.click('[data-add-to-cart]');
  await page.locator('dialog.modal .cart-dialog').waitFor();
  await page.goto(`${bed.server.url}/fr/shoppingcarts`);
  await waitForShell(page);
  return { page, errors, close: () => context.close() };
}

/** Runs an action that reloads the page, and waits for the new page's shell. */
async function reloadedBy(page: Page, action: () => Promise<unknown>): Promise<void> {
  await page.evaluate(() => ((window as unknown as { beforeReload: boolean }).beforeReload = true));
  await Promise.all([page.waitForEvent('load'), action()]);
  await waitForShell(page);
  expect(await page.evaluate(() => (window as unknown as { beforeReload?: boolean }).beforeReload)).toBeUndefined();
}

const discount = (page: Page) => page.locator('[data-cart-discount]');

describe('coupons on the cart page in Chromium', () => {
  it('applies a code with Enter and shows the discount, then removes it', async () => {
    const { page, errors, close } = await cartPage();
    expect(await discount(page).count()).toBe(0);
    await page.fill('#coupon-code', 'welcome10');
    await reloadedBy(page, () => page.press('#coupon-code', 'Enter'));
    expect(new URL(page.url()).pathname).toBe('/fr/shoppingcarts');
    expect(await discount(page).innerText()).toMatch(/^−.*€$/);
    expect(await page.locator('.cart-amounts').innerText()).toContain('WELCOME10');
    expect(await page.inputValue('#coupon-code')).toBe('WELCOME10');
    // Applied by the behaviour (a reload), not by the form's post (which comes back with a notice).
    expect(await page.locator('.flash').count()).toBe(0);
    await reloadedBy(page, () => page.click('[data-coupon-remove]'));
    expect(await discount(page).count()).toBe(0);
    expect(await page.inputValue('#coupon-code')).toBe('');
    expect(errors).toEqual([]);
    await close();
  });

  it("tells 'Coupons' / 'no coupon available' for a code that does not apply, and stays on the page", async () => {
    const { page, errors, close } = await cartPage();
    await page.evaluate(() => ((window as unknown as { marker: string }).marker = 'same page'));
    await page.fill('#coupon-code', 'SUMMER2024');
    await page.click('[data-coupon-apply]');
    const growl = page.locator('[data-coupon-growl]');
    await growl.waitFor();
    expect((await growl.innerText()).replace(/\s+/g, ' ')).toBe('Coupons Aucun coupon disponible');
    expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe('same page');
    expect(await discount(page).count()).toBe(0);
    expect(errors).toEqual([]);
    await close();
  });

  it('opens the chooser in a modal; a legend entry applies its coupon', async () => {
    const { page, errors, close } = await cartPage();
    await page.click('[data-coupon-choose]');
    const dialog = page.locator('dialog.modal[open]');
    await dialog.locator('[data-coupon-chooser]').waitFor();
    expect(await dialog.locator('.modal-title').innerText()).toBe('Choisir un coupon');
    const codes = await dialog.locator('[data-coupon-choice]').evaluateAll((entries) => entries.map((entry) => entry.getAttribute('data-coupon-choice')));
    expect(codes).toContain('FIRST10');
    expect(codes).not.toContain('SUMMER2024'); // expired
    expect(codes).not.toContain('CLAIRE15'); // another customer's own
    await reloadedBy(page, () => dialog.locator('[data-coupon-choice="FIRST10"]').click());
    expect(await page.locator('.cart-amounts').innerText()).toContain('FIRST10');
    expect(await page.locator('.flash').count()).toBe(0);
    expect(await discount(page).innerText()).toMatch(/^−.*€$/);
    expect(errors).toEqual([]);
    await close();
  });
});
