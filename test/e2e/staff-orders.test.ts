// The staff orders screen in Chromium: staff sign in, go from the staff dashboard to the orders list and
// to a bank transfer order placed through the checkout, mark it paid, then shipped (plain form posts,
// each coming back to the order with its notice).
import type { Page } from 'playwright-core';
import { resource } from '../support/resources';
import { demo } from '../http/accounts-helpers';
import { cartFor, orderOf, validCheckout } from '../http/checkout-helpers';
import { openPage, useBrowserTestBed, withConsentAnswered } from './support/browser';
import { pathOf } from './support/shell';

const bed = useBrowserTestBed();

async function placeBankTransferOrder() {
  const { agent, csrf, key } = await cartFor(bed.server, { quantity: 1 });
  const answer = await agent.post('/fr/checkout').type('form').send({ ...(await validCheckout(bed.server, { Email: 'transfer@example.com' })), _csrf: csrf, IdempotencyKey: key });
  if (answer.status !== 303) throw new Error(`The checkout answered ${answer.status}`);
  return orderOf(bed.server, answer.headers.location);
}

/** Clicks, then waits for what the next page shows (the shell may load it by ajax or the browser in full). */
async function clickThrough(page: Page, selector: string, shown: string): Promise<void> {
  await page.click(selector);
  await page.locator(shown).waitFor();
}

it('staff open an order from the dashboard and mark it paid, then shipped', async () => {
  const order = await placeBankTransferOrder();
  const { page, context, errors } = await openPage(bed.browser, `${bed.server.url}/fr/security/login?returnUrl=%2Ffr%2Fstaff`);
  await withConsentAnswered(context, bed.server.url);
  await page.reload();
  await page.fill('#login-Email', demo.staff.email);
  await page.fill('#login-Password', demo.staff.password);
  await clickThrough(page, '.login-form button[type="submit"]', '#staff-dashboard');
  expect(pathOf(page)).toBe('/fr/staff');

  await clickThrough(page, '.staff-links a[href="/fr/staff/orders"]', '#staff-orders');
  expect(await page.textContent('h1')).toBe(resource('fr', 'Staff.Orders.Title'));
  const row = page.locator(`tr[data-order-number="${order.number}"]`);
  expect((await row.locator('.staff-order-state').innerText()).trim()).toBe(resource('fr', 'Orders.States.AwaitingPayment'));
  await clickThrough(page, `tr[data-order-number="${order.number}"] .staff-order-number a`, '#staff-order');
  expect(pathOf(page)).toBe(`/fr/staff/orders/${order.number}`);

  await clickThrough(page, 'form[data-move="Paid"] button', '.staff-order-state[data-order-state="Paid"]');
  expect(pathOf(page)).toBe(`/fr/staff/orders/${order.number}`);
  expect(await page.textContent('.flash-success')).toBe(`La commande ${order.number} est maintenant : ${resource('fr', 'Orders.States.Paid')}.`);
  expect(await page.textContent('.staff-order-state')).toBe(resource('fr', 'Orders.States.Paid'));

  await clickThrough(page, 'form[data-move="Shipped"] button', '.staff-order-state[data-order-state="Shipped"]');
  expect(await page.textContent('.flash-success')).toBe(`La commande ${order.number} est maintenant : ${resource('fr', 'Orders.States.Shipped')}.`);
  expect(await page.textContent('.staff-order-state')).toBe(resource('fr', 'Orders.States.Shipped'));
  expect(await page.locator('form.staff-order-move').evaluateAll((forms) => forms.map((form) => form.getAttribute('data-move')))).toEqual(['Refunded']);

  const stored = await bed.server.db.selectFrom('orders').select('state').where('id', '=', order.id).executeTakeFirstOrThrow();
  expect(stored.state).toBe('Shipped');
  expect(errors).toEqual([]);
  await context.close();
});
