// The whole purchase with JavaScript off, in Chromium: product page → add to cart (the product form's
// button) → cart page → checkout → bank transfer → the confirmation page with the order number, and the
// confirmation mail in the outbox.
import { openPage, useBrowserTestBed, withConsentAnswered } from './support/browser';
import { productUrl } from '../support/catalog-product';
import { readOutbox } from '../support/outbox';
import { plainVariant } from '../http/cart-helpers';

const bed = useBrowserTestBed();

it('buys without JavaScript, from the product page to the order confirmation and its mail', async () => {
  const variant = await plainVariant(bed.server.db, { skip: 2 });
  const stockBefore = await bed.server.db.selectFrom('variant_stock').select('quantity').where('variant_id', '=', variant.id).execute();
  const { page, context } = await openPage(bed.browser, `${bed.server.url}/fr/`, { javaScript: false });
  await withConsentAnswered(context, bed.server.url);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`${bed.server.url}${await productUrl(bed.server.db, variant.productId)}?productVariantId=${variant.id}`);
  expect(await page.evaluate(() => document.body.classList.contains('loaded'))).toBe(false);

  // Add to cart: the form posts, the server redirects back with a notice.
  await page.click('[data-add-to-cart]');
  await page.waitForLoadState('load');
  expect(await page.locator('.flash-success').innerText()).toBe('Article ajouté au panier.');

  // The cart page, then its checkout link.
  await page.goto(`${bed.server.url}/fr/shoppingcarts`);
  expect(await page.locator('.cart-line-sku').innerText()).toBe(variant.sku);
  await page.click('.cart-actions a');
  await page.waitForLoadState('load');
  expect(new URL(page.url()).pathname).toBe('/fr/checkout');

  // A first submit with a missing field comes back with its message, the rest kept.
  await page.fill('[name="Email"]', 'nojs-buyer@example.com');
  await page.fill('[name="BillingFirstName"]', 'Louise');
  await page.fill('[name="BillingLastName"]', 'Petit');
  await page.fill('[name="BillingStreet1"]', '3 place Bellecour');
  await page.fill('[name="BillingPostalCode"]', '69002');
  await page.selectOption('[name="BillingCountry"]', { label: 'France' });
  await page.check('input[name="ShippingMethodId"] >> nth=0');
  expect(await page.isChecked('#checkout-PaymentMethod-BankTransfer')).toBe(true);
  // Without JS the bank-transfer block is shown as the server rendered it (BankTransfer chosen).
  expect(await page.isVisible('[data-bank-transfer]')).toBe(true);
  await page.click('[data-checkout-submit]');
  await page.waitForLoadState('load');
  expect(await page.locator('[data-valmsg-for="BillingCity"]').innerText()).not.toBe('');
  expect(await page.inputValue('[name="BillingStreet1"]')).toBe('3 place Bellecour');

  await page.fill('[name="BillingCity"]', 'Lyon');
  if (!(await page.isChecked('input[name="ShippingMethodId"] >> nth=0'))) await page.check('input[name="ShippingMethodId"] >> nth=0');
  await page.check('#checkout-PaymentMethod-BankTransfer');
  await page.click('[data-checkout-submit]');
  await page.waitForLoadState('load');

  // The confirmation page: the number, the state, the transfer details with the number as reference.
  const match = /\/fr\/orders\/confirmation\/(\d{4}-\d{6})$/.exec(page.url());
  expect(match).not.toBeNull();
  const number = match![1];
  expect(await page.locator('h1').innerText()).toBe(`Commande ${number}`);
  expect(await page.getAttribute('[data-order-state]', 'data-order-state')).toBe('AwaitingPayment');
  expect(await page.locator('.bank-transfer-info').innerText()).toContain(number);
  expect(await page.locator('.bank-transfer-info .iban').innerText()).not.toBe('');

  // The order, its stock and the mail.
  const order = await bed.server.db.selectFrom('orders').selectAll().where('number', '=', number).executeTakeFirstOrThrow();
  expect(order).toMatchObject({ email: 'nojs-buyer@example.com', payment_method: 'BankTransfer', state: 'AwaitingPayment' });
  const lines = await bed.server.db.selectFrom('order_lines').selectAll().where('order_id', '=', order.id).execute();
  expect(lines.map((line) => [line.variant_id, line.quantity])).toEqual([[variant.id, 1]]);
  if (variant.stockMode === 'Managed') {
    const stockAfter = await bed.server.db.selectFrom('variant_stock').select('quantity').where('variant_id', '=', variant.id).execute();
    const sum = (rows: { quantity: number | string }[]) => rows.reduce((total, row) => total + Number(row.quantity), 0);
    expect(sum(stockAfter)).toBe(sum(stockBefore) - 1);
  }
  let mail;
  for (let attempt = 0; attempt < 100 && !mail; attempt++) {
    mail = readOutbox(bed.server.config.DATA_DIR).find((message) => message.to === 'nojs-buyer@example.com' && message.text.includes(number));
    if (!mail) await new Promise((resolve) => setTimeout(resolve, 50));
  }
  expect(mail).toBeDefined();
  expect(mail!.text).toContain('IBAN');

  // The cart is empty now.
  await page.goto(`${bed.server.url}/fr/shoppingcarts`);
  expect(await page.locator('.cart-empty').count()).toBe(1);
  await context.close();
});
