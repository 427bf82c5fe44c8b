import type { Page } from 'playwright-core';
import { openPage, useBrowserTestBed, waitForShell, withConsentAnswered } from './support/browser';
import { productUrl, twoAttributeProduct } from '../support/catalog-product';

// What a shopper noticed on the product page (issue 20 item 11): the no-JS "update" button beside
// "add to cart" shows only without JavaScript.

const bed = useBrowserTestBed();

async function open(path: string, javaScript: boolean): Promise<{ page: Page; close: () => Promise<void> }> {
  const { page, context } = await openPage(bed.browser, `${bed.server.url}/fr/`, { javaScript });
  await withConsentAnswered(context, bed.server.url);
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto(`${bed.server.url}${path}`);
  if (javaScript) await waitForShell(page);
  return { page, close: () => context.close() };
}

describe('the product form\'s update button in Chromium', () => {
  it('is hidden with JavaScript and shown without it, beside a visible add-to-cart button', async () => {
    const { productId } = await twoAttributeProduct(bed.server.db);
    const path = await productUrl(bed.server.db, productId);
    for (const javaScript of [true, false]) {
      const { page, close } = await open(path, javaScript);
      expect(await page.locator('.product-form .add-to-cart').isVisible()).toBe(true);
      expect(await page.locator('.product-form .product-update').isVisible()).toBe(!javaScript);
      await close();
    }
  });
});
