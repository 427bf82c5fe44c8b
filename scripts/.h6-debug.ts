import { launchBrowser } from '../test/e2e/support/browser';
import { startTestServer } from '../test/support/app';
import { productUrl, variantWhere } from '../test/support/catalog-product';
(async () => {
  const server = await startTestServer();
  const browser = await launchBrowser();
  try {
    const variant = await variantWhere(server.db, (row) => row.stockState === 'OutOfStock', 3);
    const context = await browser.newContext();
    const page = await context.newPage();
    page.on('console', (m) => console.log('CONSOLE', m.type(), m.text()));
    page.on('pageerror', (e) => console.log('PAGEERROR', e.message));
    await page.goto(`${server.url}${await productUrl(server.db, variant.productId)}?productVariantId=${variant.id}`);
    await page.waitForFunction(() => document.body.classList.contains('loaded'));
    await page.click('[data-stock-notification-link]');
    await page.waitForSelector('#modal-root dialog.modal #stock-notification form');
    await page.evaluate(() => {
      const orig = Element.prototype.remove;
      document.addEventListener('htmx:beforeSwap', (e) => console.log('beforeSwap', (e as any).detail?.target?.id));
      document.addEventListener('htmx:afterSwap', (e) => console.log('afterSwap'));
      document.addEventListener('htmx:beforeCleanupElement', (e) => console.log('cleanup', (e.target as Element).tagName));
      for (const name of ['insertBefore', 'appendChild', 'replaceChild'] as const) {
        const original = (Node.prototype as any)[name];
        (Node.prototype as any)[name] = function (node: any, ...rest: any[]) {
          if (node && (node.id === 'stock-notification' || (node.querySelector && node.querySelector('#stock-notification')))) console.log('insert', name, node.nodeName, new Error().stack);
          return original.call(this, node, ...rest);
        };
      }
      const remove = Element.prototype.remove;
      Element.prototype.remove = function () { if ((this as Element).id === 'stock-notification') console.log('remove section', new Error().stack); return remove.call(this); };
      document.addEventListener('htmx:swapError', (e) => console.log('swapError'));
      document.addEventListener('htmx:load', (e) => console.log('load', (e.target as Element).tagName, (e.target as Element).id, (e.target as Element).className));
    });
    page.on('request', (r) => { if (r.method() === 'POST') console.log('REQ', r.url(), JSON.stringify(r.headers()), r.postData()); });
    page.on('response', async (r) => { if (r.request().method() === 'POST') console.log('RESP', r.status(), (await r.text()).slice(0, 300)); });
    await page.fill('#modal-root input[name="Email"]', 'dbg@example.fr');
    await page.click('#modal-root button[type="submit"]');
    await page.waitForTimeout(2500);
    console.log(await page.evaluate(() => [...document.querySelectorAll('#stock-notification')].map((e) => { const chain = []; let n: Element | null = e; while (n) { chain.push(n.tagName + '#' + n.id + '.' + n.className); n = n.parentElement; } return chain.join(' < ') + ' :: ' + e.innerHTML.slice(0, 200); })), await page.evaluate(() => [document.querySelectorAll('#stock-notification').length, document.querySelectorAll('.stock-notification-thanks').length, document.querySelector('#modal-root .modal-body')!.innerHTML.length, document.querySelectorAll('#modal-root dialog').length]));
  } finally {
    await browser.close();
    await server.close();
  }
})();
