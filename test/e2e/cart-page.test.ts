// The cart page with JS in Chromium: the city autocomplete, the shipping country and method reloading
// the cart (the method keeping the scroll position), and the one-time suppression of 'country-changed'.
import type { Page } from 'playwright-core';
import { openPage, useBrowserTestBed, waitForShell, withConsentAnswered } from './support/browser';
import { plainVariant } from '../http/cart-helpers';
import { productUrl } from '../support/catalog-product';

const bed = useBrowserTestBed();

/** A visitor with one line in the cart, on the cart page. */
async function cartPage(viewport = { width: 1280, height: 900 }): Promise<{ page: Page; errors: string[]; cartGets: () => number; close: () => Promise<void> }> {
  const variant = await plainVariant(bed.server.db);
  const { page, context, errors } = await openPage(bed.browser, `${bed.server.url}/fr/`);
  await withConsentAnswered(context, bed.server.url);
  await page.setViewportSize(viewport);
  await page.goto(`${bed.server.url}/fr/`);
  await waitForShell(page);
  const status = await page.evaluate(async (id) => {
    const token = document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')!.content;
    const answer = await fetch('/api/v1/catalog/products/addtocart', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'X-CSRF-Token': token },
      body: JSON.stringify({ ProductVariantId: id, Quantity: 1 }),
    });
    return answer.status;
  }, variant.id);
  expect(status).toBe(200);
  let gets = 0;
  page.on('request', (request) => {
    if (request.method() === 'GET' && new URL(request.url()).pathname === '/fr/shoppingcarts') gets += 1;
  });
  await page.goto(`${bed.server.url}/fr/shoppingcarts`);
  await waitForShell(page);
  // The cart page's behaviour loads at the first use (here a focus); a select's change alone is not replayed.
  const behaviour = page.waitForResponse((response) => response.url().includes('/chunks/cart-page-'));
  await page.focus('[data-cart-quantity]');
  await behaviour;
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 50)));
  gets = 0;
  return { page, errors, cartGets: () => gets, close: () => context.close() };
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

describe('the cart page with JavaScript', () => {
  it('a shipping country change reloads the cart (methods of that country, the city field) without leaving the page', async () => {
    const { page, errors, close } = await cartPage();
    expect(await page.locator('[data-cart-city]').count()).toBe(0);
    await chooseShippingCountry(page, 'GB');
    expect(await page.inputValue('[data-cart-shipping-country]')).toBe('GB');
    expect(await page.locator('[data-cart-city]').count()).toBe(1);
    // The pickup-point method does not ship to GB; it does to FR.
    const methodsGb = await page.locator('[data-cart-shipping-method]').count();
    await chooseShippingCountry(page, 'FR');
    expect(await page.locator('[data-cart-shipping-method]').count()).toBe(methodsGb + 1);
    expect(new URL(page.url()).pathname).toBe('/fr/shoppingcarts');
    expect(errors).toEqual([]);
    await close();
  });

  it('city autocomplete: nothing below 4 characters, NoCityFound when empty, chosen by keyboard and by mouse', async () => {
    const { page, errors, close } = await cartPage();
    await chooseShippingCountry(page, 'FR');
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

  it('a shipping method change reloads the cart and keeps the scroll position', async () => {
    const { page, errors, close } = await cartPage({ width: 1280, height: 360 });
    await chooseShippingCountry(page, 'FR');
    await page.evaluate(() => document.querySelector('.cart-methods')!.scrollIntoView({ block: 'end' }));
    const before = await page.evaluate(() => window.scrollY);
    expect(before).toBeGreaterThan(100);
    // The same document (no navigation, which would land at the top of the page), the region renewed.
    await page.evaluate(() => ((window as unknown as { marker: string }).marker = 'same page'));
    await markCart(page);
    await page.locator('[data-cart-shipping-method]').nth(1).check();
    await cartReloaded(page);
    await page.waitForFunction(() => document.querySelector('[data-cart-shipping]'));
    expect(await page.evaluate(() => window.scrollY)).toBe(before);
    expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe('same page');
    expect(await page.locator('[data-cart-shipping-method]').nth(1).isChecked()).toBe(true);
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
