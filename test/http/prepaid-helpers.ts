// Helpers of the prepaid and refund tests: a customer with a prepaid account of a given balance (credited
// through the ledger itself), a card order of theirs, and the account's rows.
import { moveMoney, insertPrepaidAccount } from '../../server/prepaid/data';
import type { TestApp } from '../support/app';
import { createAccount, signedIn } from './accounts-helpers';
import { placeCardOrder } from './payments-fixtures';
import { placeOrder } from '../../server/orders/orders';
import { sandboxProvider } from '../../server/payments/sandbox';
import { orderAddress } from './checkout-helpers';

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

/**
 * A customer's card order of two lines (3 × 12.50 and 1 × 9.99 EUR, 47.49 in all), paid through the
 * sandbox provider (its session, a card, its signed AUTHORISATION): the order Paid, its payment Authorised.
 */
export async function paidCardOrderOf(testApp: TestApp, customer: { userId: number; email: string }) {
  const { db } = testApp;
  const variants = await db.selectFrom('product_variants').select(['id', 'sku']).where('is_active', '=', 1).where('stock_mode', '=', 'NoManagement').where('sku', '<>', 'PREPAID-10').orderBy('id').limit(2).execute();
  const lines = [
    { variantId: variants[0].id, sku: variants[0].sku, name: 'Robe lin', quantity: 3, unitInclCents: 1250, unitExclCents: 1033, totalInclCents: 3750, totalExclCents: 3099, taxRateBp: 2100 },
    { variantId: variants[1].id, sku: variants[1].sku, name: 'Foulard', quantity: 1, unitInclCents: 999, unitExclCents: 826, totalInclCents: 999, totalExclCents: 826, taxRateBp: 2100 },
  ];
  const summary = { currency: 'EUR', lines, subtotalInclCents: 4749, subtotalExclCents: 3925, shipping: null, discount: null, taxes: [{ rateBp: 2100, cents: 824 }], totalInclCents: 4749, totalExclCents: 3925, taxCents: 824, reverseCharge: false };
  const placed = await placeOrder(db, { idempotencyKey: `refund-order-${++counter}-${Date.now()}`, email: customer.email, userId: customer.userId, culture: 'fr', paymentMethod: 'Card', billing: orderAddress, shipping: orderAddress, summary });
  const provider = sandboxProvider(testApp.config);
  const { payment } = await provider.createSession(db, { orderId: placed.orderId, amountCents: 4749, currency: 'EUR', idempotencyKey: `refund-pay-${placed.orderId}` });
  const card = { number: '4111111111111111', expiryMonth: 12, expiryYear: new Date().getFullYear() + 2, cvc: '123', holderName: 'Ada Lovelace', billingAddress: { street: '1 rue', postalCode: '75001', city: 'Paris', country: 'FR' } };
  const outcome = await provider.pay(db, payment.sessionId, provider.dropIn(payment).sessionData, card);
  if (outcome.kind !== 'paid' || outcome.resultCode !== 'Authorised') throw new Error('sandbox payment not authorised');
  return { ...placed, provider, paymentId: payment.id, lineIds: (await db.selectFrom('order_lines').select('id').where('order_id', '=', placed.orderId).orderBy('id').execute()).map((row) => row.id) };
}
