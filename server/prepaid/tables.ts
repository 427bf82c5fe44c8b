import type { Generated } from 'kysely';

type Timestamp = number | string;
type Flag = number;

export type MovementKind = 'TopUp' | 'Payment' | 'Refund';

/**
 * Prepaid accounts (migration 017). Money is integer cents in the account's currency. balance_cents is
 * the sum of the account's movements (a payment is negative), kept on the row and changed only through
 * server/prepaid/data.ts with a conditional update, so it never goes below zero.
 */
export interface PrepaidTables {
  prepaid_accounts: {
    id: Generated<number>;
    user_id: number;
    /** The prepaid product (a catalog variant) whose purchase tops this account up. */
    variant_id: number;
    name: string;
    currency: string;
    balance_cents: Generated<number>;
    /** The customer wants the low-balance mail (POST .../setnotification IsActivated). */
    notify: Generated<Flag>;
    /** A payment that leaves the balance below this sends the mail (when notify is on). */
    low_balance_cents: Generated<number>;
    created_at: Timestamp;
    updated_at: Timestamp;
  };
  prepaid_movements: {
    id: Generated<number>;
    account_id: number;
    kind: MovementKind;
    /** Signed: a top-up or refund adds, a payment takes (negative). */
    amount_cents: number;
    balance_after_cents: number;
    order_id: number | null;
    note: Generated<string>;
    created_at: Timestamp;
  };
}
