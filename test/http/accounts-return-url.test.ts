// Issue 20 items 1 and 4: a return URL leads only to this site, and a hostile one never causes a 500.
import request from 'supertest';
import { useTestApp } from '../support/app';
import { attributeOf, parseHtml } from '../support/html';
import { createTwoFactorAccount, submitTwoFactorCode } from '../support/two-factor';
import { demo, visitor, type Agent } from './accounts-helpers';

const testApp = useTestApp();

const hostile = [
  '/\t/evil.example',
  '/\n/evil.example',
  '/\\/evil.example',
  '/%09/evil.example',
  '/%2F/evil.example',
  '/%5C/evil.example',
  '/.//evil.example',
  '/fr/..//evil.example',
  '//evil.example/',
  'https://evil.example/',
  'javascript:alert(1)',
  ' //evil.example',
  '/\u0000/evil.example',
];

function login(agent: Agent, token: string, returnUrl: string, htmx: boolean) {
  const post = agent.post('/fr/security/login').type('form');
  if (htmx) post.set({ 'HX-Request': 'true', 'HX-Target': 'login-page' });
  return post.send({ _csrf: token, Email: demo.customer.email, Password: demo.customer.password, returnUrl });
}

describe('returnUrl after a sign-in', () => {
  it.each(hostile)('falls back to the home page for %p, with and without JS', async (returnUrl) => {
    const plain = await visitor(testApp);
    const page = await login(plain.agent, plain.token, returnUrl, false);
    expect(page.status).toBe(303);
    expect(page.headers.location).toBe('/fr/');
    const ajax = await visitor(testApp);
    const answer = await login(ajax.agent, ajax.token, returnUrl, true);
    expect(answer.status).toBe(200);
    expect(answer.headers['hx-redirect']).toBe('/fr/');
  });

  it.each(hostile)('offers no hostile %p in the login form', async (returnUrl) => {
    const answer = await request(testApp.app).get('/fr/security/login').query({ returnUrl });
    expect(answer.status).toBe(200);
    expect(attributeOf(parseHtml(answer.text), '.login-form input[name="returnUrl"]', 'value')).toBe('/fr/');
  });

  it.each([
    ['/fr/catalog?q=жар', '/fr/catalog?q=%D0%B6%D0%B0%D1%80'],
    ['/fr/été', '/fr/%C3%A9t%C3%A9'],
    ['/fr/😀#ü', '/fr/%F0%9F%98%80#%C3%BC'],
    ['/fr/\u2028x', '/fr/%E2%80%A8x'],
  ])('answers the htmx login for %p with the encoded path, never a 500', async (returnUrl, expected) => {
    const { agent, token } = await visitor(testApp);
    const answer = await login(agent, token, returnUrl, true);
    expect(answer.status).toBe(200);
    expect(answer.headers['hx-redirect']).toBe(expected);
    const plain = await visitor(testApp);
    const page = await login(plain.agent, plain.token, returnUrl, false);
    expect(page.status).toBe(303);
    expect(page.headers.location).toBe(expected);
  });

  it.each(['/\u0007/fr/', '/fr/\u001b[31m'])('answers the htmx login for control characters %p with the home page', async (returnUrl) => {
    const { agent, token } = await visitor(testApp);
    const answer = await login(agent, token, returnUrl, true);
    expect(answer.status).toBe(200);
    expect(answer.headers['hx-redirect']).toBe('/fr/');
  });

  it.each(['/\t/evil.example', '/fr/жар'])('keeps the two-factor step on this site for %p', async (returnUrl) => {
    const account = await createTwoFactorAccount(testApp.db);
    const { agent, token } = await visitor(testApp);
    const password = await agent.post('/fr/security/login').type('form').send({ _csrf: token, Email: account.email, Password: account.password, returnUrl });
    expect(password.headers.location).toBe('/fr/security/login/twofactor');
    const answer = await submitTwoFactorCode(agent, token, account.secret);
    expect(answer.status).toBe(200);
    expect(answer.headers['hx-redirect']).toBe(returnUrl === '/fr/жар' ? '/fr/%D0%B6%D0%B0%D1%80' : '/fr/');
  });
});
