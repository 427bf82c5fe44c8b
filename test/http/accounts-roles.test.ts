import request from 'supertest';
import { useTestApp } from '../support/app';
import { parseHtml, textOf, textsOf } from '../support/html';
import { resource } from '../support/resources';
import { createAccount, demo, signedIn } from './accounts-helpers';

const testApp = useTestApp();

describe('GET {app}/{culture}/account', () => {
  it('sends a visitor loading the page to the login page and back', async () => {
    const answer = await request(testApp.app).get('/nl/account?tab=1');
    expect(answer.status).toBe(303);
    expect(answer.headers.location).toBe('/nl/security/login?returnUrl=%2Fnl%2Faccount%3Ftab%3D1');
  });

  it('answers 401 to the shell (ajax) and to the API, so the login modal opens', async () => {
    const ajax = await request(testApp.app).get('/nl/account').set('HX-Request', 'true').set('HX-Target', 'page');
    expect(ajax.status).toBe(401);
    const json = await request(testApp.app).get('/nl/account').set('Accept', 'application/json');
    expect(json.status).toBe(401);
    expect(json.body).toEqual({ Message: resource('nl', 'Security.Login.Title') });
  });

  it('shows the signed-in account its name, address and security links', async () => {
    const { agent } = await signedIn(testApp, demo.customer, 'it');
    const answer = await agent.get('/it/account');
    expect(answer.status).toBe(200);
    const page = parseHtml(answer.text);
    expect(textOf(page, 'h1')).toBe(resource('it', 'Security.Account.Title'));
    expect(textOf(page, '.account-name')).toBe('Claire Martin');
    expect(textOf(page, '.account-email')).toBe(demo.customer.email);
    expect(textsOf(page, '.account-actions a')).toEqual([resource('it', 'Security.ChangePassword.Title'), resource('it', 'Security.ChangeEmail.Title'), resource('it', 'Security.Account.TwoFactor')]);
    expect(page.querySelector('.account-actions a[href="/it/account/email"]')).not.toBeNull();
    expect(page.querySelector('.account-actions a[href="/it/security/twofactor"]')).not.toBeNull();
  });
});

describe('GET {app}/{culture}/staff (staff only)', () => {
  it('sends a visitor to log in', async () => {
    const answer = await request(testApp.app).get('/fr/staff');
    expect(answer.status).toBe(303);
    expect(answer.headers.location).toBe('/fr/security/login?returnUrl=%2Ffr%2Fstaff');
  });

  it.each([['customer', demo.customer], ['editor', demo.editor]])('answers 403 to the %s', async (_, account) => {
    const { agent } = await signedIn(testApp, account);
    const answer = await agent.get('/fr/staff');
    expect(answer.status).toBe(403);
    expect(textOf(parseHtml(answer.text), 'h1')).toBe(resource('fr', 'Core.ErrorTitle'));
    const ajax = await agent.get('/fr/staff').set('HX-Request', 'true').set('HX-Target', 'page');
    expect(ajax.status).toBe(403);
  });

  it('lists the newest accounts with their roles to staff', async () => {
    const { agent } = await signedIn(testApp, demo.staff, 'de');
    const answer = await agent.get('/de/staff');
    expect(answer.status).toBe(200);
    const page = parseHtml(answer.text);
    expect(textOf(page, '.staff-total')).toBe(resource('de', 'Security.Staff.Total').replace('{{count}}', '4'));
    expect(textsOf(page, '.staff-account-email')).toEqual(['admin@example.com', 'editor@example.com', 'staff@example.com', 'customer@example.com']);
    expect(textsOf(page, '.staff-account-roles')).toEqual(['administrator', 'editor', 'staff', 'customer'].map((role) => resource('de', `Security.Roles.${role}`)));
    const home = parseHtml((await agent.get('/de/account')).text);
    expect(home.querySelector('.account-actions a[href="/de/staff"]')).not.toBeNull();
  });

  it('knows every role of an account, and an account with none is still signed in', async () => {
    const both = await createAccount(testApp, { email: 'two-roles@example.com', password: 'Two-roles-pass-1' });
    await testApp.db.insertInto('user_roles').values({ user_id: both, role: 'staff' }).execute();
    const staff = await signedIn(testApp, { email: 'two-roles@example.com', password: 'Two-roles-pass-1' });
    expect((await staff.agent.get('/fr/staff')).status).toBe(200);

    const none = await createAccount(testApp, { email: 'no-role@example.com', password: 'No-role-pass-1' });
    await testApp.db.deleteFrom('user_roles').where('user_id', '=', none).execute();
    const plain = await signedIn(testApp, { email: 'no-role@example.com', password: 'No-role-pass-1' });
    const account = await plain.agent.get('/fr/account');
    expect(account.status).toBe(200);
    expect(textOf(parseHtml(account.text), '.account-email')).toBe('no-role@example.com');
    expect((await plain.agent.get('/fr/staff')).status).toBe(403);
  });
});
