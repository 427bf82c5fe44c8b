import { launchBrowser } from '../test/e2e/support/browser';
import { startTestServer } from '../test/support/app';
import { productUrl, twoAttributeProduct } from '../test/support/catalog-product';
(async () => {
  const server = await startTestServer();
  const browser = await launchBrowser();
  try {
    const { productId, variants } = await twoAttributeProduct(server.db);
    const active = variants.filter((variant) => variant.isActive);
    const first = active[0];
    const target = active.find((variant) => variant.valueIds[0] !== first.valueIds[0])!;
    console.log(JSON.stringify([first, target]));
    const context = await browser.newContext();
    const page = await context.newPage();
    page.on('console', (m) => console.log('CONSOLE', m.type(), m.text()));
    page.on('pageerror', (e) => console.log('PAGEERROR', e.message));
    page.on('request', (r) => { if (!r.url().includes('/assets/')) console.log('REQ', r.method(), r.url()); });
    await page.goto(`${server.url}${await productUrl(server.db, productId)}?productVariantId=${first.id}`);
    await page.waitForFunction(() => document.body.classList.contains('loaded'));
    await page.click(`label.color-square[data-value="${target.valueIds[0]}"]`);
    await page.waitForTimeout(1000);
    console.log('after colour', await page.evaluate(() => document.querySelector('[data-bind="SKU"]')!.textContent));
    await page.selectOption('select[name="VariantValueId2"]', String(target.valueIds[1]));
    await page.waitForTimeout(1500);
    console.log('after size', await page.evaluate(() => document.querySelector('[data-bind="SKU"]')!.textContent), page.url());
  } finally {
    await browser.close();
    await server.close();
  }
})();
