// The payment page in Chromium: the React card drop-in loads on that page only, an invalid form scrolls
// to the top, a valid one shows the button loading and a sandbox card payment marks the order Paid.
import { findOrderById } from '../../server/orders/orders';
import { demo } from '../http/accounts-helpers';
import { placeCardOrder } from '../http/payments-fixtures';
import { openPage, useBrowserTestBed, waitForShell, withConsentAnswered } from './support/browser';

const bed = useBrowserTestBed();

async function signedInPage() {
  const opened = await openPage(bed.browser, `${bed.server.url}/fr/security/login`);
  opened.page.setDefaultTimeout(8000);
  await withConsentAnswered(opened.context, bed.server.url);
  await opened.page.reload();
  await opened.page.locator('#login-Email').fill(demo.customer.email);
  await opened.page.locator('#login-Password').fill(demo.customer.password);
  await Promise.all([opened.page.waitForURL(`${bed.server.url}/fr/`), opened.page.locator('.login-form button[type="submit"]').click()]);
  return opened;
}

async function customerOrder() {
  const user = await bed.server.db.selectFrom('users').select('id').where('email', '=', demo.customer.email).executeTakeFirstOrThrow();
  return placeCardOrder(bed.server, { userId: user.id, email: demo.customer.email, key: `e2e-pay-${Date.now()}-${Math.random()}` });
}

describe('the payment drop-in', () => {
  it('pays with a sandbox card: required holder and address first (scroll to top), then loading, then Paid', async () => {
    const { page, context, errors } = await signedInPage();
    const islandRequests: string[] = [];
    page.on('request', (request) => {
      if (/\/static\/dist\/payment-/.test(request.url())) islandRequests.push(request.url());
    });
    // Signed in, on the home page: no island there.
    await page.goto(`${bed.server.url}/fr/catalog`);
    await waitForShell(page);
    expect(islandRequests).toHaveLength(0);

    const order = await customerOrder();
    await page.goto(`${bed.server.url}/fr/payments?order=${order.number}`);
    await waitForShell(page);
    const dropIn = page.locator('form.drop-in');
    await dropIn.waitFor();
    expect(islandRequests).toHaveLength(1);
    expect(await dropIn.getAttribute('data-environment')).toBe('test');
    expect(await dropIn.getAttribute('data-client-key')).toMatch(/^test_/);

    // The billing country is chosen among the shop's countries, the order's preselected.
    expect(await page.locator('#drop-in-BillingCountry').evaluate((control) => control.tagName)).toBe('SELECT');
    expect(await page.inputValue('#drop-in-BillingCountry')).toBe('FR');
    const shopCountries = await bed.server.db.selectFrom('countries').select('code').execute();
    expect(await page.locator('#drop-in-BillingCountry option').count()).toBe(shopCountries.length + 1);
    await page.locator('#drop-in-CardNumber').fill('4111 1111 1111 1111');
    await page.locator('#drop-in-ExpiryDate').fill('12/39');
    await page.locator('#drop-in-Cvc').fill('737');
    await page.locator('#drop-in-HolderName').fill('');
    await page.locator('#drop-in-BillingStreet').fill('');
    await page.setViewportSize({ width: 800, height: 400 });
    await page.locator('[data-drop-in-submit]').scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await page.locator('[data-drop-in-submit]').click();
    await page.locator('#drop-in-HolderName-error').waitFor();
    await page.locator('#drop-in-BillingStreet-error').waitFor();
    await page.waitForFunction(() => window.scrollY === 0);
    expect(await page.locator('[data-drop-in-submit]').getAttribute('aria-busy')).toBe('false');
    expect((await findOrderById(bed.server.db, order.orderId))!.state).toBe('Placed');

    await page.locator('#drop-in-HolderName').fill('Ada Lovelace');
    await page.locator('#drop-in-BillingStreet').fill('12 Rue Vivienne');
    // Hold the payment answer a moment so the loading state can be seen.
    await page.route('**/api/v1/payments/sandbox/payments', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 300));
      await route.continue();
    });
    await page.locator('[data-drop-in-submit]').click();
    await page.waitForSelector('[data-drop-in-submit][aria-busy=true]');
    await page.waitForURL(/redirectResult=/);
    await page.locator('[data-payment-result=Authorised]').waitFor();
    // Paid: the intro says so, and no card form is left.
    expect(await page.locator('.payment-intro[data-payment-paid]').count()).toBe(1);
    expect(await page.locator('form.drop-in, form[data-payment-form]').count()).toBe(0);
    expect((await findOrderById(bed.server.db, order.orderId))!.state).toBe('Paid');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('without JavaScript the plain sandbox form pays too', async () => {
    const { context } = await signedInPage();
    const order = await customerOrder();
    const cookies = await context.cookies();
    const noJs = await bed.browser.newContext({ javaScriptEnabled: false });
    await noJs.addCookies(cookies);
    const page = await noJs.newPage();
    await page.goto(`${bed.server.url}/fr/payments?order=${order.number}`);
    await page.locator('#payment-CardNumber').fill('4111111111111111');
    await page.locator('#payment-ExpiryDate').fill('11/38');
    await page.locator('#payment-Cvc').fill('123');
    await Promise.all([page.waitForURL(/redirectResult=/), page.locator('form[data-payment-form] button[type=submit]').click()]);
    await page.locator('[data-payment-result=Authorised]').waitFor();
    expect((await findOrderById(bed.server.db, order.orderId))!.state).toBe('Paid');
    await noJs.close();
    await context.close();
  });
});
