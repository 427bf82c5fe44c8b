// Helpers of the prepaid and refund tests: a customer with a prepaid account of a given balance (credited
// through the ledger itself), a card order of theirs, and the account's rows.
import { moveMoney, insertPrepaidAccount } from '../../server/prepaid/data';
import type { TestApp } from '../support/app';
import { createAccount, signedIn } from './accounts-helpers';
import { placeCardOrder } from './payments-fixtures';

let counter = 0;

export async function prepaidVariantId(testApp: TestApp): Promise<number> {
  return (await testApp.db.selectFrom('product_variants').select('id').where('sku', '=', 'PREPAID-10').executeTakeFirstOrThrow()).id;
}

/** A new customer (signed in when `signIn`) with one EUR prepaid account holding `balanceCents`. */
export async function customerWithAccount(testApp: TestApp, { balanceCents = 5000, notify = false, lowBalanceCents = 1000 } = {}) {
  const n = ++counter;
  const account = { email: `prepaid-${n}-${Date.now()}@example.com`, password: 'Prepaid-Buyer-2026' };
  const userId = await createAccount(testApp, account);
  const now = Date.now();
  const name = `Compte ${n}`;
  const accountId = await insertPrepaidAccount(testApp.db, { userId, variantId: await prepaidVariantId(testApp), name, currency: 'EUR', now });
  await testApp.db.updateTable('prepaid_accounts').set({ notify: notify ? 1 : 0, low_balance_cents: lowBalanceCents }).where('id', '=', accountId).execute();
  if (balanceCents > 0) await testApp.db.transaction().execute((trx) => moveMoney(trx, { accountId, amountCents: balanceCents, kind: 'TopUp', orderId: null, note: 'test', now }));
  return { ...account, userId, accountId, name };
}

export async function signedInCustomer(testApp: TestApp, options: Parameters<typeof customerWithAccount>[1] = {}) {
  const customer = await customerWithAccount(testApp, options);
  return { ...customer, ...(await signedIn(testApp, customer)) };
}

/** A card order (Placed) of the customer for `totalCents`. */
export async function cardOrderOf(testApp: TestApp, { userId, email }: { userId: number; email: string }, totalCents = 2000) {
  return placeCardOrder(testApp, { userId, email, key: `prepaid-order-${++counter}-${Date.now()}`, totalCents });
}

export async function balanceOf(testApp: TestApp, accountId: number): Promise<number> {
  return Number((await testApp.db.selectFrom('prepaid_accounts').select('balance_cents').where('id', '=', accountId).executeTakeFirstOrThrow()).balance_cents);
}

export async function movementsOf(testApp: TestApp, accountId: number) {
  return testApp.db.selectFrom('prepaid_movements').select(['kind', 'amount_cents', 'balance_after_cents', 'order_id']).where('account_id', '=', accountId).orderBy('id').execute();
}
