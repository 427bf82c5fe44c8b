// A refund request in Chromium, handled by staff: the customer opens a paid order, asks back two of a
// line (the amounts and totals follow the selects as they change: 2 decimals, a comma), sends it; staff
// find it in their list, accept it, then refund it through the payment provider. axe-core and the Nu
// checker on the pages.
import type { Page } from 'playwright-core';
import { axeViolations } from '../support/page-checks';
import { resource } from '../support/resources';
import { demo, signedIn } from '../http/accounts-helpers';
import { customerWithAccount, paidCardOrderOf } from '../http/prepaid-helpers';
import { openPage, useBrowserTestBed, withConsentAnswered } from './support/browser';
import { documentsOf, expectNoHtmlErrors } from './support/html-checks';
import { pathOf } from './support/shell';

const bed = useBrowserTestBed();
jest.setTimeout(120_000);

async function signedInPage(account: { email: string; password: string }, returnUrl: string, javaScript = true): Promise<{ page: Page; close(): Promise<void>; errors: string[] }> {
  const { page, context, errors } = await openPage(bed.browser, `${bed.server.url}/fr/`, { javaScript });
  await withConsentAnswered(context, bed.server.url);
  await page.goto(`${bed.server.url}/fr/security/login?returnUrl=${encodeURIComponent(returnUrl)}`);
  await page.fill('#login-Email', account.email);
  await page.fill('#login-Password', account.password);
  await Promise.all([page.waitForURL((url) => url.pathname === returnUrl), page.click('.login-form button[type="submit"]')]);
  return { page, errors, close: () => context.close() };
}

test('a customer asks a refund of part of a paid order; staff accept it and refund it', async () => {
  const customer = await customerWithAccount(bed.server, { balanceCents: 0 });
  const order = await paidCardOrderOf(bed.server, customer);
  const shopper = await signedInPage(customer, `/fr/account/orders/${order.number}`);
  await shopper.page.click('[data-refund-link]');
  await shopper.page.locator('form[data-refund-form]').waitFor();
  expect(await axeViolations(shopper.page)).toEqual([]);
  await shopper.page.selectOption(`select[name="Quantity_${order.lineIds[0]}"]`, '2');
  await shopper.page.selectOption(`select[name="Quantity_${order.lineIds[1]}"]`, '1');
  await shopper.page.waitForFunction(() => document.querySelector('[data-refund-total-amount]')?.textContent === '34,99');
  expect(await shopper.page.locator('[data-refund-amount]').allTextContents()).toEqual(['25,00', '9,99']);
  expect(await shopper.page.textContent('[data-refund-total-quantity]')).toBe('3');
  await shopper.page.fill('#refund-reason', 'Taille trop grande');
  await shopper.page.click('form[data-refund-form] button[type="submit"]');
  await shopper.page.locator('#refund-detail').waitFor();
  expect(await shopper.page.textContent('.refund-state')).toBe(resource('fr', 'Sales.Refunds.States.Requested'));
  expect(shopper.errors).toEqual([]);

  const desk = await signedInPage(demo.staff, '/fr/staff/refunds');
  const request = await bed.server.db.selectFrom('refund_requests').select('id').where('order_id', '=', order.orderId).executeTakeFirstOrThrow();
  await desk.page.click(`tr[data-refund-request="${request.id}"] a[href$="/staff/refunds/${request.id}"]`);
  await desk.page.locator('#staff-refund').waitFor();
  expect(await axeViolations(desk.page)).toEqual([]);
  await desk.page.fill('#staff-refund-note', 'Accepté');
  await desk.page.click('[data-refund-action="accept"]');
  await desk.page.locator('#staff-refund[data-refund-state="Accepted"]').waitFor();
  await desk.page.click('[data-refund-action="refund"]');
  await desk.page.locator('#staff-refund[data-refund-state="Refunded"]').waitFor();
  expect(await desk.page.textContent('.flash-success')).toBe(resource('fr', 'Sales.Refunds.Done.Refunded').replace('{{id}}', String(request.id)));
  expect(pathOf(desk.page)).toBe(`/fr/staff/refunds/${request.id}`);
  const payment = await bed.server.db.selectFrom('payments').select('refunded_cents').where('id', '=', order.paymentId).executeTakeFirstOrThrow();
  expect(Number(payment.refunded_cents)).toBe(3499);
  expect(desk.errors).toEqual([]);

  await shopper.page.reload();
  expect(await shopper.page.textContent('.refund-state')).toBe(resource('fr', 'Sales.Refunds.States.Refunded'));
  await shopper.close();
  await desk.close();
});

test('without JavaScript the form posts and the server shows the amounts', async () => {
  const customer = await customerWithAccount(bed.server, { balanceCents: 0 });
  const order = await paidCardOrderOf(bed.server, customer);
  const shopper = await signedInPage(customer, `/fr/account/orders/${order.number}/refund`, false);
  expect(await axeViolations(shopper.page, { javaScript: false })).toEqual([]);
  await shopper.page.selectOption(`select[name="Quantity_${order.lineIds[0]}"]`, '3');
  await Promise.all([shopper.page.waitForURL((url) => url.pathname.startsWith('/fr/account/refunds/')), shopper.page.click('form[data-refund-form] button[type="submit"]')]);
  expect(await shopper.page.textContent('tfoot [data-refund-total-amount]')).toBe('37,50');
  await shopper.close();
});

test('the Nu HTML Checker finds no error in the refund pages', async () => {
  const customer = await customerWithAccount(bed.server, { balanceCents: 0 });
  const order = await paidCardOrderOf(bed.server, customer);
  const shopper = await signedIn(bed.server, customer);
  const form = await shopper.agent.get(`/fr/account/orders/${order.number}/refund`);
  const token = /name="_csrf" value="([^"]+)"/.exec(form.text)![1];
  const sent = await shopper.agent.post(`/fr/account/orders/${order.number}/refund`).type('form').send({ _csrf: token, [`Quantity_${order.lineIds[1]}`]: '1' });
  const requestPath = sent.headers.location as string;
  const staff = await signedIn(bed.server, demo.staff);
  const requestId = requestPath.split('/').pop();
  await expectNoHtmlErrors([
    { name: 'refund form', html: form.text },
    ...(await documentsOf(shopper.agent, [requestPath, '/fr/account/refunds', `/fr/account/orders/${order.number}`])),
    ...(await documentsOf(staff.agent, ['/fr/staff/refunds', `/fr/staff/refunds/${requestId}`])),
  ]);
});
