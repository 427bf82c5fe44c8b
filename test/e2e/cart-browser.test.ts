import type { Page } from 'playwright-core';
import { openPage, useBrowserTestBed, waitForShell, withConsentAnswered } from './support/browser';
import { productUrl } from '../support/catalog-product';
import { plainVariant } from '../http/cart-helpers';

const bed = useBrowserTestBed();

async function open(path: string, javaScript = true): Promise<{ page: Page; errors: string[]; close: () => Promise<void> }> {
  const { page, context, errors } = await openPage(bed.browser, `${bed.server.url}/fr/`, { javaScript });
  await withConsentAnswered(context, bed.server.url);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`${bed.server.url}${path}`);
  if (javaScript) await waitForShell(page);
  return { page, errors, close: () => context.close() };
}

describe('cart in Chromium with JavaScript', () => {
  it('adds to cart: dialog with name, quantity, count and amounts; add_to_cart event; mini cart; then quantity change and delete on the cart page', async () => {
    const variant = await plainVariant(bed.server.db);
    const { page, errors, close } = await open(`${await productUrl(bed.server.db, variant.productId)}?productVariantId=${variant.id}`);
    const marker = await page.evaluate(() => ((window as unknown as { marker: string }).marker = 'same page'));
    await page.click('[data-add-to-cart]');
    const dialog = page.locator('dialog.modal .cart-dialog');
    await dialog.waitFor();
    expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe(marker);
    expect(await dialog.locator('.cart-dialog-name').innerText()).not.toBe('');
    expect(await dialog.locator('.cart-dialog-count').innerText()).toBe('1 article(s)');
    expect(await dialog.locator('.cart-dialog-incl').innerText()).toContain('€');
    expect(await dialog.locator('.cart-dialog-excl').innerText()).toContain('€');
    const events = await page.evaluate(() => (window as unknown as { dataLayer: { event: string; ecommerce?: { items: { sku: string }[] } }[] }).dataLayer);
    const added = events.find((event) => event.event === 'add_to_cart')!;
    expect(added.ecommerce!.items[0].sku).toBe(variant.sku);
    await page.waitForFunction(() => document.querySelector('#mini-cart [data-mini-cart-count]')?.textContent === '1 article(s)');

    // 'Continue shopping' closes; a second add shows one dialog only.
    await dialog.locator('button[data-modal-close]').click();
    await page.click('[data-add-to-cart]');
    await page.waitForFunction(() => document.querySelector('.cart-dialog-count')?.textContent === '2 article(s)');
    const dialogs = await page.evaluate(() => [...document.querySelectorAll('dialog[open]')].map((d) => d.outerHTML.slice(0, 300)));
    expect(dialogs).toHaveLength(1);

    // 'Go to basket', then change the quantity and delete the line.
    await page.locator('.cart-dialog-actions a').click();
    await page.waitForSelector('[data-cart-line]');
    const quantity = page.locator('[data-cart-quantity]');
    await quantity.fill('5');
    await quantity.press('Enter');
    await page.waitForFunction(() => (document.querySelector('[data-cart-quantity]') as HTMLInputElement | null)?.value === '5' && document.querySelector('#mini-cart [data-mini-cart-count]')?.textContent === '5 article(s)');
    expect(new URL(page.url()).pathname).toBe('/fr/shoppingcarts');
    await page.click('[data-cart-remove]');
    await page.waitForSelector('.cart-empty');
    expect(errors).toEqual([]);
    await close();
  });
});

describe('cart without JavaScript', () => {
  it('adds to cart from the product page and sees the line on the cart page', async () => {
    const variant = await plainVariant(bed.server.db, { skip: 1 });
    const url = `${await productUrl(bed.server.db, variant.productId)}?productVariantId=${variant.id}`;
    const { page, close } = await open(url, false);
    await page.click('[data-add-to-cart]');
    await page.waitForLoadState('load');
    expect(await page.locator('.flash-success').innerText()).toBe('Article ajouté au panier.');
    expect(await page.locator('#mini-cart [data-mini-cart-count]').innerText()).toBe('1 article(s)');
    await page.goto(`${bed.server.url}/fr/shoppingcarts`);
    expect(await page.locator('.cart-line-sku').innerText()).toBe(variant.sku);
    await page.fill('[data-cart-quantity]', '2');
    await page.click('[data-cart-update]');
    expect(await page.inputValue('[data-cart-quantity]')).toBe('2');
    await close();
  });
});
