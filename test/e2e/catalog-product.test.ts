import type { Page } from 'playwright-core';
import { openPage, useBrowserTestBed, waitForShell, withConsentAnswered } from './support/browser';
import { productUrl, twoAttributeProduct, variantWhere } from '../support/catalog-product';

const bed = useBrowserTestBed();

async function open(path: string, javaScript = true): Promise<{ page: Page; errors: string[]; close: () => Promise<void> }> {
  const { page, context, errors } = await openPage(bed.browser, `${bed.server.url}/fr/`, { javaScript });
  await withConsentAnswered(context, bed.server.url);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`${bed.server.url}${path}`);
  if (javaScript) await waitForShell(page);
  return { page, errors, close: () => context.close() };
}

const text = (page: Page, selector: string) => page.locator(selector).first().innerText();
const mark = (page: Page) => page.evaluate(() => ((window as unknown as { marker: string }).marker = 'same page'));
const marked = (page: Page) => page.evaluate(() => (window as unknown as { marker?: string }).marker);

describe('product page in Chromium with JavaScript', () => {
  it('picking a colour and a size updates SKU, price, stock and gallery without a reload', async () => {
    const { productId, variants } = await twoAttributeProduct(bed.server.db);
    const active = variants.filter((variant) => variant.isActive);
    const first = active[0];
    const target = active.find((variant) => variant.valueIds[0] !== first.valueIds[0])!;
    const { page, errors, close } = await open(`${await productUrl(bed.server.db, productId)}?productVariantId=${first.id}`);
    expect(await text(page, '[data-bind="SKU"]')).toBe(first.sku);
    await mark(page);
    await page.click(`label.color-square[data-value="${target.valueIds[0]}"]`);
    await page.selectOption('select[name="VariantValueId2"]', String(target.valueIds[1]));
    await page.waitForFunction((sku) => document.querySelector('[data-bind="SKU"]')?.textContent === sku, target.sku);
    expect(await marked(page)).toBe('same page');
    expect(await page.inputValue('input[name="ProductVariantId"]')).toBe(String(target.id));
    expect(new URL(page.url()).searchParams.get('productVariantId')).toBe(String(target.id));
    await page.waitForFunction((id) => document.querySelector('#catalog-photos-gallery')?.getAttribute('data-variant-id') === String(id), target.id);
    await page.waitForFunction((id) => document.querySelector('#catalog-stock-by-warehouse')?.getAttribute('data-variant-id') === String(id), target.id);
    expect(await page.locator('.stock-status').getAttribute('data-state')).toBe(target.stockState);
    expect(errors.filter((error) => !/aborted/i.test(error))).toEqual([]);
    await close();
  });

  it('shows the stock message while the quantity exceeds the stock, and hides it again', async () => {
    const variant = await variantWhere(bed.server.db, (row) => row.stockState === 'LowStock');
    const { page, close } = await open(`${await productUrl(bed.server.db, variant.productId)}?productVariantId=${variant.id}`);
    const message = page.locator('[data-stock-message]');
    expect(await message.isHidden()).toBe(true);
    await page.fill('#product-quantity', String(variant.stockQuantity + 1));
    await message.waitFor({ state: 'visible' });
    expect(await text(page, '[data-stock-message] [data-bind="StockQuantity"]')).toBe(String(variant.stockQuantity));
    await page.fill('#product-quantity', String(variant.stockQuantity));
    await message.waitFor({ state: 'hidden' });
    await close();
  });

  it('steps the quantity with plus and minus and corrects what is typed after 600 ms', async () => {
    const product = await bed.server.db.selectFrom('products').select('id').where('step_qty', '=', 2).where('min_qty', '=', 2).where('max_qty', '=', 20).where('is_active', '=', 1).executeTakeFirstOrThrow();
    const { page, close } = await open(await productUrl(bed.server.db, product.id));
    expect(await page.isDisabled('[data-quantity-minus]')).toBe(true);
    await page.click('[data-quantity-plus]');
    await page.waitForFunction(() => (document.querySelector('#product-quantity') as HTMLInputElement).value === '4');
    expect(await page.isDisabled('[data-quantity-minus]')).toBe(false);
    await page.click('[data-quantity-minus]');
    await page.waitForFunction(() => (document.querySelector('#product-quantity') as HTMLInputElement).value === '2');
    await page.fill('#product-quantity', '7');
    expect(await page.inputValue('#product-quantity')).toBe('7');
    await page.waitForFunction(() => (document.querySelector('#product-quantity') as HTMLInputElement).value === '8', undefined, { timeout: 3000 });
    await page.fill('#product-quantity', '99');
    await page.waitForFunction(() => (document.querySelector('#product-quantity') as HTMLInputElement).value === '20');
    expect(await page.isDisabled('[data-quantity-plus]')).toBe(true);
    expect(new URL(page.url()).pathname).toContain(`/catalog/product/${product.id}/`);
    await close();
  });

  it('opens the gallery lightbox (glightbox and its styles loaded on first open)', async () => {
    const { productId } = await twoAttributeProduct(bed.server.db);
    const { page, errors, close } = await open(await productUrl(bed.server.db, productId));
    expect(await page.evaluate(() => document.querySelector('link[href*="glightbox"]'))).toBeNull();
    await page.click('[data-gallery-open]');
    await page.waitForSelector('.glightbox-container .gslide.current img');
    expect(await page.evaluate(() => document.querySelector('link[href*="glightbox"]') !== null)).toBe(true);
    expect(await page.locator('.glightbox-container .gplay').getAttribute('aria-label')).toBe('Lancer le diaporama');
    await page.click('.glightbox-container .gclose');
    await page.waitForSelector('.glightbox-container', { state: 'detached' });
    expect(errors).toEqual([]);
    await close();
  });

  it('opens the stock notification form in a modal and subscribes in place', async () => {
    const variant = await variantWhere(bed.server.db, (row) => row.stockState === 'OutOfStock', 3);
    const { page, close } = await open(`${await productUrl(bed.server.db, variant.productId)}?productVariantId=${variant.id}`);
    await mark(page);
    await page.click('[data-stock-notification-link]');
    await page.waitForSelector('#modal-root dialog.modal #stock-notification form');
    expect(await text(page, '#modal-root dialog.modal .modal-title')).toContain('Être averti du retour en stock');
    await page.fill('#modal-root dialog.modal input[name="Email"]', 'chromium@example.fr');
    await page.click('#modal-root dialog.modal button[type="submit"]');
    await page.waitForSelector('#modal-root dialog.modal .stock-notification-thanks');
    expect(await marked(page)).toBe('same page');
    expect(new URL(page.url()).pathname).toContain(`/catalog/product/${variant.productId}/`);
    expect(await page.locator('main#page [data-product]').count()).toBe(1);
    const row = await bed.server.db.selectFrom('stock_notifications').select('email').where('variant_id', '=', variant.id).where('email', '=', 'chromium@example.fr').executeTakeFirst();
    expect(row).toBeDefined();
    await close();
  });
});

describe('product page in Chromium without JavaScript', () => {
  it('chooses the variant with the GET form, steps the quantity and shows the stock message', async () => {
    const { productId, variants } = await twoAttributeProduct(bed.server.db);
    const first = variants.filter((variant) => variant.isActive)[0];
    const target = variants.filter((variant) => variant.isActive && variant.valueIds[0] === first.valueIds[0]).at(-1)!;
    const { page, close } = await open(`${await productUrl(bed.server.db, productId)}?productVariantId=${first.id}`, false);
    await page.selectOption('select[name="VariantValueId2"]', String(target.valueIds[1]));
    await Promise.all([page.waitForNavigation(), page.click('button.product-update')]);
    expect(await text(page, '[data-bind="SKU"]')).toBe(target.sku);
    expect(new URL(page.url()).searchParams.get('VariantValueId2')).toBe(String(target.valueIds[1]));
    await Promise.all([page.waitForNavigation(), page.click('[data-quantity-plus]')]);
    expect(await page.inputValue('#product-quantity')).toBe('2');
    await page.fill('#product-quantity', String(target.stockQuantity + 1));
    await Promise.all([page.waitForNavigation(), page.press('#product-quantity', 'Enter')]);
    const exceeds = target.stockState !== 'OnOrder' && target.stockState !== 'NoManagement';
    expect(await page.locator('[data-stock-message]').isVisible()).toBe(exceeds);
    await close();
  });

  it('subscribes to the stock notification on its page and comes back with a notice', async () => {
    const variant = await variantWhere(bed.server.db, (row) => row.stockState === 'OutOfStock', 4);
    const { page, close } = await open(`${await productUrl(bed.server.db, variant.productId)}?productVariantId=${variant.id}`, false);
    await Promise.all([page.waitForNavigation(), page.click('[data-stock-notification-link]')]);
    expect(new URL(page.url()).pathname).toBe('/fr/catalog/stocknotification/subscribe');
    await page.fill('input[name="Email"]', 'sans-js@example.fr');
    await Promise.all([page.waitForNavigation(), page.click('.stock-notification-form button[type="submit"]')]);
    expect(new URL(page.url()).searchParams.get('productVariantId')).toBe(String(variant.id));
    expect(await text(page, '.flash-success')).toBe('C\'est noté : vous recevrez un e-mail dès le retour en stock.');
    await close();
  });
});
