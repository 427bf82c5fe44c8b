// The cart page's coupon form in Chromium: a code applied with Enter shows its discount and says so (the
// notice the no-JS form gets), the remove button takes it off, the chooser opens in a modal and a legend entry applies its coupon on click;
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

const discount = (page: Page) => page.locator('[data-cart-discount]');

/** Runs an action that shows the cart again in the same document, and waits for the coupon's notice (its key). */
async function noticeAfter(page: Page, action: () => Promise<unknown>): Promise<string> {
  await page.evaluate(() => {
    (window as unknown as { sameDocument: boolean }).sameDocument = true;
    // A notice already shown (the last action's) is not the answer to this one.
    for (const shown of document.querySelectorAll('[data-coupon-notice]')) shown.setAttribute('data-earlier-notice', '');
  });
  await action();
  const notice = page.locator('form[data-coupon] [data-coupon-notice]:not([data-earlier-notice])');
  await notice.waitFor();
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  return `${await notice.getAttribute('data-coupon-notice')}: ${await notice.innerText()}`;
}

/** Whether the code typed is wider than its field (the text is cut). */
const codeCut = (page: Page) => page.$eval('#coupon-code', (input) => input.scrollWidth > input.clientWidth);

describe('coupons on the cart page in Chromium', () => {
  it('applies a code with Enter and shows the discount, then removes it', async () => {
    const { page, errors, close } = await cartPage();
    expect(await discount(page).count()).toBe(0);
    await page.fill('#coupon-code', 'WELCOME10');
    expect(await codeCut(page)).toBe(false);
    await page.fill('#coupon-code', 'welcome10');
    // Applied with JS, it says so as the no-JS form's notice does.
    expect(await noticeAfter(page, () => page.press('#coupon-code', 'Enter'))).toBe('Coupons.Applied: Le coupon est appliqué à votre panier.');
    expect(new URL(page.url()).pathname).toBe('/fr/shoppingcarts');
    expect(await discount(page).innerText()).toMatch(/^−.*€$/);
    expect(await page.locator('.cart-amounts').innerText()).toContain('WELCOME10');
    expect(await page.inputValue('#coupon-code')).toBe('WELCOME10');
    // Applied by the behaviour, not by the form's post (which comes back with a flash notice).
    expect(await page.locator('.flash').count()).toBe(0);
    expect(await page.locator('#mini-cart').innerText()).toContain((await page.locator('[data-cart-total-incl]').innerText()).trim());
    // On a 360 px phone the code still fits its field.
    await page.setViewportSize({ width: 360, height: 740 });
    expect(await codeCut(page)).toBe(false);
    expect(await noticeAfter(page, () => page.click('[data-coupon-remove]'))).toBe('Coupons.Removed: Le coupon est retiré de votre panier.');
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
    expect(await noticeAfter(page, () => dialog.locator('[data-coupon-choice="FIRST10"]').click())).toMatch(/^Coupons\.Applied: /);
    expect(await page.locator('.cart-amounts').innerText()).toContain('FIRST10');
    expect(await page.locator('.flash').count()).toBe(0);
    expect(await discount(page).innerText()).toMatch(/^−.*€$/);
    expect(errors).toEqual([]);
    await close();
  });
});
