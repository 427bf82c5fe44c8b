// Buying from a shared birth list as a guest, in Chromium with and without JavaScript: the link opens the
// list (child's name, what is left to give), a gift goes into the guest's cart for that list, and once
// the order is paid the list shows it given. axe-core on the shared page and the owner's page.
import type { Page } from 'playwright-core';
import { demo, signedIn } from '../http/accounts-helpers';
import { plainVariant } from '../http/cart-helpers';
import { orderOf, validCheckout } from '../http/checkout-helpers';
import { transitionOrder } from '../../server/orders/transitions';
import { attributeOf, csrfTokenOf, parseHtml } from '../support/html';
import { axeViolations } from '../support/page-checks';
import { resource } from '../support/resources';
import { afterPageLoaded, openPage, useBrowserTestBed, withConsentAnswered } from './support/browser';
import { pathOf } from './support/shell';

const bed = useBrowserTestBed();
jest.setTimeout(90_000);

/** The owner's birth list with `wished` of a product sold without stock counting, made through the owner's forms. */
async function sharedList(skip: number, wished: number): Promise<{ token: string; variantId: number; listId: number }> {
  const variant = await plainVariant(bed.server.db, { skip });
  await bed.server.db.updateTable('product_variants').set({ stock_mode: 'NoManagement' }).where('id', '=', variant.id).execute();
  const { agent } = await signedIn(bed.server, demo.customer);
  const csrf = csrfTokenOf(parseHtml((await agent.get('/fr/account/birthlists')).text));
  const made = await agent.post('/fr/account/birthlists').type('form').send({ _csrf: csrf, ChildName: `Enfant ${skip}`, BirthDate: '02/05/2026' });
  const listId = Number(made.headers.location.split('/').pop());
  await agent.post('/fr/birthlists/addproductvariant').type('form').send({ _csrf: csrf, productVariantId: variant.id, birthListId: listId, Quantity: String(wished) });
  const { token } = await bed.server.db.selectFrom('birth_lists').select('token').where('id', '=', listId).executeTakeFirstOrThrow();
  return { token, variantId: variant.id, listId };
}

async function guestPage(path: string, javaScript: boolean) {
  const opened = await openPage(bed.browser, `${bed.server.url}/fr/about`, { javaScript });
  await withConsentAnswered(opened.context, bed.server.url);
  await opened.page.setViewportSize({ width: 1280, height: 900 });
  await opened.page.goto(`${bed.server.url}${path}`);
  return opened;
}

/** The guest's cart cookie, so the test can place the order the guest's browser would (HTTP checkout). */
async function placeGuestOrder(page: Page): Promise<number> {
  const cart = (await page.context().cookies()).find((cookie) => cookie.name === 'cart')!;
  const { default: request } = await import('supertest');
  const agent = request.agent(bed.server.app).set('Cookie', `cart=${cart.value}`);
  const checkout = parseHtml((await agent.get('/fr/checkout')).text);
  const placed = await agent
    .post('/fr/checkout')
    .type('form')
    .send({ ...(await validCheckout(bed.server)), _csrf: csrfTokenOf(checkout), IdempotencyKey: attributeOf(checkout, 'input[name="IdempotencyKey"]', 'value') });
  return (await orderOf(bed.server, placed.headers.location)).id;
}

for (const javaScript of [true, false]) {
  it(`lets a guest give from a shared birth list ${javaScript ? 'with' : 'without'} JavaScript`, async () => {
    const { token, variantId } = await sharedList(javaScript ? 30 : 31, 3);
    const { page, context, errors } = await guestPage(`/fr/birthlists/${token}`, javaScript);
    expect(await page.locator('h1').innerText()).toBe(resource('fr', 'BirthLists.SharedTitle').replace('{{name}}', `Enfant ${javaScript ? 30 : 31}`));
    expect(await page.locator('.birth-list-remaining').innerText()).toBe('3 sur 3');
    expect(await axeViolations(page, { javaScript })).toEqual([]);

    await page.fill('.birth-list-buy .wishlist-quantity', '2');
    const give = () => page.click('.birth-list-buy button[type="submit"]');
    if (javaScript) await afterPageLoaded(page, give);
    else await Promise.all([page.waitForNavigation(), give()]);
    expect(pathOf(page)).toBe('/fr/shoppingcarts');
    expect(await page.locator('.flash-success').innerText()).toBe(resource('fr', 'BirthLists.AddedToCart'));
    expect(await page.locator(`.cart-line`).count()).toBe(1);
    const line = await bed.server.db.selectFrom('cart_items').select(['variant_id', 'quantity', 'origin']).where('variant_id', '=', variantId).where('origin', '=', 'BirthList').executeTakeFirstOrThrow();
    expect(line).toEqual({ variant_id: variantId, quantity: 2, origin: 'BirthList' });

    await transitionOrder(bed.server.db, await placeGuestOrder(page), 'Paid');
    await page.goto(`${bed.server.url}/fr/birthlists/${token}`);
    expect(await page.locator('.birth-list-remaining').innerText()).toBe('1 sur 3');
    expect(await page.getAttribute('.birth-list-buy .wishlist-quantity', 'max')).toBe('1');
    expect(errors).toEqual([]);
    await context.close();
  });
}

it('shows the owner the shared link and what was given, without an axe finding', async () => {
  const { listId } = await sharedList(32, 2);
  const { page, context } = await guestPage(`/fr/security/login?returnUrl=${encodeURIComponent(`/fr/account/birthlists/${listId}`)}`, true);
  await page.fill('#login-Email', demo.customer.email);
  await page.fill('#login-Password', demo.customer.password);
  await Promise.all([page.waitForURL((url) => url.pathname === `/fr/account/birthlists/${listId}`), page.click('form[action$="/security/login"] button[type="submit"]')]);
  expect(await page.inputValue('#birth-list-share-url')).toMatch(/\/fr\/birthlists\/[A-Za-z0-9_-]{32}$/);
  expect(await page.locator('.birth-list-bought').innerText()).toBe('0');
  expect(await axeViolations(page)).toEqual([]);
  await context.close();
});
