import request from 'supertest';
import { useTestApp } from '../support/app';
import { attributeOf, parseHtml, textOf } from '../support/html';
import { resource } from '../support/resources';
import { cookieOf, createAccount, demo, settledOutbox, signedIn, visitor, waitForMail } from './accounts-helpers';

const testApp = useTestApp();

const sidOf = (answer: { headers: Record<string, unknown> }) => cookieOf(answer, 'sid')?.split(';')[0];

async function postLogin(agent: ReturnType<typeof request.agent>, token: string, body: Record<string, string>, htmx = false) {
  const post = agent.post('/fr/security/login').type('form');
  if (htmx) post.set('HX-Request', 'true').set('HX-Target', 'login-page');
  return post.send({ _csrf: token, ...body });
}

describe('GET {app}/{culture}/security/login', () => {
  it('renders the form with the declared fields and the on-site returnUrl', async () => {
    const answer = await request(testApp.app).get('/de/security/login?returnUrl=%2Fde%2Fabout');
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/html/);
    expect(answer.headers['cache-control']).toBe('private, no-cache');
    const page = parseHtml(answer.text);
    expect(textOf(page, 'h1')).toBe(resource('de', 'Security.Login.Title'));
    expect(attributeOf(page, '.login-form input[name="returnUrl"]', 'value')).toBe('/de/about');
    expect(attributeOf(page, '.login-form input[name="Email"]', 'data-val-required')).toBe(resource('de', 'Validation.Required'));
    expect(attributeOf(page, '.login-form', 'data-ajax-form')).toBe('replace-with');
    expect(attributeOf(page, '.login-form', 'data-ajax-target')).toBe('#login-page');
    expect(page.querySelector('.login-form button[type="submit"]')!.hasAttribute('disabled')).toBe(false);
    expect(textOf(page, 'a[href="/de/security/forgotpassword"]')).toBe(resource('de', 'Security.Login.ForgotPassword'));
    expect(textOf(page, 'a[href="/de/security/register"]')).toBe(resource('de', 'Security.Register.Title'));
  });

  it('answers the page region alone for the modal (HX-Target modal-body)', async () => {
    const answer = await request(testApp.app).get('/fr/security/login?returnUrl=%2Ffr%2Faccount').set('HX-Request', 'true').set('HX-Target', 'modal-body');
    const region = parseHtml(answer.text);
    expect(region.querySelector('html')).toBeNull();
    expect(textOf(region, 'title')).toBe(`${resource('fr', 'Security.Login.Title')} | ${resource('fr', 'Core.SiteName')}`);
    expect(attributeOf(region, '#login-page input[name="returnUrl"]', 'value')).toBe('/fr/account');
  });

  it.each(['//evil.example/', 'https://evil.example/', '/\\evil.example', 'javascript:alert(1)'])('falls back to the home page for returnUrl %s', async (returnUrl) => {
    const answer = await request(testApp.app).get('/fr/security/login').query({ returnUrl });
    expect(attributeOf(parseHtml(answer.text), '.login-form input[name="returnUrl"]', 'value')).toBe('/fr/');
  });
});

describe('POST {app}/{culture}/security/login', () => {
  it('answers 403 without the CSRF token', async () => {
    const answer = await request(testApp.app).post('/fr/security/login').type('form').send({ Email: demo.customer.email, Password: demo.customer.password });
    expect(answer.status).toBe(403);
  });

  it('signs in, renews the session id, and goes to the on-site returnUrl with a notice', async () => {
    const { agent, token } = await visitor(testApp);
    const before = sidOf(await agent.get('/fr/security/login'));
    const answer = await postLogin(agent, token, { ...asForm(demo.customer), returnUrl: '/fr/about' });
    expect(answer.status).toBe(303);
    expect(answer.headers.location).toBe('/fr/about');
    const after = sidOf(answer);
    expect(after).toBeDefined();
    expect(after).not.toBe(before);
    const page = parseHtml((await agent.get('/fr/about')).text);
    expect(textOf(page, '.flash-success')).toBe(resource('fr', 'Security.Login.SignedIn'));
    expect(attributeOf(page, '.header-account-link', 'href')).toBe('/fr/account');
    expect(page.querySelector('.header-account form.logoff-form[action="/fr/security/logoff"]')).not.toBeNull();
  });

  it.each(['//evil.example', 'https://evil.example/steal'])('never sends the visitor off-site (returnUrl %s)', async (returnUrl) => {
    const { agent, token } = await visitor(testApp);
    const answer = await postLogin(agent, token, { ...asForm(demo.customer), returnUrl });
    expect(answer.status).toBe(303);
    expect(answer.headers.location).toBe('/fr/');
  });

  it('gives one generic message for a wrong password and for an unknown address, and signs nobody in', async () => {
    const { agent, token } = await visitor(testApp);
    const wrong = await postLogin(agent, token, { Email: demo.customer.email, Password: 'Not-the-password-1' });
    const unknown = await postLogin(agent, token, { Email: 'nobody@example.com', Password: 'Not-the-password-1' });
    for (const answer of [wrong, unknown]) {
      expect(answer.status).toBe(400);
      const page = parseHtml(answer.text);
      expect(textOf(page, '.form-error')).toBe(resource('fr', 'Security.Login.Invalid'));
      expect(attributeOf(page, '#login-Email', 'value')).toBe(answer === wrong ? demo.customer.email : 'nobody@example.com');
      expect(attributeOf(page, '#login-Password', 'value')).toBeUndefined();
    }
    expect((await agent.get('/fr/account')).status).toBe(303);
  });

  it('re-renders the form with each field message in the culture when fields are missing', async () => {
    const { agent, token } = await visitor(testApp, '/nl/security/login');
    const answer = await agent.post('/nl/security/login').type('form').send({ _csrf: token, Email: 'not an address' });
    expect(answer.status).toBe(400);
    const page = parseHtml(answer.text);
    expect(textOf(page, '#login-Email-error')).toBe(resource('nl', 'Validation.Email'));
    expect(textOf(page, '#login-Password-error')).toBe(resource('nl', 'Validation.Required'));
  });

  it('answers the ajax form with HX-Redirect on success and with its own region (400) on failure', async () => {
    const { agent, token } = await visitor(testApp);
    const refused = await postLogin(agent, token, { Email: demo.customer.email, Password: 'wrong-password-1' }, true);
    expect(refused.status).toBe(400);
    const region = parseHtml(refused.text);
    expect(region.querySelector('html')).toBeNull();
    expect(textOf(region, '#login-page .form-error')).toBe(resource('fr', 'Security.Login.Invalid'));
    const accepted = await postLogin(agent, token, { ...asForm(demo.customer), returnUrl: '/fr/account' }, true);
    expect(accepted.status).toBe(200);
    expect(accepted.headers['hx-redirect']).toBe('/fr/account');
    expect((await agent.get('/fr/account')).status).toBe(200);
  });

  it('keeps the cookie 30 days with RememberMe, and for the browser session only without', async () => {
    const remembered = await visitor(testApp);
    const withRemember = cookieOf(await postLogin(remembered.agent, remembered.token, { ...asForm(demo.customer), RememberMe: 'true' }), 'sid')!;
    const expires = new Date(/Expires=([^;]+)/i.exec(withRemember)![1]).getTime();
    expect(expires - Date.now()).toBeGreaterThan(29 * 24 * 3600_000);
    expect(expires - Date.now()).toBeLessThanOrEqual(30 * 24 * 3600_000);
    const plain = await visitor(testApp);
    const withoutRemember = cookieOf(await postLogin(plain.agent, plain.token, asForm(demo.customer)), 'sid')!;
    expect(withoutRemember).not.toMatch(/Expires=/i);
    expect(withoutRemember).toMatch(/HttpOnly/i);
  });

  it('refuses an address never confirmed and mails a new confirmation link', async () => {
    await createAccount(testApp, { email: 'pending@example.com', password: 'Pending-pass-1', confirmed: false, culture: 'es' });
    const { agent, token } = await visitor(testApp);
    const answer = await postLogin(agent, token, { Email: 'pending@example.com', Password: 'Pending-pass-1' });
    expect(answer.status).toBe(400);
    expect(textOf(parseHtml(answer.text), '.form-error')).toBe(resource('fr', 'Security.Login.NotConfirmed'));
    await waitForMail(testApp, { to: 'pending@example.com', subject: resource('es', 'Security.Mail.ConfirmEmail.Subject') });
    expect((await agent.get('/fr/account')).status).toBe(303);
  });

  it('does not sign a two-factor account in: it keeps a pending sign-in and goes to the code step', async () => {
    const userId = await createAccount(testApp, { email: 'twofactor@example.com', password: 'Two-factor-pass-1', twoFactor: true });
    const { agent, token } = await visitor(testApp);
    const answer = await postLogin(agent, token, { Email: 'twofactor@example.com', Password: 'Two-factor-pass-1', RememberMe: 'true', returnUrl: '/fr/about' });
    expect(answer.status).toBe(303);
    expect(answer.headers.location).toBe('/fr/security/login/twofactor');
    expect((await agent.get('/fr/account')).status).toBe(303);
    const sid = decodeURIComponent(sidOf(answer)!.split('=')[1]).slice(2).split('.')[0];
    const row = await testApp.db.selectFrom('sessions').select('data').where('sid', '=', sid).executeTakeFirstOrThrow();
    expect(JSON.parse(row.data).pendingTwoFactor).toEqual({ userId, rememberMe: true, returnUrl: '/fr/about', at: expect.any(Number) });
    expect(JSON.parse(row.data).userId).toBeUndefined();
  });
});

describe('POST {app}/{culture}/security/logoff', () => {
  it('signs out with a new session id and a notice; the account page then asks to log in again', async () => {
    const { agent, token } = await signedIn(testApp, demo.customer);
    expect((await agent.get('/fr/account')).status).toBe(200);
    const answer = await agent.post('/fr/security/logoff').type('form').send({ _csrf: token });
    expect(answer.status).toBe(303);
    expect(answer.headers.location).toBe('/fr/');
    expect(sidOf(answer)).toBeDefined();
    const home = parseHtml((await agent.get('/fr/')).text);
    expect(textOf(home, '.flash-success')).toBe(resource('fr', 'Security.Logoff.Done'));
    expect(attributeOf(home, '.header-login-link', 'href')).toBe('/fr/security/login?returnUrl=%2Ffr%2F');
    const account = await agent.get('/fr/account');
    expect(account.status).toBe(303);
    expect(account.headers.location).toBe('/fr/security/login?returnUrl=%2Ffr%2Faccount');
  });

  it('answers 403 without the CSRF token and stays signed in', async () => {
    const { agent } = await signedIn(testApp, demo.customer);
    expect((await agent.post('/fr/security/logoff').type('form').send({})).status).toBe(403);
    expect((await agent.get('/fr/account')).status).toBe(200);
  });
});

function asForm(account: { email: string; password: string }) {
  return { Email: account.email, Password: account.password };
}

afterAll(() => settledOutbox(testApp));
