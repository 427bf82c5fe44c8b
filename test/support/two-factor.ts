// Accounts for the two-factor tests, made through the accounts data layer (as registration would),
// and the codes an authenticator app would show for them.
import { insertAccount } from '../../server/accounts/data';
import { hashPassword } from '../../server/accounts/passwords';
import { beginSetup, confirmSetup } from '../../server/accounts/two-factor/service';
import { totpCode } from '../../server/accounts/two-factor/totp';
import type { Db } from '../../server/db';

export const testPassword = 'Correct-Horse-42';

export interface TestAccount {
  id: number;
  email: string;
  password: string;
  /** Base32 secret, once two-factor is on. */
  secret?: string;
  recoveryCodes?: string[];
}

let counter = 0;

/** A confirmed customer account with a unique address. */
export async function createAccount(db: Db, prefix = 'two-factor'): Promise<TestAccount> {
  const email = `${prefix}-${process.pid}-${++counter}@example.org`;
  const now = Date.now();
  const id = await insertAccount(db, {
    email,
    passwordHash: await hashPassword(testPassword),
    firstName: 'Test',
    lastName: 'Account',
    culture: 'fr',
    roles: ['customer'],
    confirmedAt: now,
    now,
  });
  return { id, email, password: testPassword };
}

/**
 * An account with two-factor on, set up the way the setup page does it. It is confirmed with the
 * previous step's code (within the drift allowed), so the current code is still unused for the test.
 */
export async function createTwoFactorAccount(db: Db, prefix?: string): Promise<Required<TestAccount>> {
  const account = await createAccount(db, prefix);
  const setup = await beginSetup(db, { userId: account.id });
  if (!setup) throw new Error('Two-factor was already on');
  const now = Date.now();
  const confirmed = await confirmSetup(db, { userId: account.id, code: totpCode({ secret: setup.secret, now: now - 30_000 }), now });
  if (!confirmed.ok) throw new Error(`Two-factor set-up refused: ${confirmed.reason}`);
  return { ...account, secret: setup.secret, recoveryCodes: confirmed.recoveryCodes };
}

/** The code an authenticator shows now, or `steps` 30-second steps away. */
export function currentCode(secret: string, steps = 0): string {
  return totpCode({ secret, now: Date.now() + steps * 30_000 });
}

/** Posts the current code to the two-factor sign-in step as its ajax form does (htmx, its target, the CSRF header). */
export function submitTwoFactorCode(agent: import('supertest').Agent, token: string, secret: string) {
  return agent
    .post('/fr/security/login/twofactor')
    .set({ 'HX-Request': 'true', 'HX-Target': 'two-factor-sign-in', 'X-CSRF-Token': token })
    .type('form')
    .send({ Code: currentCode(secret) });
}
