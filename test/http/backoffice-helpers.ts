// Back-office test helpers (test/http/backoffice-*.test.ts and the sections' tests): an editor (or
// administrator) with two-factor on, signed in through the login form and the code step, as a browser would.
import request from 'supertest';
import type { Role } from '../../server/accounts/tables';
import type { TestApp } from '../support/app';
import { csrfTokenOf, parseHtml } from '../support/html';
import { createTwoFactorAccount, currentCode } from '../support/two-factor';

export type Agent = ReturnType<typeof request.agent>;

export interface BackOfficeSession {
  agent: Agent;
  /** The CSRF token of the session's pages (posted as _csrf). */
  token: string;
  userId: number;
  email: string;
}

/** A new account with two-factor on and these roles (editor by default), signed in with its code. */
export async function signedInEditor(testApp: TestApp, roles: Role[] = ['editor']): Promise<BackOfficeSession> {
  const account = await createTwoFactorAccount(testApp.db, 'editor');
  await testApp.db.deleteFrom('user_roles').where('user_id', '=', account.id).execute();
  await testApp.db.insertInto('user_roles').values(roles.map((role) => ({ user_id: account.id, role }))).execute();
  const agent = request.agent(testApp.app);
  const token = csrfTokenOf(parseHtml((await agent.get('/fr/security/login')).text));
  const password = await agent.post('/fr/security/login').type('form').send({ _csrf: token, Email: account.email, Password: account.password });
  if (password.headers.location !== '/fr/security/login/twofactor') throw new Error(`Password step answered ${password.status} ${password.headers.location}`);
  const code = await agent.post('/fr/security/login/twofactor').type('form').send({ _csrf: token, Code: currentCode(account.secret) });
  if (code.status !== 303) throw new Error(`Code step answered ${code.status}`);
  return { agent, token, userId: account.id, email: account.email };
}
