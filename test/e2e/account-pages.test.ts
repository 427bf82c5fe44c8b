// The account's address book and orders in Chromium with JavaScript on: a signed-out visit goes to log in
// and back, an address is added (the browser checks the checkout's rules first), listed and deleted after
// its confirmation page, and an order placed at the checkout opens from "my orders".
import type { Page } from 'playwright-core';
import { demo, signedIn } from '../http/accounts-helpers';
import { cartFor, validCheckout } from '../http/checkout-helpers';
import { resource } from '../support/resources';
import { afterPageLoaded, openPage, useBrowserTestBed, waitForShell, withConsentAnswered } from './support/browser';
import { pathOf } from './support/shell';

const bed = useBrowserTestBed();
jest.setTimeout(60_000);

/** A real bank-transfer order of the demo customer, placed through the checkout form; answers its number. */
async function placedOrder(): Promise<string> {
  const { agent } = await signedIn(bed.server, demo.customer);
  const customer = await bed.server.db.selectFrom('users').select('id').where('email', '=', demo.customer.email).executeTakeFirstOrThrow();
  const { csrf, key } = await cartFor(bed.server, { agent, userId: customer.id, quantity: 1 });
  const answer = await agent.post('/fr/checkout').type('form').send({ ...(await validCheckout(bed.server, { Email: demo.customer.email })), _csrf: csrf, IdempotencyKey: key });
  return answer.headers.location.split('/').pop()!;
}

/**
 * Posts a form and waits for the page it leads to. Not waitForNavigation: the shell's saving of the scroll
 * position (history.replaceState after the click scrolled the button into view) satisfies it, and on a
 * loaded machine that came before the post's answer.
 */
async function submit(page: Page, form: string, to: string): Promise<void> {
  await Promise.all([page.waitForURL((url) => url.pathname === to), page.click(`${form} button[type="submit"]`)]);
}

it('signs in from the address book, adds an address, deletes it, and opens an order from my orders', async () => {
  const number = await placedOrder();
  const { page, context, errors } = await openPage(bed.browser, `${bed.server.url}/fr/`);
  await withConsentAnswered(context, bed.server.url);
  await page.setViewportSize({ width: 1280, height: 900 });

  // Signed out: the address book sends to log in, and back to it.
  await page.goto(`${bed.server.url}/fr/account/addresses`);
  expect(pathOf(page)).toBe('/fr/security/login');
  await page.fill('#login-Email', demo.customer.email);
  await page.fill('#login-Password', demo.customer.password);
  await Promise.all([page.waitForURL((url) => url.pathname === '/fr/account/addresses'), page.click('form[action$="/security/login"] button[type="submit"]')]);
  await waitForShell(page);
  expect(await page.locator('h1').innerText()).toBe(resource('fr', 'Security.Account.Addresses.Title'));
  expect(await page.locator('.address-card').count()).toBe(0);

  // Add: the page loads by ajax; an empty street is refused in the browser (nothing posted) with the
  // message the server gives.
  await afterPageLoaded(page, () => page.click('a.address-add'));
  expect(pathOf(page)).toBe('/fr/account/addresses/new');
  const posts: string[] = [];
  page.on('request', (sent) => {
    if (sent.method() === 'POST') posts.push(sent.url());
  });
  await page.fill('#address-BillingStreet1', '');
  await page.click('.address-form button[type="submit"]');
  await page.locator('[data-valmsg-for="BillingStreet1"]:not(:empty)').waitFor();
  expect(await page.locator('[data-valmsg-for="BillingStreet1"]').innerText()).toBe(resource('fr', 'Validation.Required'));
  expect(posts).toEqual([]);
  await page.fill('#address-BillingStreet1', '21 quai de la Fosse');
  await page.fill('#address-BillingPostalCode', '44000');
  await page.fill('#address-BillingCity', 'Nantes');
  await page.selectOption('#address-BillingCountry', { label: 'France' });
  await submit(page, '.address-form', '/fr/account/addresses');
  expect(await page.locator('.flash-success').innerText()).toBe(resource('fr', 'Checkout.Addresses.Saved'));
  expect(await page.locator('.address-card .address-street').innerText()).toBe('21 quai de la Fosse');
  expect(await page.locator('.address-card .address-city').innerText()).toBe('44000 Nantes');

  // Delete: a confirmation page first, then its button posts.
  await afterPageLoaded(page, () => page.click('a.address-delete'));
  expect(pathOf(page)).toMatch(/^\/fr\/account\/addresses\/\d+\/delete$/);
  expect(await page.locator('.address-card .address-street').innerText()).toBe('21 quai de la Fosse');
  await submit(page, '.address-delete-form', '/fr/account/addresses');
  expect(await page.locator('.flash-success').innerText()).toBe(resource('fr', 'Security.Account.Addresses.Deleted'));
  expect(await page.locator('.address-card').count()).toBe(0);

  // My orders from the header, then the order's detail with where to pay.
  await afterPageLoaded(page, () => page.click('.header-account-orders'));
  expect(pathOf(page)).toBe('/fr/account/orders');
  await afterPageLoaded(page, () => page.click(`.account-order-link:text-is("${number}")`));
  expect(pathOf(page)).toBe(`/fr/account/orders/${number}`);
  expect(await page.locator('h1').innerText()).toBe(`Commande ${number}`);
  expect(await page.getAttribute('[data-order-state]', 'data-order-state')).toBe('AwaitingPayment');
  expect(await page.locator('.bank-transfer-info').innerText()).toContain(number);
  expect(await page.locator('.order-lines .order-total').count()).toBe(1);
  expect(errors).toEqual([]);
  await context.close();
});
