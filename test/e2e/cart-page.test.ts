// The cart page with JS in Chromium: the city autocomplete, the shipping country and method reloading
// the cart (the chosen method staying where it was on screen), and the one-time suppression of 'country-changed'.
import type { Page } from 'playwright-core';
import { openPage, useBrowserTestBed, waitForShell, withConsentAnswered } from './support/browser';
import type { VariantRecord } from '../../server/catalog/variants-data';
import { methodId, plainVariant } from '../http/cart-helpers';
import { productUrl } from '../support/catalog-product';

const bed = useBrowserTestBed();

/** A cart line the test added: its variant and its id in the cart. */
interface AddedLine {
  variant: VariantRecord;
  itemId: number;
}

/** A visitor with `lines` lines in the cart (different plain variants), on the cart page. */
async function cartPage(
  viewport = { width: 1280, height: 900 },
  lines = 1,
): Promise<{ page: Page; errors: string[]; lines: AddedLine[]; cartGets: () => number; close: () => Promise<void> }> {
  const variants: VariantRecord[] = [];
  for (let skip = 0; skip < lines; skip++) variants.push(await plainVariant(bed.server.db, { skip }));
  const { page, context, errors } = await openPage(bed.browser, `${bed.server.url}/fr/`);
  await withConsentAnswered(context, bed.server.url);
  await page.setViewportSize(viewport);
  await page.goto(`${bed.server.url}/fr/`);
  await waitForShell(page);
  const added = await page.evaluate(async (ids) => {
    const token = document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')!.content;
    const answers: { status: number; itemId: number }[] = [];
    for (const id of ids) {
      const answer = await fetch('/api/v1/catalog/products/addtocart', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'X-CSRF-Token': token },
        body: JSON.stringify({ ProductVariantId: id, Quantity: 1 }),
      });
      answers.push({ status: answer.status, itemId: ((await answer.json()) as { ItemId: number }).ItemId });
    }
    return answers;
  }, variants.map((variant) => variant.id));
  expect(added.map((answer) => answer.status)).toEqual(variants.map(() => 200));
  let gets = 0;
  page.on('request', (request) => {
    if (request.method() === 'GET' && new URL(request.url()).pathname === '/fr/shoppingcarts') gets += 1;
  });
  await page.goto(`${bed.server.url}/fr/shoppingcarts`);
  await waitForShell(page);
  // The cart page's behaviour loads at the first use (here a focus); a select's change alone is not replayed.
  const behaviour = page.waitForResponse((response) => response.url().includes('/chunks/cart-page-'));
  await page.focus('[data-cart-quantity]');
  // The chunk's answer is not its run: import the same URL (one module) to wait for its evaluation; the
  // loader's start() runs in the microtasks after it, before the timer (a fixed 50 ms after the answer was
  // too short once on a busy machine, and an event sent before start() is never heard).
  // (A string: ts-jest would turn an import() inside a function into require().)
  const chunk = (await behaviour).url();
  await page.evaluate(`import(${JSON.stringify(chunk)}).then(() => new Promise((resolve) => setTimeout(resolve, 50)))`);
  gets = 0;
  return { page, errors, lines: variants.map((variant, at) => ({ variant, itemId: added[at].itemId })), cartGets: () => gets, close: () => context.close() };
}

/** Marks the cart region, so a reload (a new region) can be told from the old one. */
async function markCart(page: Page): Promise<void> {
  await page.evaluate(() => document.querySelector('[data-cart]')!.setAttribute('data-old', ''));
}

async function cartReloaded(page: Page): Promise<void> {
  await page.waitForFunction(() => document.querySelector('[data-cart]') !== null && document.querySelector('[data-cart][data-old]') === null, undefined, { polling: 50, timeout: 10_000 });
}

async function chooseShippingCountry(page: Page, code: string): Promise<void> {
  await markCart(page);
  await page.selectOption('[data-cart-shipping-country]', code);
  await cartReloaded(page);
}

/** Chooses a shipping method by its code (the cart reloads). */
async function chooseMethod(page: Page, code: string): Promise<void> {
  await markCart(page);
  await page.check(`[data-cart-shipping-method][value="${await methodId(bed.server.db, code)}"]`);
  await cartReloaded(page);
}

describe('the cart page with JavaScript', () => {
  it('hides the no-JS update buttons, shows each line with its picture and product link, and the checkout button its loading state', async () => {
    const { page, errors, lines, close } = await cartPage();
    expect(await page.evaluate(() => document.documentElement.classList.contains('js'))).toBe(true);
    expect(await page.isHidden(`[data-cart-update="${lines[0]!.itemId}"]`)).toBe(true);
    expect(await page.isHidden('[data-cart] [data-cart-noscript]')).toBe(true);
    const link = page.locator('[data-cart-line] a.cart-line-link');
    expect(await link.getAttribute('href')).toContain(`/fr/catalog/product/${lines[0]!.variant.productId}/`);
    await page.waitForFunction(() => (document.querySelector('[data-cart-line] img.cart-line-image') as HTMLImageElement | null)?.naturalWidth === 80);
    await page.evaluate(() => {
      const button = document.querySelector('[data-cart-checkout]')!;
      new MutationObserver(() => {
        if (button.classList.contains('is-loading') && button.getAttribute('aria-busy') === 'true') sessionStorage.setItem('cartLoadingSeen', 'yes');
      }).observe(button, { attributes: true });
    });
    await Promise.all([page.waitForURL(/\/fr\/checkout$/), page.click('[data-cart-checkout]', { noWaitAfter: true })]);
    expect(await page.evaluate(() => sessionStorage.getItem('cartLoadingSeen'))).toBe('yes');
    expect(errors).toEqual([]);
    await close();
  });


  it('a shipping country change reloads the cart (methods of that country, the city field) without leaving the page', async () => {
    const { page, errors, close } = await cartPage();
    expect(await page.locator('[data-cart-city]').count()).toBe(0);
    await chooseShippingCountry(page, 'GB');
    expect(await page.inputValue('[data-cart-shipping-country]')).toBe('GB');
    // No pickup method chosen: no city to ask.
    expect(await page.locator('[data-cart-city]').count()).toBe(0);
    // The pickup-point method does not ship to GB; it does to FR.
    const methodsGb = await page.locator('[data-cart-shipping-method]').count();
    await chooseShippingCountry(page, 'FR');
    expect(await page.locator('[data-cart-shipping-method]').count()).toBe(methodsGb + 1);
    // The city serves the pickup points' search only.
    await chooseMethod(page, 'standard');
    expect(await page.locator('[data-cart-city]').count()).toBe(0);
    await chooseMethod(page, 'pickup-point');
    expect(await page.locator('[data-cart-city]').count()).toBe(1);
    expect(new URL(page.url()).pathname).toBe('/fr/shoppingcarts');
    expect(errors).toEqual([]);
    await close();
  });

  it('city autocomplete: nothing below 4 characters, NoCityFound when empty, chosen by keyboard and by mouse', async () => {
    const { page, errors, close } = await cartPage();
    await chooseShippingCountry(page, 'FR');
    await chooseMethod(page, 'pickup-point');
    const asked: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/cities/')) asked.push(decodeURIComponent(new URL(request.url()).pathname.split('/').pop()!));
    });
    const field = page.locator('[data-cart-city]');
    const list = page.locator('[data-cart-city-suggestions]');

    await field.fill('Par');
    await page.waitForTimeout(600);
    expect(asked).toEqual([]);
    expect(await list.isHidden()).toBe(true);

    await field.fill('Pari');
    await list.locator('[data-city-id]').first().waitFor();
    expect(await list.locator('[data-city-id]').allInnerTexts()).toEqual(['75001 Paris']);
    expect(asked).toEqual(['Pari']);

    await field.fill('Zzzz');
    await list.locator('.cart-city-none').waitFor();
    expect(await list.innerText()).toBe('Aucune ville trouvée');
    expect(await list.locator('[data-city-id]').count()).toBe(0);

    // Keyboard: down to the suggestion, up back to the field, Escape hides, down again and Enter chooses.
    await field.fill('6900');
    await list.locator('[data-city-id]').first().waitFor();
    await field.press('ArrowDown');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('69001 Lyon');
    await page.keyboard.press('ArrowUp');
    expect(await page.evaluate(() => document.activeElement?.matches('[data-cart-city]'))).toBe(true);
    await page.keyboard.press('Escape');
    expect(await list.isHidden()).toBe(true);
    await field.fill('Lyon');
    await list.locator('[data-city-id]').first().waitFor();
    await field.press('ArrowDown');
    await markCart(page);
    await page.keyboard.press('Enter');
    await cartReloaded(page);
    expect(await page.inputValue('[data-cart-city]')).toBe('69001 Lyon');

    // Mouse.
    await page.locator('[data-cart-city]').fill('Bord');
    await page.locator('[data-cart-city-suggestions] [data-city-id]').first().waitFor();
    await markCart(page);
    await page.locator('[data-cart-city-suggestions] [data-city-id]').first().click();
    await cartReloaded(page);
    expect(await page.inputValue('[data-cart-city]')).toBe('33000 Bordeaux');
    const cart = await bed.server.db.selectFrom('carts as c').innerJoin('cities as y', 'y.id', 'c.city_id').select('y.name').orderBy('c.updated_at', 'desc').executeTakeFirstOrThrow();
    expect(cart.name).toBe('Bordeaux');
    expect(new URL(page.url()).pathname).toBe('/fr/shoppingcarts');
    expect(errors).toEqual([]);
    await close();
  });

  it('a shipping method change reloads the cart and keeps the chosen method where it was on screen', async () => {
    // A phone-sized window and ten lines: the methods are far below the fold. A notice left by an earlier
    // quantity change sits at the top of the cart and is gone from the reloaded one, so the content above
    // the methods gets shorter: without the behaviour's correction they would jump up under the pointer.
    const { page, errors, lines, close } = await cartPage({ width: 375, height: 640 }, 10);
    await chooseShippingCountry(page, 'FR');
    const managed = lines.find((line) => line.variant.stockMode === 'Managed')!;
    const quantity = `[data-cart-quantity="${managed.itemId}"]`;
    await markCart(page);
    await page.fill(quantity, String(managed.variant.stockQuantity + 100));
    await page.press(quantity, 'Enter');
    await cartReloaded(page);
    const notice = page.locator('[data-cart] [data-quantity-changed]');
    // Read in the page, at once: a box asked for from the test may find the region being swapped (null).
    await page.waitForFunction(() => (document.querySelector('[data-cart] [data-quantity-changed]')?.getBoundingClientRect().height ?? 0) > 20);

    const chosen = '[data-cart-shipping-method]:not(:checked)';
    const value = (await page.getAttribute(chosen, 'value'))!;
    await page.locator(chosen).first().evaluate((radio) => radio.scrollIntoView({ block: 'center' }));
    const where = (id: string) =>
      page.evaluate((selector) => ({ scroll: window.scrollY, top: document.querySelector(selector)!.getBoundingClientRect().top }), `[data-cart-shipping-method][value="${id}"]`);
    const before = await where(value);
    expect(before.scroll).toBeGreaterThan(640);
    // The same document (no navigation, which would land at the top of the page), the region renewed.
    await page.evaluate(() => ((window as unknown as { marker: string }).marker = 'same page'));
    await markCart(page);
    await page.check(`[data-cart-shipping-method][value="${value}"]`);
    await cartReloaded(page);
    await page.waitForFunction(() => document.querySelector('[data-cart-shipping]'));
    expect(await notice.count()).toBe(0);
    const after = await where(value);
    expect(Math.abs(after.top - before.top)).toBeLessThanOrEqual(1);
    // The page itself moved by the notice's height to keep the method in place.
    expect(after.scroll).toBeLessThan(before.scroll - 20);
    expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe('same page');
    expect(await page.isChecked(`[data-cart-shipping-method][value="${value}"]`)).toBe(true);
    expect(errors).toEqual([]);
    await close();
  });

  it("the customer's own country change suppresses the next 'country-changed' event once; the one after reloads the cart", async () => {
    const { page, errors, cartGets, close } = await cartPage();
    // Without a change of its own, the cart reloads on every country-changed event.
    await markCart(page);
    await page.evaluate(() => document.dispatchEvent(new CustomEvent('country-changed')));
    await cartReloaded(page);
    expect(cartGets()).toBe(1);

    await chooseShippingCountry(page, 'BE');
    expect(cartGets()).toBe(2);
    await markCart(page);
    await page.evaluate(() => document.dispatchEvent(new CustomEvent('country-changed')));
    await page.waitForTimeout(500);
    expect(cartGets()).toBe(2);
    expect(await page.locator('[data-cart][data-old]').count()).toBe(1);

    await page.evaluate(() => document.dispatchEvent(new CustomEvent('country-changed')));
    await cartReloaded(page);
    expect(cartGets()).toBe(3);

    // The billing country is a customer's country change too.
    await markCart(page);
    await page.selectOption('[data-cart-billing-country]', { label: 'Allemagne' });
    await cartReloaded(page);
    expect(cartGets()).toBe(4);
    await page.evaluate(() => document.dispatchEvent(new CustomEvent('country-changed')));
    await page.waitForTimeout(500);
    expect(cartGets()).toBe(4);
    expect(errors).toEqual([]);
    await close();
  });
});

describe("the product page's order-origin JSON", () => {
  it('adds its fields to the add-to-cart payload', async () => {
    const variant = await plainVariant(bed.server.db, { skip: 2 });
    const { page, context, errors } = await openPage(bed.browser, `${bed.server.url}/fr/`);
    await withConsentAnswered(context, bed.server.url);
    await page.goto(`${bed.server.url}${await productUrl(bed.server.db, variant.productId)}?productVariantId=${variant.id}`);
    await waitForShell(page);
    expect(JSON.parse((await page.getAttribute('[data-add-to-cart]', 'data-order-origin'))!)).toEqual({ ItemOrigin: 'Catalog' });
    // An element of another origin (a wishlist, an order to repeat) carries its own fields.
    await page.evaluate(() => document.querySelector('[data-add-to-cart]')!.setAttribute('data-order-origin', JSON.stringify({ ItemOrigin: 'Wishlist', ItemKey: 'W-7' })));
    const posted = page.waitForRequest((request) => request.url().endsWith('/api/v1/catalog/products/addtocart'));
    await page.click('[data-add-to-cart]');
    const payload = JSON.parse((await posted).postData()!);
    expect(payload).toEqual(expect.objectContaining({ ProductVariantId: String(variant.id), ItemOrigin: 'Wishlist', ItemKey: 'W-7' }));
    await page.locator('dialog.modal .cart-dialog').waitFor();
    const items = await page.evaluate(async () => (await (await fetch('/api/v1/shoppingcarts?culture=fr', { headers: { Accept: 'application/json' } })).json()).Items);
    expect(items).toEqual([expect.objectContaining({ ProductVariantId: variant.id, ItemOrigin: 'Wishlist', ItemKey: 'W-7' })]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
