// The prepaid account choice at checkout: shown to a signed-in customer with an account in the cart's
// currency; chosen, the order is placed and paid from it (the confirmation next); above the balance the
// form again (400) and no order; someone else's account 404 and no order.
import { useTestApp } from '../support/app';
import { attributesOf, parseHtml, textOf } from '../support/html';
import { resource } from '../support/resources';
import { cartFor, validCheckout } from './checkout-helpers';
import { balanceOf, customerWithAccount, movementsOf, signedInCustomer } from './prepaid-helpers';

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
