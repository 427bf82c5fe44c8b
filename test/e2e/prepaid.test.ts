// Prepaid accounts in Chromium: a customer adds prepaid money from their account page (an empty
// quantity is refused with the growl 'Sales.QuantityIsMandatory'; the call's answered address leads to
// the cart), turns the low-balance mail on, then pays an order from the account on the payment page
// (the hidden PrepaidAccountId form); the same without JavaScript; axe-core and the Nu checker on the pages.
import type { Page } from 'playwright-core';
import { axeViolations } from '../support/page-checks';
import { resource } from '../support/resources';
import { signedIn } from '../http/accounts-helpers';
import { balanceOf, cardOrderOf, customerWithAccount } from '../http/prepaid-helpers';
import { openPage, useBrowserTestBed, withConsentAnswered } from './support/browser';
import { documentsOf, expectNoHtmlErrors } from './support/html-checks';
import { pathOf } from './support/shell';

const bed = useBrowserTestBed();
jest.setTimeout(120_000);

async function signIn(page: Page, account: { email: string; password: string }, returnUrl: string): Promise<void> {
  await page.goto(`${bed.server.url}/fr/security/login?returnUrl=${encodeURIComponent(returnUrl)}`);
  await page.fill('#login-Email', account.email);
  await page.fill('#login-Password', account.password);
  await Promise.all([page.waitForURL((url) => url.pathname === returnUrl.split('?')[0]), page.click('.login-form button[type="submit"]')]);
}

/** Reads until the value is `wanted` (a save made after the answer), for at most 5 s; answers the last read. */
async function eventually<T>(read: () => Promise<T>, wanted: T): Promise<T> {
  let value = await read();
  for (let attempt = 0; attempt < 50 && value !== wanted; attempt++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    value = await read();
  }
  return value;
}

async function customerPage(javaScript: boolean, balanceCents = 5000) {
  const customer = await customerWithAccount(bed.server, { balanceCents });
  const opened = await openPage(bed.browser, `${bed.server.url}/fr/`, { javaScript });
  await withConsentAnswered(opened.context, bed.server.url);
  await signIn(opened.page, customer, `/fr/account/prepaidaccounts/${customer.accountId}`);
  return { customer, ...opened };
}

test('with JavaScript: add prepaid money (quantity required), the toggle, then pay an order from the account', async () => {
  const { customer, page, context, errors } = await customerPage(true);
  expect(await page.textContent('[data-prepaid-balance]')).toMatch(/50,00/);
  expect(await axeViolations(page)).toEqual([]);

  await page.fill('#prepaid-quantity', '');
  await page.click('form[data-prepaid-add] button[type="submit"]');
  await page.locator('[data-prepaid-growl="error"]').waitFor();
  expect(await page.textContent('[data-prepaid-growl="error"]')).toBe(resource('fr', 'Sales.QuantityIsMandatory'));
  expect(pathOf(page)).toBe(`/fr/account/prepaidaccounts/${customer.accountId}`);

  await page.check('#prepaid-notify');
  expect(await eventually(async () => Number((await bed.server.db.selectFrom('prepaid_accounts').select('notify').where('id', '=', customer.accountId).executeTakeFirstOrThrow()).notify), 1)).toBe(1);

  await page.fill('#prepaid-quantity', '2');
  await page.click('form[data-prepaid-add] button[type="submit"]');
  await page.waitForURL((url) => url.pathname === '/fr/shoppingcarts');
  await page.locator('[data-cart]').first().waitFor();
  expect(await page.locator('body').innerText()).toContain('PREPAID-10');

  const order = await cardOrderOf(bed.server, customer, 2000);
  await page.goto(`${bed.server.url}/fr/payments?order=${order.number}`);
  expect(await page.getAttribute('form.prepaid-pay-form input[name="PrepaidAccountId"]', 'type')).toBe('hidden');
  expect(await axeViolations(page)).toEqual([]);
  await page.click('form.prepaid-pay-form button[type="submit"]');
  await page.locator('.flash-success').waitFor();
  expect(await page.textContent('.flash-success')).toBe(resource('fr', 'Sales.Prepaid.Paid').replace('{{number}}', order.number));
  expect(await page.locator('[data-payment-paid]').count()).toBe(1);
  expect(await balanceOf(bed.server, customer.accountId)).toBe(3000);
  expect(errors).toEqual([]);
  await context.close();
});

test('without JavaScript: the add form posts and leads to the cart; the payment form pays', async () => {
  const { customer, page, context } = await customerPage(false);
  expect(await axeViolations(page, { javaScript: false })).toEqual([]);
  await page.fill('#prepaid-quantity', '3');
  await Promise.all([page.waitForURL((url) => url.pathname === '/fr/shoppingcarts'), page.click('form[data-prepaid-add] button[type="submit"]')]);
  const order = await cardOrderOf(bed.server, customer, 1500);
  await page.goto(`${bed.server.url}/fr/payments?order=${order.number}`);
  await Promise.all([page.waitForURL((url) => url.search.includes(order.number)), page.click('form.prepaid-pay-form button[type="submit"]')]);
  expect(await page.textContent('.flash-success')).toContain(order.number);
  expect(await balanceOf(bed.server, customer.accountId)).toBe(3500);
  await context.close();
});

test('the Nu HTML Checker finds no error in the prepaid pages', async () => {
  const customer = await customerWithAccount(bed.server, { balanceCents: 5000 });
  const { agent } = await signedIn(bed.server, customer);
  const order = await cardOrderOf(bed.server, customer, 1000);
  await expectNoHtmlErrors(await documentsOf(agent, ['/fr/account/prepaidaccounts', `/fr/account/prepaidaccounts/${customer.accountId}`, `/fr/payments?order=${order.number}`, '/fr/account']));
});
