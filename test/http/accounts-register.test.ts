import request from 'supertest';
import { useTestApp } from '../support/app';
import { attributeOf, parseHtml, textOf } from '../support/html';
import { resource } from '../support/resources';
import { type Agent, demo, linkIn, settledOutbox, visitor, waitForMail } from './accounts-helpers';

const testApp = useTestApp();

const newcomer = { FirstName: 'Lena', LastName: 'Vogel', Password: 'Sommer-Regen-42', ConfirmPassword: 'Sommer-Regen-42', AcceptTerms: 'true' };

function postRegister(agent: Agent, token: string, body: Record<string, string>, culture = 'de') {
  return agent.post(`/${culture}/security/register`).type('form').send({ _csrf: token, ...body });
}

const accountsNamed = (email: string) => testApp.db.selectFrom('users').select(['id', 'email_confirmed_at', 'culture', 'first_name']).where('email', '=', email).execute();

describe('GET {app}/{culture}/security/register', () => {
  it('renders the form with its redirect target and the policy as a hint', async () => {
    const page = parseHtml((await request(testApp.app).get('/pt/security/register')).text);
    expect(attributeOf(page, '.register-form', 'data-redirect-target')).toBe('/pt/security/register/sent');
    expect(attributeOf(page, '.register-form', 'data-ajax-form')).toBe('replace-with');
    expect(textOf(page, '#register-Password-hint')).toBe(resource('pt', 'Security.Password.Policy'));
    expect(attributeOf(page, '#register-Password', 'data-val-regex')).toBe(resource('pt', 'Security.Password.Policy'));
    expect(attributeOf(page, '#register-ConfirmPassword', 'data-val-equalto-other')).toBe('Password');
    expect(attributeOf(page, '#register-AcceptTerms', 'data-val-enforcetrue')).toBe(resource('pt', 'Security.Register.TermsRequired'));
  });
});

describe('POST {app}/{culture}/security/register', () => {
  it('answers 403 without the CSRF token', async () => {
    const answer = await request(testApp.app).post('/de/security/register').type('form').send({ Email: 'x@example.com', ...newcomer });
    expect(answer.status).toBe(403);
  });

  it('refuses bad input with each field message in the culture and writes nothing', async () => {
    const { agent, token } = await visitor(testApp, '/it/security/register');
    const answer = await postRegister(agent, token, { Email: 'marco@example.it', FirstName: '', LastName: 'Bianchi', Password: 'abcdefghijkl', ConfirmPassword: 'abcdefghijkx' }, 'it');
    expect(answer.status).toBe(400);
    const page = parseHtml(answer.text);
    expect(textOf(page, '#register-FirstName-error')).toBe(resource('it', 'Validation.Required'));
    expect(textOf(page, '#register-Password-error')).toBe(resource('it', 'Security.Password.Policy'));
    expect(textOf(page, '#register-ConfirmPassword-error')).toBe(resource('it', 'Security.Password.Mismatch'));
    expect(textOf(page, '#register-AcceptTerms-error')).toBe(resource('it', 'Security.Register.TermsRequired'));
    expect(attributeOf(page, '#register-Email', 'value')).toBe('marco@example.it');
    expect(attributeOf(page, '#register-Password', 'value')).toBeUndefined();
    expect(await accountsNamed('marco@example.it')).toEqual([]);
  });

  it.each([
    ['too short', 'Short-1'],
    ['one kind of character', '12345678901234'],
    ['the address itself, whatever its case', 'Short@Example.COM'],
    ['too long', `Aa1-${'x'.repeat(130)}`],
  ])('refuses a password that is %s', async (_, password) => {
    const { agent, token } = await visitor(testApp, '/de/security/register');
    const answer = await postRegister(agent, token, { ...newcomer, Email: 'short@example.com', Password: password, ConfirmPassword: password });
    expect(answer.status).toBe(400);
    expect(textOf(parseHtml(answer.text), '#register-Password-error')).not.toBe('');
    expect(await accountsNamed('short@example.com')).toEqual([]);
  });

  it('creates an unconfirmed customer, mails the link in the culture, and the link confirms and signs in once', async () => {
    const { agent, token } = await visitor(testApp, '/de/security/register');
    const answer = await postRegister(agent, token, { ...newcomer, Email: ' Lena.Vogel@Example.de ' });
    expect(answer.status).toBe(303);
    expect(answer.headers.location).toBe('/de/security/register/sent');
    const sent = parseHtml((await agent.get('/de/security/register/sent')).text);
    expect(textOf(sent, '.register-sent-page .notice')).toBe(resource('de', 'Security.Register.Sent'));
    const [account] = await accountsNamed('lena.vogel@example.de');
    expect(account).toMatchObject({ email_confirmed_at: null, culture: 'de', first_name: 'Lena' });
    const roles = await testApp.db.selectFrom('user_roles').select('role').where('user_id', '=', account.id).execute();
    expect(roles).toEqual([{ role: 'customer' }]);

    const mail = await waitForMail(testApp, { to: 'lena.vogel@example.de', subject: resource('de', 'Security.Mail.ConfirmEmail.Subject') });
    expect(mail.text).toContain('Hallo Lena,');
    const link = linkIn(mail, 'security/confirm');
    const confirmPage = parseHtml((await agent.get(link)).text);
    const confirmToken = attributeOf(confirmPage, '.confirm-form input[name="token"]', 'value')!;
    const confirmed = await agent.post('/de/security/confirm').type('form').send({ _csrf: token, token: confirmToken });
    expect(confirmed.status).toBe(303);
    expect(confirmed.headers.location).toBe('/de/account');
    const home = parseHtml((await agent.get('/de/account')).text);
    expect(textOf(home, '.flash-success')).toBe(resource('de', 'Security.Confirm.Done'));
    expect(textOf(home, '.account-email')).toBe('lena.vogel@example.de');

    const again = await agent.post('/de/security/confirm').type('form').send({ _csrf: token, token: confirmToken });
    expect(again.status).toBe(400);
    expect(textOf(parseHtml(again.text), '.form-error')).toBe(resource('de', 'Security.Link.Used'));
    expect(textOf(parseHtml((await agent.get(link)).text), '.form-error')).toBe(resource('de', 'Security.Link.Used'));
  });

  it('shows the same outcome for a registered address, mails its owner instead, and changes nothing', async () => {
    const [before] = await testApp.db.selectFrom('users').select(['password_hash', 'first_name']).where('email', '=', demo.staff.email).execute();
    const { agent, token } = await visitor(testApp, '/de/security/register');
    const answer = await postRegister(agent, token, { ...newcomer, Email: 'STAFF@example.com' });
    expect(answer.status).toBe(303);
    expect(answer.headers.location).toBe('/de/security/register/sent');
    // The owner's own culture (the staff account is Dutch), not the visitor's.
    const mail = await waitForMail(testApp, { to: demo.staff.email, subject: resource('nl', 'Security.Mail.AlreadyRegistered.Subject') });
    expect(linkIn(mail, 'security/forgotpassword')).toBe('/nl/security/forgotpassword');
    const after = await testApp.db.selectFrom('users').select(['password_hash', 'first_name']).where('email', '=', demo.staff.email).execute();
    expect(after).toEqual([before]);
  });

  it('answers the ajax form with an empty 204 (the form then goes to its redirect target), and its region (400) on bad input', async () => {
    const { agent, token } = await visitor(testApp, '/es/security/register');
    const form = parseHtml((await agent.get('/es/security/register')).text);
    expect(attributeOf(form, '.register-form', 'data-redirect-target')).toBe('/es/security/register/sent');
    const refused = await postRegister(agent, token, { Email: 'nope' }, 'es').set('HX-Request', 'true').set('HX-Target', 'register-page');
    expect(refused.status).toBe(400);
    const region = parseHtml(refused.text);
    expect(region.querySelector('html')).toBeNull();
    expect(textOf(region, '#register-Email-error')).toBe(resource('es', 'Validation.Email'));
    const accepted = await postRegister(agent, token, { ...newcomer, Email: 'ana@example.es' }, 'es').set('HX-Request', 'true').set('HX-Target', 'register-page');
    expect(accepted.status).toBe(204);
    expect(accepted.text).toBe('');
    expect(accepted.headers['hx-redirect']).toBeUndefined();
    expect(await accountsNamed('ana@example.es')).toHaveLength(1);
  });
});

describe('GET {app}/{culture}/security/confirm', () => {
  it('says a link is unknown, and an expired one expired', async () => {
    const unknown = await request(testApp.app).get('/fr/security/confirm?token=not-a-token');
    expect(unknown.status).toBe(400);
    expect(textOf(parseHtml(unknown.text), '.form-error')).toBe(resource('fr', 'Security.Link.Unknown'));

    const { agent, token } = await visitor(testApp, '/fr/security/register');
    await postRegister(agent, token, { ...newcomer, Email: 'late@example.fr' }, 'fr');
    const mail = await waitForMail(testApp, { to: 'late@example.fr', subject: resource('fr', 'Security.Mail.ConfirmEmail.Subject') });
    await testApp.db.updateTable('email_confirmations').set({ expires_at: Date.now() - 1 }).execute();
    const expired = await agent.get(linkIn(mail, 'security/confirm'));
    expect(expired.status).toBe(400);
    expect(textOf(parseHtml(expired.text), '.form-error')).toBe(resource('fr', 'Security.Link.Expired'));
  });
});

afterAll(() => settledOutbox(testApp));
