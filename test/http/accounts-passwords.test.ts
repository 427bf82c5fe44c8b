import request from 'supertest';
import { useTestApp } from '../support/app';
import { attributeOf, parseHtml, textOf } from '../support/html';
import { resource } from '../support/resources';
import { type Agent, cookieOf, createAccount, linkIn, subjectOf, settledOutbox, signedIn, visitor, waitForMail } from './accounts-helpers';

const testApp = useTestApp();

async function askForReset(agent: Agent, token: string, email: string, culture = 'fr') {
  return agent.post(`/${culture}/security/forgotpassword`).type('form').send({ _csrf: token, Email: email });
}

async function resetLink(email: string, culture: string): Promise<string> {
  const { agent, token } = await visitor(testApp, `/${culture}/security/forgotpassword`);
  const seen = (await settledOutbox(testApp)).length;
  await askForReset(agent, token, email, culture);
  return linkIn(await waitForMail(testApp, { to: email, subject: resource(culture as 'fr', 'Security.Mail.ResetPassword.Subject'), seen }), 'security/resetpassword');
}

async function postReset(agent: Agent, csrf: string, link: string, password: string) {
  const resetToken = new URL(link, 'http://localhost').searchParams.get('token')!;
  return agent.post('/fr/security/resetpassword').type('form').send({ _csrf: csrf, token: resetToken, Password: password, ConfirmPassword: password });
}

describe('forgot password', () => {
  it('answers the same whether the address has an account or not, and mails only an existing one', async () => {
    await createAccount(testApp, { email: 'forgetful@example.com', password: 'Forgetful-pass-1', culture: 'nl' });
    const { agent, token } = await visitor(testApp, '/fr/security/forgotpassword');
    const before = (await settledOutbox(testApp)).length;
    const pages: string[] = [];
    for (const email of ['Forgetful@example.com', 'stranger@example.com']) {
      const answer = await askForReset(agent, token, email);
      expect(answer.status).toBe(303);
      expect(answer.headers.location).toBe('/fr/security/forgotpassword');
      const page = parseHtml((await agent.get('/fr/security/forgotpassword')).text);
      expect(textOf(page, '.flash-success')).toBe(resource('fr', 'Security.ForgotPassword.Sent'));
      pages.push(page.querySelector('#page')!.innerHTML);
    }
    expect(pages[0]).toBe(pages[1]);
    const mail = await waitForMail(testApp, { to: 'forgetful@example.com', subject: resource('nl', 'Security.Mail.ResetPassword.Subject'), seen: before });
    expect(linkIn(mail, 'security/resetpassword')).toMatch(/^\/nl\/security\/resetpassword\?token=[\w-]{43}$/);
    const sent = (await settledOutbox(testApp)).slice(before);
    expect(sent.map((message) => message.to)).toEqual(['forgetful@example.com']);
  });

  it('answers the ajax form with the notice in place, and 403 without the CSRF token', async () => {
    const { agent, token } = await visitor(testApp, '/it/security/forgotpassword');
    const answer = await agent.post('/it/security/forgotpassword').set('HX-Request', 'true').set('HX-Target', 'forgotpassword-page').type('form').send({ _csrf: token, Email: 'x@example.com' });
    expect(answer.status).toBe(200);
    expect(textOf(parseHtml(answer.text), '#forgotpassword-page .notice')).toBe(resource('it', 'Security.ForgotPassword.Sent'));
    expect((await request(testApp.app).post('/it/security/forgotpassword').type('form').send({ Email: 'x@example.com' })).status).toBe(403);
  });

  it('limits the requests for one address (each may send mail) with a clear message, whoever asks', async () => {
    const { agent, token } = await visitor(testApp, '/de/security/forgotpassword');
    for (let request = 0; request < 5; request++) {
      const answer = await agent.post('/de/security/forgotpassword').set('X-Forwarded-For', `198.51.100.${request + 1}`).type('form').send({ _csrf: token, Email: 'flood@example.com' });
      expect(answer.status).toBe(303);
    }
    const limited = await agent.post('/de/security/forgotpassword').set('X-Forwarded-For', '198.51.100.99').type('form').send({ _csrf: token, Email: 'FLOOD@example.com' });
    expect(limited.status).toBe(429);
    expect(textOf(parseHtml(limited.text), '#forgotpassword-page .form-error')).toBe(resource('de', 'Core.TooManyRequests'));
  });
});

describe('reset password', () => {
  it('sets the new password once, ends every session, and asks to log in', async () => {
    await createAccount(testApp, { email: 'reset@example.com', password: 'Old-password-1' });
    const other = await signedIn(testApp, { email: 'reset@example.com', password: 'Old-password-1' });
    const link = await resetLink('reset@example.com', 'fr');
    const { agent, token } = await visitor(testApp, '/fr/security/login');
    const form = parseHtml((await agent.get(link)).text);
    expect(attributeOf(form, '#resetpassword-Password', 'data-val-minlength')).toBe(resource('fr', 'Security.Password.Policy'));

    const answer = await postReset(agent, token, link, 'New-password-2');
    expect(answer.status).toBe(303);
    expect(answer.headers.location).toBe('/fr/security/login');
    expect(textOf(parseHtml((await agent.get('/fr/security/login')).text), '.flash-success')).toBe(resource('fr', 'Security.ResetPassword.Done'));
    expect((await other.agent.get('/fr/account')).status).toBe(303);
    await signedIn(testApp, { email: 'reset@example.com', password: 'New-password-2' });
    await expect(signedIn(testApp, { email: 'reset@example.com', password: 'Old-password-1' })).rejects.toThrow(/answered 400/);
    await waitForMail(testApp, { to: 'reset@example.com', subject: resource('fr', 'Security.Mail.PasswordChanged.Subject') });

    const reused = await postReset(agent, token, link, 'Third-password-3');
    expect(reused.status).toBe(400);
    expect(textOf(parseHtml(reused.text), '.form-error')).toBe(resource('fr', 'Security.Link.Used'));
    const reopened = await agent.get(link);
    expect(reopened.status).toBe(400);
    expect(textOf(parseHtml(reopened.text), '.form-error')).toBe(resource('fr', 'Security.Link.Used'));
    expect(parseHtml(reopened.text).querySelector('.resetpassword-form')).toBeNull();
    await signedIn(testApp, { email: 'reset@example.com', password: 'New-password-2' });
  });

  it('refuses an expired link, an unknown one, and an older link once a newer one was sent', async () => {
    await createAccount(testApp, { email: 'expired@example.com', password: 'Old-password-1' });
    const { agent, token } = await visitor(testApp);
    const first = await resetLink('expired@example.com', 'fr');
    const second = await resetLink('expired@example.com', 'fr');
    const older = await postReset(agent, token, first, 'New-password-2');
    expect(textOf(parseHtml(older.text), '.form-error')).toBe(resource('fr', 'Security.Link.Used'));

    await testApp.db.updateTable('password_resets').set({ expires_at: Date.now() - 1000 }).where('used_at', 'is', null).execute();
    const expired = await postReset(agent, token, second, 'New-password-2');
    expect(expired.status).toBe(400);
    expect(textOf(parseHtml(expired.text), '.form-error')).toBe(resource('fr', 'Security.Link.Expired'));

    const unknown = await agent.get('/fr/security/resetpassword?token=made-up');
    expect(unknown.status).toBe(400);
    expect(textOf(parseHtml(unknown.text), '.form-error')).toBe(resource('fr', 'Security.Link.Unknown'));
    await signedIn(testApp, { email: 'expired@example.com', password: 'Old-password-1' });
  });

  it('keeps the link usable when the new password breaks the policy', async () => {
    await createAccount(testApp, { email: 'policy@example.com', password: 'Old-password-1' });
    const link = await resetLink('policy@example.com', 'fr');
    const { agent, token } = await visitor(testApp);
    const refused = await postReset(agent, token, link, 'policy@example.com');
    expect(refused.status).toBe(400);
    expect(textOf(parseHtml(refused.text), '#resetpassword-Password-error')).toBe(resource('fr', 'Security.Password.Policy'));
    expect((await postReset(agent, token, link, 'Better-password-2')).status).toBe(303);
  });
});

describe('change password', () => {
  it('sends a visitor to log in first', async () => {
    const answer = await request(testApp.app).get('/fr/security/changepassword');
    expect(answer.status).toBe(303);
    expect(answer.headers.location).toBe('/fr/security/login?returnUrl=%2Ffr%2Fsecurity%2Fchangepassword');
  });

  it('refuses a wrong current password and changes nothing', async () => {
    await createAccount(testApp, { email: 'wrongcurrent@example.com', password: 'Current-pass-1' });
    const { agent, token } = await signedIn(testApp, { email: 'wrongcurrent@example.com', password: 'Current-pass-1' });
    const answer = await agent.post('/fr/security/changepassword').type('form').send({ _csrf: token, OldPassword: 'Not-current-1', NewPassword: 'Next-password-2', ConfirmPassword: 'Next-password-2' });
    expect(answer.status).toBe(400);
    expect(textOf(parseHtml(answer.text), '#changepassword-OldPassword-error')).toBe(resource('fr', 'Security.ChangePassword.WrongCurrent'));
    await signedIn(testApp, { email: 'wrongcurrent@example.com', password: 'Current-pass-1' });
  });

  it('changes it, ends the other sessions, and keeps this one signed in under a new session id', async () => {
    await createAccount(testApp, { email: 'changer@example.com', password: 'Current-pass-1', culture: 'pt' });
    const elsewhere = await signedIn(testApp, { email: 'changer@example.com', password: 'Current-pass-1' });
    const { agent, token, sid } = await signedIn(testApp, { email: 'changer@example.com', password: 'Current-pass-1' }, 'pt');
    expect((await agent.get('/pt/security/changepassword')).status).toBe(200);
    const answer = await agent.post('/pt/security/changepassword').type('form').send({ _csrf: token, OldPassword: 'Current-pass-1', NewPassword: 'Next-password-2', ConfirmPassword: 'Next-password-2' });
    expect(answer.status).toBe(303);
    expect(answer.headers.location).toBe('/pt/account');
    const renewed = cookieOf(answer, 'sid')!.split(';')[0];
    expect(renewed).toMatch(/^sid=/);
    expect(renewed).not.toBe(sid);
    const home = await agent.get('/pt/account');
    expect(home.status).toBe(200);
    expect(textOf(parseHtml(home.text), '.flash-success')).toBe(resource('pt', 'Security.ChangePassword.Done'));
    expect((await elsewhere.agent.get('/fr/account')).status).toBe(303);
    await signedIn(testApp, { email: 'changer@example.com', password: 'Next-password-2' });
    const mail = await waitForMail(testApp, { to: 'changer@example.com', subject: resource('pt', 'Security.Mail.PasswordChanged.Subject') });
    expect(subjectOf(mail)).toBe(resource('pt', 'Security.Mail.PasswordChanged.Subject'));
  });

  it('answers the ajax form with its region and field messages (400), and 403 without the CSRF token', async () => {
    await createAccount(testApp, { email: 'ajaxchange@example.com', password: 'Current-pass-1' });
    const { agent, token } = await signedIn(testApp, { email: 'ajaxchange@example.com', password: 'Current-pass-1' });
    const refused = await agent
      .post('/fr/security/changepassword')
      .set('HX-Request', 'true')
      .set('HX-Target', 'changepassword-page')
      .type('form')
      .send({ _csrf: token, OldPassword: 'Current-pass-1', NewPassword: 'Next-password-2', ConfirmPassword: 'Other-password-3' });
    expect(refused.status).toBe(400);
    const region = parseHtml(refused.text);
    expect(region.querySelector('html')).toBeNull();
    expect(textOf(region, '#changepassword-ConfirmPassword-error')).toBe(resource('fr', 'Security.Password.Mismatch'));
    const forged = await agent.post('/fr/security/changepassword').type('form').send({ OldPassword: 'Current-pass-1', NewPassword: 'Next-password-2', ConfirmPassword: 'Next-password-2' });
    expect(forged.status).toBe(403);
  });
});

afterAll(() => settledOutbox(testApp));
