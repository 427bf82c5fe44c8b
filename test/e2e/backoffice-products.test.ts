// The product editor in Chromium, with and without JavaScript: an editor (two-factor on) searches a
// product by its SKU, opens it, is told a negative price is refused, saves a price typed as the culture
// writes it ("23,40"); a visitor (another context, no session) sees the new price on the product page at
// once. axe on the list and the product's page.
import type { Page } from 'playwright-core';
import { productUrl } from '../support/catalog-product';
import { axeViolations } from '../support/page-checks';
import { resource } from '../support/resources';
import { createTwoFactorAccount, currentCode } from '../support/two-factor';
import { openPage, useBrowserTestBed, waitForShell, withConsentAnswered } from './support/browser';

const bed = useBrowserTestBed();
jest.setTimeout(120_000);

async function signedInEditor(javaScript: boolean): Promise<{ page: Page; close: () => Promise<void> }> {
  const account = await createTwoFactorAccount(bed.server.db, `e2e-products-${javaScript ? 'js' : 'nojs'}`);
  await bed.server.db.insertInto('user_roles').values({ user_id: account.id, role: 'editor' }).execute();
  const { page, context } = await openPage(bed.browser, `${bed.server.url}/fr/`, { javaScript });
  await withConsentAnswered(context, bed.server.url);
  page.setDefaultTimeout(15_000);
  await page.goto(`${bed.server.url}/fr/security/login?returnUrl=${encodeURIComponent('/fr/backoffice/products')}`);
  await page.fill('#login-Email', account.email);
  await page.fill('#login-Password', account.password);
  await page.click('.login-form button[type="submit"]');
  await page.locator('#two-factor-code').waitFor();
  await page.fill('#two-factor-code', currentCode(account.secret));
  await Promise.all([page.waitForURL((url) => url.pathname === '/fr/backoffice/products', { waitUntil: 'load' }), page.click('form.two-factor-form button[type="submit"]')]);
  await page.locator('.backoffice-products').waitFor();
  if (javaScript) await waitForShell(page);
  return { page, close: () => context.close() };
}

/** The product page's tax-incl price as a visitor without a session sees it (spaces made plain). */
async function visitorPrice(path: string): Promise<string> {
  const { page, context } = await openPage(bed.browser, `${bed.server.url}${path}`, { javaScript: false });
  const text = (await page.textContent('[data-bind="UnitPriceTaxInclHtml"]')) ?? '';
  await context.close();
  return text.replace(/\s+/gu, ' ').trim();
}

/** axe reads colours: after the region's swap and fade (an endless animation is not waited for). */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
  );
}

/** An active product with a variant, a different one for each run (its first variant's SKU). */
async function productToEdit(skip: number) {
  const product = await bed.server.db.selectFrom('products').select('id').where('is_active', '=', 1).where('available_until', 'is', null).orderBy('id').offset(10 + skip).limit(1).executeTakeFirstOrThrow();
  const variant = await bed.server.db.selectFrom('product_variants').select(['id', 'sku']).where('product_id', '=', product.id).where('is_active', '=', 1).orderBy('position').orderBy('id').executeTakeFirstOrThrow();
  return { productId: product.id, variant };
}

describe.each([true, false])('with JavaScript: %s', (javaScript) => {
  test('an editor finds a product by SKU and changes its price; a visitor sees it at once', async () => {
    const { productId, variant } = await productToEdit(javaScript ? 0 : 1);
    const shopPath = await productUrl(bed.server.db, productId);
    const { page, close } = await signedInEditor(javaScript);
    await settled(page);
    expect(await axeViolations(page, { javaScript })).toEqual([]);

    await page.fill('#backoffice-product-search-q', variant.sku.toLowerCase());
    await Promise.all([page.waitForURL((url) => url.searchParams.get('q') === variant.sku.toLowerCase()), page.click('.backoffice-product-search button[type="submit"]')]);
    const row = page.locator(`tr[data-product-id="${productId}"] th a`);
    await row.waitFor();
    expect(await page.locator('tr[data-product-id]').count()).toBe(1);
    await Promise.all([page.waitForURL((url) => url.pathname === `/fr/backoffice/products/${productId}`), row.click()]);
    await page.locator('.backoffice-product').waitFor();
    await settled(page);
    expect(await axeViolations(page, { javaScript })).toEqual([]);

    const field = `#product-variant-${variant.id}-price`;
    const message = page.locator(`[data-valmsg-for="Variants.${variant.id}.PriceIncl"]`);
    // Enter in the field submits its form, as an editor going from field to field does (a click aims at a
    // button that the message shown on leaving the field may have moved).
    await page.fill(field, '-3');
    await page.press(field, 'Enter');
    await page.waitForFunction((selector) => (document.querySelector(selector)?.textContent ?? '').trim() !== '', `[data-valmsg-for="Variants.${variant.id}.PriceIncl"]`);
    expect((await message.textContent())?.trim()).toBe(resource('fr', 'Validation.Range').replace('{0}', '0.01').replace('{1}', '999999.99'));

    const typed = javaScript ? '23,40' : '24,60';
    await page.fill(field, typed);
    await Promise.all([
      page.waitForFunction(() => (document.querySelector('.flash-success')?.textContent ?? '').trim() !== ''),
      page.press(field, 'Enter'),
    ]);
    expect((await page.textContent('.flash-success'))?.trim()).toBe(resource('fr', 'BackOffice.Items.Saved'));
    expect(await page.inputValue(field)).toBe(typed);
    expect(await visitorPrice(shopPath)).toBe(`${typed} €`);
    await close();
  });
});
