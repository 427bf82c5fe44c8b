// The prepaid ledger under parallel payments: an account of 50.00 EUR and six orders of 20.00 EUR paid
// from it at once (HTTP posts and domain calls, each in its own transaction and, on PostgreSQL, its own
// connection): exactly the two that fit succeed, the others get the localised 400 and change nothing;
// the balance is never negative and equals the sum of the movements. Run it on PostgreSQL:
// DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx jest test/http/prepaid-concurrency.test.ts
import { BadInput } from '../../server/http/errors';
import { payOrderFromAccount } from '../../server/prepaid/ledger';
import { useTestApp } from '../support/app';
import { csrfTokenOf, parseHtml } from '../support/html';
import { resource } from '../support/resources';
import { balanceOf, cardOrderOf, customerWithAccount, movementsOf, signedInCustomer } from './prepaid-helpers';

const testApp = useTestApp();

async function statesOf(orderIds: number[]) {
  const rows = await testApp.db.selectFrom('orders').select(['id', 'state']).where('id', 'in', orderIds).execute();
  return rows.map((row) => row.state).sort();
}

test('parallel domain payments above the balance: exactly the ones that fit succeed', async () => {
  const customer = await customerWithAccount(testApp, { balanceCents: 5000 });
  const orders = await Promise.all(Array.from({ length: 6 }, () => cardOrderOf(testApp, customer, 2000)));
  const outcomes = await Promise.allSettled(orders.map((order) => payOrderFromAccount(testApp.db, { orderId: order.orderId, accountId: customer.accountId, note: 'race' })));
  const paid = outcomes.filter((outcome) => outcome.status === 'fulfilled');
  const refused = outcomes.filter((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
  expect(paid).toHaveLength(2);
  expect(refused).toHaveLength(4);
  for (const outcome of refused) {
    expect(outcome.reason).toBeInstanceOf(BadInput);
    expect((outcome.reason as BadInput).fields).toEqual({ PrepaidAccountId: 'Sales.Prepaid.InsufficientBalance' });
  }
  expect(await balanceOf(testApp, customer.accountId)).toBe(1000);
  expect(await statesOf(orders.map((order) => order.orderId))).toEqual(['Paid', 'Paid', 'Placed', 'Placed', 'Placed', 'Placed']);
  const movements = await movementsOf(testApp, customer.accountId);
  expect(movements.reduce((sum, movement) => sum + Number(movement.amount_cents), 0)).toBe(1000);
  expect(movements.every((movement) => Number(movement.balance_after_cents) >= 0)).toBe(true);
});

test('parallel HTTP payments from the payment page: two of six succeed, the others are a localised 400', async () => {
  const customer = await signedInCustomer(testApp, { balanceCents: 5000 });
  const orders = await Promise.all(Array.from({ length: 6 }, () => cardOrderOf(testApp, customer, 2000)));
  const token = csrfTokenOf(parseHtml((await customer.agent.get(`/fr/payments?order=${orders[0].number}`)).text));
  const answers = await Promise.all(
    orders.map((order) => customer.agent.post('/fr/payments/prepaid').type('form').send({ _csrf: token, OrderNumber: order.number, PrepaidAccountId: customer.accountId })),
  );
  expect(answers.map((answer) => answer.status).sort()).toEqual([303, 303, 400, 400, 400, 400]);
  for (const answer of answers.filter((answer) => answer.status === 400)) expect(answer.text).toContain(resource('fr', 'Sales.Prepaid.InsufficientBalance').replace(/'/g, '&#39;'));
  expect(await balanceOf(testApp, customer.accountId)).toBe(1000);
  expect(await statesOf(orders.map((order) => order.orderId))).toEqual(['Paid', 'Paid', 'Placed', 'Placed', 'Placed', 'Placed']);
});
