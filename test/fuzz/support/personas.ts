// Who the fuzz suite's requests come from: nobody (no cookie), a visitor with the double-submit CSRF
// cookie, the demo customer, the demo staff member, and an editor and an administrator signed in with
// two-factor, each with the token its pages carry, so that requests get past sign-in and CSRF checks.
// A fuzzed request may end its persona's session (sign-out, a changed account): it is signed in again.
import type { Role } from '../../../server/accounts/tables';
import type { Db } from '../../../server/db';
import { csrfTokenOf, parseHtml } from '../../support/html';
import { createAccount, createTwoFactorAccount, currentCode } from '../../support/two-factor';
import { type HttpClient, setCookies, withCookies } from './client';

export const personaNames = ['anonymous', 'visitor', 'customer', 'staff', 'editor', 'admin'] as const;
export type PersonaName = (typeof personaNames)[number];

export interface Persona {
  name: PersonaName;
  /** The Cookie header the persona's browser would send ('' for nobody). */
  cookie: string;
  /** The CSRF token of its pages (null for nobody). */
  token: string | null;
  stale: boolean;
  uses: number;
  signIns: number;
}

const demo = {
  customer: { email: 'customer@example.com', password: 'Customer-Demo-2026', roles: ['customer'] as Role[] },
  staff: { email: 'staff@example.com', password: 'Staff-Demo-2026', roles: ['staff'] as Role[] },
};

/** A page only a signed-in persona of that kind may open (200), used to see whether its session still holds. */
const homeOf: Partial<Record<PersonaName, string>> = { customer: '/fr/account', staff: '/fr/staff', editor: '/fr/backoffice', admin: '/fr/backoffice/editors' };

let addressCounter = 0;
/** A loopback-proxied client address of its own for every sign-in, so the fuzzed logins' failures never lock one out. */
const freshAddress = () => `10.77.${(++addressCounter >> 8) & 255}.${addressCounter & 255}`;

export function personas(client: HttpClient, db: Db) {
  const all = new Map<PersonaName, Persona>(personaNames.map((name) => [name, { name, cookie: '', token: null, stale: name !== 'anonymous', uses: 0, signIns: 0 }]));

  const visit = async (address: string) => {
    const page = await client.send({ method: 'GET', path: '/fr/security/login', headers: { 'X-Forwarded-For': address } });
    const csrf = setCookies(page).get('csrf');
    if (page.status !== 200 || !csrf) throw new Error(`login page answered ${page.status}`);
    return { cookie: `csrf=${csrf}`, token: csrfTokenOf(parseHtml(page.body.toString('utf8'))) };
  };

  /** Posts a form as the browser would, and answers the cookies it then holds. */
  const post = async (path: string, cookie: string, address: string, fields: Record<string, string>) => {
    const answer = await client.send({
      method: 'POST', path, headers: { Cookie: cookie, 'X-Forwarded-For': address, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: Buffer.from(new URLSearchParams(fields).toString()),
    });
    return { answer, cookie: withCookies(cookie, answer) };
  };

  const passwordSignIn = async (email: string, password: string, secret?: string) => {
    const address = freshAddress();
    const { cookie, token } = await visit(address);
    const first = await post('/fr/security/login', cookie, address, { _csrf: token, Email: email, Password: password });
    if (first.answer.status !== 303) throw new Error(`sign-in of ${email} answered ${first.answer.status}`);
    if (!secret) return { cookie: first.cookie, token };
    const code = await post('/fr/security/login/twofactor', first.cookie, address, { _csrf: token, Code: currentCode(secret) });
    if (code.answer.status !== 303) throw new Error(`two-factor step of ${email} answered ${code.answer.status}`);
    return { cookie: code.cookie, token };
  };

  /** A new account with these roles (two-factor on for the back office), as the back-office tests make one. */
  const newAccount = async (roles: Role[]) => {
    const account = roles.some((role) => role === 'editor' || role === 'administrator') ? await createTwoFactorAccount(db, 'fuzz') : await createAccount(db, 'fuzz');
    await db.deleteFrom('user_roles').where('user_id', '=', account.id).execute();
    await db.insertInto('user_roles').values(roles.map((role) => ({ user_id: account.id, role }))).execute();
    return passwordSignIn(account.email, account.password, account.secret);
  };

  const signIn = async (name: PersonaName) => {
    if (name === 'anonymous') return { cookie: '', token: null };
    if (name === 'visitor') return visit(freshAddress());
    if (name === 'editor' || name === 'admin') return newAccount([name === 'admin' ? 'administrator' : 'editor']);
    // The demo account first; if a fuzzed request changed it (a staff edit of its address), a new one of the same role.
    return passwordSignIn(demo[name].email, demo[name].password).catch(() => newAccount(demo[name].roles));
  };

  const holds = async (persona: Persona) => {
    const home = homeOf[persona.name];
    if (!home) return true;
    const answer = await client.send({ method: 'GET', path: home, headers: { Cookie: persona.cookie, 'X-Forwarded-For': freshAddress() } });
    return answer.status === 200;
  };

  /** The persona, signed in again if its session ended (checked every 100 uses, and whenever a request may have ended it). */
  const ready = async (name: PersonaName): Promise<Persona> => {
    const persona = all.get(name)!;
    if (!persona.stale && persona.uses > 0 && persona.uses % 100 === 0 && !(await holds(persona))) persona.stale = true;
    if (persona.stale) {
      Object.assign(persona, await signIn(name), { stale: false });
      persona.signIns++;
    }
    persona.uses++;
    return persona;
  };

  return { ready, all };
}

export type Personas = ReturnType<typeof personas>;
