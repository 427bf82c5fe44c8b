import type { Transaction } from 'kysely';
import { insertAccount } from '../../accounts/data';
import { hashPassword } from '../../accounts/passwords';
import type { Role } from '../../accounts/tables';
import type { Database } from '../schema';

/** The demo accounts the README names; every password follows the policy. */
export const demoAccounts: readonly { email: string; password: string; firstName: string; lastName: string; culture: string; roles: Role[] }[] = [
  { email: 'customer@example.com', password: 'Customer-Demo-2026', firstName: 'Claire', lastName: 'Martin', culture: 'fr', roles: ['customer'] },
  { email: 'staff@example.com', password: 'Staff-Demo-2026', firstName: 'Sander', lastName: 'Peeters', culture: 'nl', roles: ['staff'] },
  { email: 'editor@example.com', password: 'Editor-Demo-2026', firstName: 'Elena', lastName: 'Rossi', culture: 'it', roles: ['editor'] },
  { email: 'admin@example.com', password: 'Admin-Demo-2026', firstName: 'Adrien', lastName: 'Dubois', culture: 'fr', roles: ['administrator'] },
];

/** A fixed moment, so the seed is the same on every run (and the customer is the oldest account). */
const seededAt = Date.UTC(2026, 0, 5, 9, 0, 0);

// Each test file seeds a fresh database: the argon2 hashes are worked out once per process.
const hashes = new Map<string, Promise<string>>();
const hashOnce = (password: string) => hashes.get(password) ?? hashes.set(password, hashPassword(password)).get(password)!;

export async function seedAccounts(tx: Transaction<Database>): Promise<void> {
  for (const [index, account] of demoAccounts.entries()) {
    const at = seededAt + index * 60_000;
    await insertAccount(tx, { ...account, passwordHash: await hashOnce(account.password), confirmedAt: at, now: at });
  }
}
