// The prepaid account choice at checkout: shown to a signed-in customer with an account in the cart's
// currency; chosen, the order is placed and paid from it (the confirmation next); above the balance the
// form again (400) and no order; someone else's account 404 and no order.
import { useTestApp } from '../support/app';
import { attributesOf, csrfTokenOf, parseHtml, textOf } from '../support/html';
import { resource } from '../support/resources';
import { cartFor, countryId, methodId, validCheckout } from './checkout-helpers';
import { balanceOf, cardOrderOf, customerWithAccount, movementsOf, signedInCustomer } from './prepaid-helpers';

const testApp = useTestApp();

async function ordersOf(userId: number) {
  return testApp.db.selectFrom('orders').select(['id', 'number', 'state', 'total_incl_cents']).where('user_id', '=', userId).execute();
}

async function checkout(balanceCents: number) {
  const customer = await signedInCustomer(testApp, { balanceCents });
  const cart = await cartFor(testApp, { agent: customer.agent, userId: customer.userId, quantity: 1 });
  const post = async (PrepaidAccountId: string | number) =>
    customer.agent.post('/fr/checkout').type('form').send({ ...(await validCheckout(testApp, { Email: customer.email })), _csrf: cart.csrf, IdempotencyKey: cart.key, PrepaidAccountId });
  return { customer, cart, post };
}

test("the checkout offers the customer's accounts with their balance, and none by default", async () => {
  const { customer, cart } = await checkout(5000);
  expect(attributesOf(cart.html, 'input[name=PrepaidAccountId]', 'value')).toEqual(['', String(customer.accountId)]);
  expect(cart.html.querySelector('#checkout-PrepaidAccountId-none')?.hasAttribute('checked')).toBe(true);
  expect(textOf(cart.html, `label[for=checkout-PrepaidAccountId-${customer.accountId}]`)).toContain('50,00 €');
});

test('chosen: the order is placed and paid from the account in one go, then its confirmation', async () => {
  const { customer, post } = await checkout(100_000);
  const answer = await post(customer.accountId);
  expect(answer.status).toBe(303);
  const [order] = await ordersOf(customer.userId);
  expect(answer.headers.location).toBe(`/fr/orders/confirmation/${order.number}`);
  expect(order.state).toBe('Paid');
  expect(await balanceOf(testApp, customer.accountId)).toBe(100_000 - Number(order.total_incl_cents));
  expect((await movementsOf(testApp, customer.accountId)).at(-1)).toMatchObject({ kind: 'Payment', order_id: order.id });
});

test('above the balance: the form again (400) with the message, no order, the balance unchanged', async () => {
  const { customer, post } = await checkout(100);
  const answer = await post(customer.accountId);
  expect(answer.status).toBe(400);
  expect(textOf(parseHtml(answer.text), '#checkout-PrepaidAccountId-error')).toBe(resource('fr', 'Sales.Prepaid.InsufficientBalance'));
  expect(await ordersOf(customer.userId)).toEqual([]);
  expect(await balanceOf(testApp, customer.accountId)).toBe(100);
});

test("someone else's account or a malformed id: 404, no order", async () => {
  const { customer, post } = await checkout(100_000);
  const other = await customerWithAccount(testApp, { balanceCents: 100_000 });
  expect((await post(other.accountId)).status).toBe(404);
  expect((await post('abc')).status).toBe(404);
  expect(await ordersOf(customer.userId)).toEqual([]);
  expect(await balanceOf(testApp, other.accountId)).toBe(100_000);
});

test('none chosen: the checkout goes on as before', async () => {
  const { customer, post } = await checkout(100_000);
  const answer = await post('');
  expect(answer.status).toBe(303);
  const [order] = await ordersOf(customer.userId);
  expect(order.state).toBe('AwaitingPayment');
  expect(await balanceOf(testApp, customer.accountId)).toBe(100_000);
});

test('the balance is checked against the total of the post: a dearer shipping method posted with it is refused (400), nothing placed', async () => {
  const { db } = testApp;
  const { customer, cart, post } = await checkout(100_000);
  const [cheap, dear] = await Promise.all([methodId(testApp, 'standard'), methodId(testApp, 'express')]);
  const before = await db.selectFrom('shipping_methods').select(['id', 'price_incl_cents', 'price_excl_cents', 'free_from_cents']).where('id', 'in', [cheap, dear]).execute();
  try {
    await db.updateTable('shipping_methods').set({ price_incl_cents: 0, price_excl_cents: 0, free_from_cents: null }).where('id', '=', cheap).execute();
    await db.updateTable('shipping_methods').set({ price_incl_cents: 5000, price_excl_cents: 4167, free_from_cents: null }).where('id', '=', dear).execute();
    // The cart as saved: the free method to France; the balance holds its total and not a cent more.
    await db.updateTable('carts').set({ shipping_method_id: cheap, shipping_country_id: await countryId(testApp, 'FR'), billing_country_id: await countryId(testApp, 'FR') }).where('id', '=', cart.cartId).execute();
    const goods = Number(cart.variant.price_incl_cents);
    await db.updateTable('prepaid_accounts').set({ balance_cents: goods }).where('id', '=', customer.accountId).execute();
    const answer = await post(customer.accountId); // posts ShippingMethodId: express
    expect(answer.status).toBe(400);
    expect(textOf(parseHtml(answer.text), '#checkout-PrepaidAccountId-error')).toBe(resource('fr', 'Sales.Prepaid.InsufficientBalance'));
    expect(await ordersOf(customer.userId)).toEqual([]);
    expect(await balanceOf(testApp, customer.accountId)).toBe(goods);
    // The free method posted: it fits exactly, the order is paid and the balance is 0, never below.
    const fits = await customer.agent.post('/fr/checkout').type('form').send({ ...(await validCheckout(testApp, { Email: customer.email, ShippingMethodId: String(cheap) })), _csrf: cart.csrf, IdempotencyKey: cart.key, PrepaidAccountId: customer.accountId });
    expect(fits.status).toBe(303);
    const [order] = await ordersOf(customer.userId);
    expect(order.state).toBe('Paid');
    expect(Number(order.total_incl_cents)).toBe(goods);
    expect(await balanceOf(testApp, customer.accountId)).toBe(0);
  } finally {
    for (const row of before) await db.updateTable('shipping_methods').set({ price_incl_cents: row.price_incl_cents, price_excl_cents: row.price_excl_cents, free_from_cents: row.free_from_cents }).where('id', '=', row.id).execute();
  }
});

test('a checkout and a payment of another order at once on an account that holds one of them: one is paid, the balance never below 0', async () => {
  const { db } = testApp;
  const express = await methodId(testApp, 'express');
  const before = await db.selectFrom('shipping_methods').select(['price_incl_cents', 'price_excl_cents', 'free_from_cents']).where('id', '=', express).executeTakeFirstOrThrow();
  try {
    await db.updateTable('shipping_methods').set({ price_incl_cents: 0, price_excl_cents: 0, free_from_cents: null }).where('id', '=', express).execute();
    const { customer, cart, post } = await checkout(0);
    const goods = Number(cart.variant.price_incl_cents);
    await db.updateTable('prepaid_accounts').set({ balance_cents: goods }).where('id', '=', customer.accountId).execute();
    const other = await cardOrderOf(testApp, customer, goods);
    const token = csrfTokenOf(parseHtml((await customer.agent.get(`/fr/payments?order=${other.number}`)).text));
    const [placed, paid] = await Promise.all([
      post(customer.accountId),
      customer.agent.post('/fr/payments/prepaid').type('form').send({ _csrf: token, OrderNumber: other.number, PrepaidAccountId: customer.accountId }),
    ]);
    const states = (await ordersOf(customer.userId)).map((order) => order.state).sort();
    // Either the checkout's order is paid and the other refused (400), or the other is paid and the
    // checkout is refused before placing (400) or its order waits on its payment page (303): one Paid.
    expect(states.filter((state) => state === 'Paid')).toHaveLength(1);
    expect([placed.status, paid.status]).toContain(303);
    expect(await balanceOf(testApp, customer.accountId)).toBe(0);
    const movements = await movementsOf(testApp, customer.accountId);
    expect(movements.filter((movement) => movement.kind === 'Payment')).toHaveLength(1);
  } finally {
    await db.updateTable('shipping_methods').set(before).where('id', '=', express).execute();
  }
});
