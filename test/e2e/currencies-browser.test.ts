// The header's currency widget in Chromium: a change reloads the page in that currency (even the very
// first change, made before the purchase-path behaviours arrived); with items in the cart, the
// re-pricing warning asks to confirm, cancel changes nothing and force (/true) applies it.
import type { Page } from 'playwright-core';
import { openPage, useBrowserTestBed, waitForShell, withConsentAnswered } from './support/browser';
import { productUrl } from '../support/catalog-product';
import { plainVariant } from '../http/cart-helpers';

const bed = useBrowserTestBed();

async function open(path: string): Promise<{ page: Page; errors: string[]; close: () => Promise<void> }> {
  const { page, context, errors } = await openPage(bed.browser, `${bed.server.url}/fr/`);
  await withConsentAnswered(context, bed.server.url);
  await page.setViewportSize({ width: 1280, height: 900 });
  page.setDefaultTimeout(8000);
  await page.goto(`${bed.server.url}${path}`);
  await waitForShell(page);
  return { page, errors, close: () => context.close() };
}

const selected = (page: Page) => page.locator('#currency-select option[selected]').getAttribute('value');
const firstCardPrice = (page: Page) => page.locator('.product-card-price').first().innerText();

/** Runs an action that reloads the page, and waits for the new page's shell. */
async function reloadedBy(page: Page, action: () => Promise<unknown>): Promise<void> {
  await page.evaluate(() => ((window as unknown as { beforeReload: boolean }).beforeReload = true));
  await Promise.all([page.waitForEvent('load'), action()]);
  await waitForShell(page);
  expect(await page.evaluate(() => (window as unknown as { beforeReload?: boolean }).beforeReload)).toBeUndefined();
}

describe('currency widget in Chromium', () => {
  it('the first change (before the behaviours arrived) reloads the list in CHF; back to EUR too', async () => {
    const { page, errors, close } = await open('/fr/catalog');
    expect(await selected(page)).toBe('EUR');
    expect(await firstCardPrice(page)).toContain('€');
    // selectOption fires input and change only: no pointer or focus event has loaded the sales group yet.
    expect(await page.evaluate(() => performance.getEntriesByType('resource').some((entry) => /\/chunks\/(sales|currency)-/.test(entry.name)))).toBe(false);
    await reloadedBy(page, () => page.selectOption('#currency-select', 'CHF'));
    expect(new URL(page.url()).pathname).toBe('/fr/catalog');
    expect(await selected(page)).toBe('CHF');
    expect(await firstCardPrice(page)).toContain('CHF');
    // Changed by the behaviour (a reload), not by the form's post (which comes back with a notice).
    expect(await page.locator('.flash').count()).toBe(0);
    await reloadedBy(page, () => page.selectOption('#currency-select', 'EUR'));
    expect(await selected(page)).toBe('EUR');
    expect(await firstCardPrice(page)).toContain('€');
    expect(errors).toEqual([]);
    await close();
  });

  it('with items in the cart: the warning dialog; cancel keeps EUR, force re-prices the cart in USD', async () => {
    const variant = await plainVariant(bed.server.db);
    const { page, errors, close } = await open(`${await productUrl(bed.server.db, variant.productId)}?productVariantId=${variant.id}`);
    await page.click('[data-add-to-cart]');
    await page.locator('dialog.modal .cart-dialog').waitFor();
    await page.goto(`${bed.server.url}/fr/shoppingcarts`);
    await waitForShell(page);
    expect(await page.locator('[data-cart-total-incl], [data-cart-subtotal]').first().innerText()).toContain('€');

    await page.selectOption('#currency-select', 'USD');
    const dialog = page.locator('dialog.modal[open]');
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain('Votre panier sera recalculé dans la nouvelle devise. Continuer ?');
    await dialog.locator('.modal-actions button[data-modal-close]').click();
    await dialog.waitFor({ state: 'detached' });
    expect(await page.inputValue('#currency-select')).toBe('EUR');
    const cookies = async () => (await page.context().cookies()).find((cookie) => cookie.name === 'currency')?.value;
    expect(await cookies()).toBeUndefined();

    await page.selectOption('#currency-select', 'USD');
    await dialog.waitFor();
    await reloadedBy(page, () => page.click('[data-currency-force]'));
    expect(await cookies()).toBe('USD');
    expect(await selected(page)).toBe('USD');
    expect(await page.locator('[data-cart-subtotal]').innerText()).toContain('$');
    expect(await page.locator('[data-cart-subtotal]').innerText()).not.toContain('€');
    expect(errors).toEqual([]);
    await close();
  });
});
