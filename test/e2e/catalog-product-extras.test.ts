import type { Page } from 'playwright-core';
import { openPage, useBrowserTestBed, waitForShell, withConsentAnswered } from './support/browser';
import { productUrl, setSetting, variantWhere } from '../support/catalog-product';

const bed = useBrowserTestBed();

async function open(path: string, width = 1280): Promise<{ page: Page; errors: string[]; close: () => Promise<void> }> {
  const { page, context, errors } = await openPage(bed.browser, `${bed.server.url}/fr/`);
  await withConsentAnswered(context, bed.server.url);
  await page.setViewportSize({ width, height: 900 });
  await page.goto(`${bed.server.url}${path}`);
  await waitForShell(page);
  return { page, errors, close: () => context.close() };
}

async function signIn(page: Page, returnUrl: string): Promise<void> {
  await page.goto(`${bed.server.url}/fr/security/login?returnUrl=${encodeURIComponent(returnUrl)}`);
  await page.fill('input[name="Email"]', 'customer@example.com');
  await page.fill('input[name="Password"]', 'Customer-Demo-2026');
  await Promise.all([page.waitForURL((url) => url.pathname === returnUrl.split('?')[0]), page.click('form[action$="/security/login"] button[type="submit"]')]);
  await waitForShell(page);
}

describe('product page extras in Chromium', () => {
  it('saves the customer reference and shows the answer in a modal that closes after 3000 ms', async () => {
    const variant = await variantWhere(bed.server.db, (row) => row.stockState === 'InStock', 5);
    const url = `${await productUrl(bed.server.db, variant.productId)}?productVariantId=${variant.id}`;
    const { page, errors, close } = await open('/fr/');
    await signIn(page, url);
    await page.fill('#customer-reference-sku', 'E2E-REF-1');
    // In the page's own clock: when the message showed and when its modal went (timed from the test
    // after an awaited look, a loaded machine measures the look's lag instead).
    await page.evaluate(() => {
      const times: { shownAt?: number; goneAt?: number } = {};
      (window as unknown as { modalTimes: typeof times }).modalTimes = times;
      new MutationObserver(() => {
        const shown = document.querySelector('#modal-root dialog.modal .reference-message');
        if (shown) times.shownAt ??= performance.now();
        else if (times.shownAt !== undefined) times.goneAt ??= performance.now();
      }).observe(document.body, { subtree: true, childList: true });
    });
    await page.click('#catalog-customer-reference button[type="submit"]');
    const message = page.locator('#modal-root dialog.modal .reference-message');
    await message.waitFor();
    expect(await message.innerText()).toBe('Votre référence a été enregistrée.');
    await page.waitForSelector('#modal-root dialog.modal', { state: 'detached', timeout: 15_000 });
    const { shownAt, goneAt } = await page.evaluate(() => (window as unknown as { modalTimes: { shownAt: number; goneAt: number } }).modalTimes);
    expect(goneAt - shownAt).toBeGreaterThanOrEqual(3000 - 50);
    const saved = await bed.server.db.selectFrom('customer_references').select('customer_sku').where('variant_id', '=', variant.id).executeTakeFirst();
    expect(saved?.customer_sku).toBe('E2E-REF-1');
    expect(errors).toEqual([]);
    await close();
  });

  it('shows a failure as a growl notice when the site says so', async () => {
    const existing = await bed.server.db.selectFrom('customer_references').select(['customer_sku', 'variant_id']).where('user_id', '=', 1).executeTakeFirstOrThrow();
    const variant = await variantWhere(bed.server.db, (row) => row.stockState === 'InStock' && row.id !== existing.variant_id, 6);
    await setSetting(bed.server, 'catalog.customerRefMessage', 'growl');
    const url = `${await productUrl(bed.server.db, variant.productId)}?productVariantId=${variant.id}`;
    const { page, close } = await open('/fr/');
    try {
      await signIn(page, url);
      await page.fill('#customer-reference-sku', existing.customer_sku);
      await page.click('#catalog-customer-reference button[type="submit"]');
      const growl = page.locator('.growl.growl-error');
      await growl.waitFor();
      expect(await growl.innerText()).toBe('Votre référence n\'a pas pu être enregistrée.');
    } finally {
      await setSetting(bed.server, 'catalog.customerRefMessage', 'modal');
      await close();
    }
  });

  it('turns the 360 view every 100 ms and pauses it under the pointer', async () => {
    const spin = await bed.server.db.selectFrom('product_images').select('product_id').where('kind', '=', 'spin').executeTakeFirstOrThrow();
    const { page, close } = await open(await productUrl(bed.server.db, spin.product_id));
    await page.locator('[data-spin]').scrollIntoViewIfNeeded();
    const frame = () => page.getAttribute('[data-spin-image]', 'src');
    const first = await frame();
    await page.waitForFunction((src) => document.querySelector('[data-spin-image]')?.getAttribute('src') !== src, first);
    await page.hover('[data-spin]');
    await page.waitForTimeout(150);
    const paused = await frame();
    await page.waitForTimeout(400);
    expect(await frame()).toBe(paused);
    await close();
  });

  it('counts down the end of the sale every second', async () => {
    const product = await bed.server.db.selectFrom('products').select('id').where('available_until', 'is not', null).where('is_active', '=', 1).executeTakeFirstOrThrow();
    const { page, close } = await open(await productUrl(bed.server.db, product.id));
    const seconds = await page.innerText('[data-countdown-seconds]');
    await page.waitForFunction((before) => document.querySelector('[data-countdown-seconds]')?.textContent !== before, seconds, { timeout: 3000 });
    expect(await page.innerText('[data-countdown-seconds]')).toMatch(/^\d\d$/);
    await close();
  });

  it('moves the brand carousel by one view (2 brands per view below 600 px)', async () => {
    const variant = await variantWhere(bed.server.db, (row) => row.stockState === 'InStock');
    const { page, close } = await open(await productUrl(bed.server.db, variant.productId), 560);
    const track = page.locator('[data-carousel-track]');
    await track.scrollIntoViewIfNeeded();
    const slideWidth = await page.locator('.carousel-slide').first().evaluate((slide) => slide.getBoundingClientRect().width);
    const trackWidth = await track.evaluate((element) => element.clientWidth);
    expect(Math.round(trackWidth / slideWidth)).toBe(2);
    await page.click('[data-carousel-next]');
    await page.waitForFunction(() => (document.querySelector('[data-carousel-track]') as HTMLElement).scrollLeft > 0);
    await close();
  });

  it('shows a thumbnail as the main photo and zooms it under the pointer', async () => {
    const variant = await variantWhere(bed.server.db, (row) => row.stockState === 'InStock');
    const { page, close } = await open(await productUrl(bed.server.db, variant.productId));
    const thumbs = page.locator('[data-gallery-item]');
    if ((await thumbs.count()) > 1) {
      const second = await thumbs.nth(1).getAttribute('data-main');
      await thumbs.nth(1).click();
      await page.waitForFunction((src) => document.querySelector('[data-gallery-main-image]')?.getAttribute('src') === src, second);
    }
    await page.hover('[data-gallery-main]', { position: { x: 50, y: 50 } });
    await page.mouse.move(60, 60);
    await page.hover('[data-gallery-main]', { position: { x: 80, y: 80 } });
    await page.waitForSelector('[data-gallery-main].zoomed');
    await close();
  });
});
