// Wishlists in Chromium: with JavaScript, the add-to-wishlist modal (a new list, the variant already in
// a list, 'go to wishlist'), the list page (name saved in place, a quantity changed in place, a bad one
// refused with a growl, a line removed, the whole list ordered), a visitor's login and the modal opened
// again by openWishlist; without JavaScript, the same through plain pages and form posts. axe-core and the
// Nu HTML Checker on the signed-in pages (the page-checks file covers the visitors' pages).
import type { Page } from 'playwright-core';
import { demo, signedIn } from '../http/accounts-helpers';
import { plainVariant } from '../http/cart-helpers';
import { productUrl } from '../support/catalog-product';
import { axeViolations } from '../support/page-checks';
import { resource } from '../support/resources';
import { afterPageLoaded, openPage, useBrowserTestBed, waitForShell, withConsentAnswered } from './support/browser';
import { documentsOf, expectNoHtmlErrors } from './support/html-checks';
import { pathOf } from './support/shell';

const bed = useBrowserTestBed();
jest.setTimeout(90_000);

const t = (key: string, values: Record<string, string | number> = {}) =>
  Object.entries(values).reduce((text, [name, value]) => text.replace(`{{${name}}}`, String(value)), resource('fr', key));

/** A product whose variants are all sold without stock counting (any quantity may be wished); its page's address. */
async function productPage(skip: number): Promise<string> {
  const variant = await plainVariant(bed.server.db, { skip });
  await bed.server.db.updateTable('product_variants').set({ stock_mode: 'NoManagement' }).where('product_id', '=', variant.productId).execute();
  return productUrl(bed.server.db, variant.productId);
}

async function listRows(email: string) {
  const user = await bed.server.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  return bed.server.db
    .selectFrom('wishlists as w')
    .leftJoin('wishlist_items as i', 'i.wishlist_id', 'w.id')
    .select(['w.id', 'w.name', 'i.variant_id', 'i.quantity'])
    .where('w.user_id', '=', user.id)
    .orderBy('w.id')
    .execute();
}

/** What `read` answers once it is `expected` (a write made by the page's script lands a moment later), at most 10 s. */
async function eventually<T>(read: () => Promise<T>, expected: T): Promise<void> {
  const until = Date.now() + 10_000;
  let value = await read();
  while (value !== expected && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    value = await read();
  }
  expect(value).toBe(expected);
}

/** Signs in through the login page (any JS setting) and lands on `path`. */
async function signIn(page: Page, path: string, account = demo.customer): Promise<void> {
  await page.goto(`${bed.server.url}/fr/security/login?returnUrl=${encodeURIComponent(path)}`);
  await page.fill('#login-Email', account.email);
  await page.fill('#login-Password', account.password);
  await Promise.all([page.waitForURL((url) => url.pathname + url.search === path), page.click('form[action$="/security/login"] button[type="submit"]')]);
}

async function open(path: string, javaScript: boolean) {
  const opened = await openPage(bed.browser, `${bed.server.url}/fr/about`, { javaScript });
  await withConsentAnswered(opened.context, bed.server.url);
  await opened.page.setViewportSize({ width: 1280, height: 900 });
  await opened.page.goto(`${bed.server.url}${path}`);
  return opened;
}

describe('with JavaScript', () => {
  it('adds to a new list in the modal, goes to the list, edits it in place and orders it', async () => {
    const product = await productPage(20);
    const { page, context, errors } = await open('/fr/about', true);
    await signIn(page, product);
    await waitForShell(page);
    const countBefore = Number(await page.locator('.wishlist-count-number').innerText());

    await page.click('.product-lists a.add-to-wishlist');
    const dialog = page.locator('#modal-root dialog.modal');
    await dialog.locator('form.wishlist-form').waitFor();
    expect(await dialog.locator('.wishlist-popup-title').innerText()).toBe(t('Wishlists.AddTitle'));
    await dialog.locator('#wishlist-list-new').check();
    await dialog.locator('#wishlist-new-name').fill('Pour Noël');
    await dialog.locator('#wishlist-quantity').fill('2');
    await dialog.locator('.wishlist-submit').click();
    await dialog.locator('.wishlist-added').waitFor();
    expect(await dialog.locator('.wishlist-desired-quantity').innerText()).toBe(t('Wishlists.DesiredQuantity_other', { count: 2 }));
    expect(await dialog.locator('.wishlist-added-actions a').allInnerTexts()).toEqual([t('Wishlists.ReturnToShopping'), t('Wishlists.GoToWishlist')]);
    const rows = await listRows(demo.customer.email);
    const list = rows.find((row) => row.name === 'Pour Noël')!;
    // The header counts distinct products over all lists (the product may already be in the seeded one).
    const counted = new Set(rows.flatMap((row) => (row.variant_id ? [row.variant_id] : []))).size;
    expect(counted).toBeGreaterThanOrEqual(countBefore);
    await page.waitForFunction((expected) => Number(document.querySelector('.wishlist-count-number')?.textContent) === expected, counted);
    expect(list.quantity).toBe(2);

    // Opened again, the modal says the variant is in that list.
    await dialog.locator('[data-wishlist-return]').click();
    expect(await page.locator('#modal-root dialog').count()).toBe(0);
    await page.click('.product-lists a.add-to-wishlist');
    await dialog.locator(`label[for="wishlist-list-${list.id}"] .wishlist-already`).waitFor();
    expect(await dialog.locator(`label[for="wishlist-list-${list.id}"] .wishlist-already`).innerText()).toBe(t('Wishlists.AlreadyInList_other', { count: 2 }));
    await afterPageLoaded(page, () => dialog.locator('.wishlist-form').evaluate((form) => (form.closest('dialog') as HTMLDialogElement).close()).then(() => page.goto(`${bed.server.url}/fr/catalog/wishlist/list?Id=${list.id}`)));
    await waitForShell(page);

    // The name is saved when it changes; the placeholder shows in the empty description.
    expect(await page.getAttribute('#wishlist-description', 'placeholder')).toBe(t('Wishlists.DescriptionPlaceholder'));
    await page.fill('#wishlist-name', 'Noël 2026');
    await page.locator('#wishlist-name').blur();
    await page.locator('[data-wishlist-growl]').first().waitFor();
    await eventually(async () => (await listRows(demo.customer.email)).find((row) => row.id === list.id)?.name, 'Noël 2026');

    // A quantity changed in place; a bad one is refused with the server's message and changes nothing.
    // The lines are loaded again after a change: the old ones are marked to see them replaced.
    await page.locator('#wishlist-items').evaluate((items: HTMLElement) => (items.dataset.stale = 'true'));
    await page.fill('.wishlist-item .wishlist-quantity', '4');
    await page.click('.wishlist-item .wishlist-quantity-submit');
    await page.locator('#wishlist-items:not([data-stale])').waitFor();
    expect((await listRows(demo.customer.email)).find((row) => row.id === list.id)?.quantity).toBe(4);
    await page.locator('.wishlist-item .wishlist-quantity').evaluate((input: HTMLInputElement) => {
      input.removeAttribute('min');
      input.value = '0';
    });
    await page.locator('.wishlist-quantity-form').evaluate((form: HTMLFormElement) => form.requestSubmit());
    await page.locator(`[data-wishlist-growl].growl-error`).waitFor();
    expect(await page.locator('[data-wishlist-growl].growl-error').innerText()).toBe(t('Wishlists.QuantityInvalid'));
    expect((await listRows(demo.customer.email)).find((row) => row.id === list.id)?.quantity).toBe(4);

    expect(await axeViolations(page)).toEqual([]);

    // Order all products: the cart page with the list's lines.
    await afterPageLoaded(page, () => page.click('.wishlist-order'));
    expect(pathOf(page)).toBe('/fr/shoppingcarts');
    expect(await page.locator('.flash-success').innerText()).toBe(t('Wishlists.AddedToCart'));

    // Back on the list, the line is removed in place.
    await page.goto(`${bed.server.url}/fr/catalog/wishlist/list?Id=${list.id}`);
    await waitForShell(page);
    await page.click('.wishlist-item .wishlist-remove');
    await page.locator('.wishlist-empty').waitFor();
    expect((await listRows(demo.customer.email)).find((row) => row.id === list.id)?.variant_id).toBeNull();
    // The refused quantity answered 400 on purpose.
    expect(errors.filter((error) => !/status of 400/.test(error))).toEqual([]);
    await context.close();
  });

  it('sends a visitor to log in from the modal, then opens the modal again on the product page (openWishlist)', async () => {
    const product = await productPage(21);
    const { page, context } = await open(product, true);
    await waitForShell(page);
    const link = page.locator('.product-lists a.add-to-wishlist');
    const variantId = new URL(String(await link.getAttribute('href')), bed.server.url).searchParams.get('productVariantId');
    await link.click();
    const dialog = page.locator('#modal-root dialog.modal');
    await dialog.locator('.login-form').waitFor();
    expect(await dialog.locator('input[name="returnUrl"]').inputValue()).toBe(`${product}?openWishlist=${variantId}`);
    await dialog.locator('#login-Email').fill(demo.customer.email);
    await dialog.locator('#login-Password').fill(demo.customer.password);
    await Promise.all([page.waitForURL((url) => url.searchParams.get('openWishlist') === variantId, { waitUntil: 'load' }), dialog.locator('.login-form button[type="submit"]').click()]);
    await page.locator('#modal-root dialog.modal form.wishlist-form').waitFor();
    expect(await page.locator('#modal-root dialog.modal input[name="productVariantId"]').inputValue()).toBe(variantId);
    await context.close();
  });
});

describe('without JavaScript', () => {
  async function submit(page: Page, selector: string): Promise<void> {
    await Promise.all([page.waitForNavigation(), page.click(selector)]);
  }

  it('adds through the modal\'s page, then changes, orders and deletes the list by plain forms', async () => {
    const product = await productPage(22);
    const { page, context } = await open(product, false);
    await submit(page, '.product-lists a.add-to-wishlist');
    expect(pathOf(page)).toBe('/fr/security/login');
    await page.fill('#login-Email', demo.customer.email);
    await page.fill('#login-Password', demo.customer.password);
    await submit(page, 'form[action$="/security/login"] button[type="submit"]');
    expect(pathOf(page)).toBe('/fr/catalog/wishlist/popup');
    await page.check('#wishlist-list-new');
    await page.fill('#wishlist-new-name', 'Sans JS');
    await submit(page, '.wishlist-submit');
    expect(await page.locator('.wishlist-added-message').innerText()).toBe(t('Wishlists.AddedNotice'));
    await submit(page, '.wishlist-go');
    expect(pathOf(page)).toBe('/fr/catalog/wishlist/list');
    expect(await page.inputValue('#wishlist-name')).toBe('Sans JS');

    await page.fill('.wishlist-item .wishlist-quantity', '3');
    await submit(page, '.wishlist-item .wishlist-quantity-submit');
    expect(await page.locator('.flash-success').innerText()).toBe(t('Wishlists.QuantityChanged'));
    expect(await page.inputValue('.wishlist-item .wishlist-quantity')).toBe('3');
    await page.fill('#wishlist-description', 'Une description');
    await submit(page, '.wishlist-description-form .wishlist-inline-submit');
    expect(await page.inputValue('#wishlist-description')).toBe('Une description');
    expect(await axeViolations(page, { javaScript: false })).toEqual([]);

    await submit(page, '.wishlist-order');
    expect(pathOf(page)).toBe('/fr/shoppingcarts');
    await page.goBack();
    await page.reload();
    await submit(page, '.wishlist-delete');
    expect(await page.locator('.flash-success').innerText()).toBe(t('Wishlists.ListDeleted'));
    expect((await listRows(demo.customer.email)).some((row) => row.name === 'Sans JS')).toBe(false);
    await context.close();
  });
});

describe('the Nu HTML Checker', () => {
  it('finds no error in the signed-in pages: the list page, the modal\'s page, the fragment as a page part and the birth lists', async () => {
    const product = await productPage(23);
    const { agent } = await signedIn(bed.server, demo.customer);
    const lists = await listRows(demo.customer.email);
    const variantId = lists.find((row) => row.variant_id)!.variant_id!;
    const birthList = await bed.server.db.selectFrom('birth_lists').select('id').orderBy('id').executeTakeFirstOrThrow();
    const paths = [
      `/fr/catalog/wishlist/list?Id=${lists[0].id}`,
      `/fr/catalog/wishlist/popup?productVariantId=${variantId}`,
      `/fr/catalog/wishlist/popup?productVariantId=${variantId}&added=${lists[0].id}`,
      '/fr/account/birthlists',
      `/fr/account/birthlists/${birthList.id}`,
      `/fr/birthlists/popup?productVariantId=${variantId}`,
      product,
    ];
    await expectNoHtmlErrors(await documentsOf(agent, paths));
  });
});
