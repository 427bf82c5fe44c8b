import request from 'supertest';
import { useTestApp } from '../support/app';
import { attributeOf, csrfTokenOf, parseHtml, textOf } from '../support/html';
import { resource } from '../support/resources';
import { cookieOf, demo } from './accounts-helpers';

const testApp = useTestApp();

/** A visitor who loaded a page: same cookie jar, and the token that page holds. */
async function visitor(url = '/fr/about') {
  const agent = request.agent(testApp.app);
  const token = csrfTokenOf(parseHtml((await agent.get(url)).text));
  return { agent, token };
}

describe('CSRF', () => {
  it.each(['/fr/', '/de/about', '/nl/nope', '/es/security/login'])('%s has a non-empty csrf-token meta', async (url) => {
    expect(csrfTokenOf(parseHtml((await request(testApp.app).get(url)).text))).toMatch(/^[\w-]{43}$/);
  });

  it('keeps one token per visitor across pages', async () => {
    const { agent, token } = await visitor();
    expect(csrfTokenOf(parseHtml((await agent.get('/fr/legal')).text))).toBe(token);
  });

  it('refuses a POST without a token with a localised 403 page', async () => {
    const { agent } = await visitor('/de/about');
    const answer = await agent.post('/de/consent').type('form').send({ action: 'accept-all' });
    expect(answer.status).toBe(403);
    expect(answer.headers['content-type']).toMatch(/^text\/html/);
    const page = parseHtml(answer.text);
    expect(attributeOf(page, 'html', 'lang')).toBe('de');
    expect(textOf(page, '.error-page p')).toBe(resource('de', 'Core.InvalidCsrfToken'));
  });

  it.each(['PUT', 'PATCH', 'DELETE'] as const)('refuses %s without a token', async (method) => {
    const { agent } = await visitor();
    expect((await agent[method.toLowerCase() as 'put' | 'patch' | 'delete']('/fr/anything')).status).toBe(403);
  });

  it('refuses a wrong token, in the field or the header', async () => {
    const { agent, token } = await visitor();
    const wrong = token.replace(/^./, (first) => (first === 'a' ? 'b' : 'a'));
    expect((await agent.post('/fr/consent').type('form').send({ _csrf: wrong })).status).toBe(403);
    expect((await agent.post('/fr/consent').set('X-CSRF-Token', wrong)).status).toBe(403);
  });

  it("refuses another visitor's token", async () => {
    const { token } = await visitor();
    const { agent } = await visitor();
    expect((await agent.post('/fr/consent').set('X-CSRF-Token', token)).status).toBe(403);
  });

  it('accepts the page token in the _csrf field and in the X-CSRF-Token header', async () => {
    const { agent, token } = await visitor();
    expect((await agent.post('/fr/consent').type('form').send({ _csrf: token, action: 'decline-all' })).status).not.toBe(403);
    expect((await agent.post('/fr/consent').set('X-CSRF-Token', token).type('form').send({ action: 'decline-all' })).status).not.toBe(403);
  });

  it('answers an htmx POST without token with the 403 region and an /api/ one with JSON', async () => {
    const { agent } = await visitor();
    const region = await agent.post('/fr/consent').set({ 'HX-Request': 'true', 'HX-Target': 'page' });
    expect(region.status).toBe(403);
    expect(parseHtml(region.text).querySelector('html')).toBeNull();
    const api = await agent.post('/api/v1/anything').send({});
    expect(api.status).toBe(403);
    expect(api.body).toEqual({ Message: resource('fr', 'Core.InvalidCsrfToken') });
  });
});

describe('security headers', () => {
  it.each(['/fr/about', '/fr/nope', '/api/v1/localization/fr/stringresources', '/healthz'])('%s carries helmet headers', async (url) => {
    const { headers } = await request(testApp.app).get(url);
    expect(headers).toMatchObject({
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'SAMEORIGIN',
      'referrer-policy': 'no-referrer',
      'cross-origin-opener-policy': 'same-origin',
    });
    expect(headers['content-security-policy']).toContain("script-src 'self'");
    expect(headers['x-powered-by']).toBeUndefined();
  });

  it.each(['/fr/', '/fr/nope', '/api/v1/localization/fr/stringresources', '/healthz', '/static/favicon.ico'])('%s carries a Permissions-Policy that denies what the site does not use', async (url) => {
    const policy = new Map(
      String((await request(testApp.app).get(url)).headers['permissions-policy'])
        .split(',')
        .map((entry) => entry.trim().split('=') as [string, string]),
    );
    for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb', 'serial', 'hid', 'display-capture', 'browsing-topics']) {
      expect([feature, policy.get(feature)]).toEqual([feature, '()']);
    }
    expect(policy.get('clipboard-write')).toBe('(self)');
  });

  it('has a CSP without inline or eval for scripts and styles', async () => {
    const csp = (await request(testApp.app).get('/fr/about')).headers['content-security-policy'] as string;
    const directives = new Map(
      csp.split(';').map((directive) => directive.trim().split(/\s+/)).map(([name, ...sources]) => [name, sources]),
    );
    for (const name of ['default-src', 'script-src', 'style-src']) {
      expect(directives.get(name)).toEqual(expect.arrayContaining(["'self'"]));
      expect(directives.get(name)).not.toEqual(expect.arrayContaining(["'unsafe-inline'"]));
      expect(directives.get(name)).not.toEqual(expect.arrayContaining(["'unsafe-eval'"]));
    }
    expect(directives.get('object-src')).toEqual(["'none'"]);
    expect(directives.get('script-src-attr')).toEqual(["'none'"]);
  });

  it('pages carry no inline script or style that the CSP would block', async () => {
    const page = parseHtml((await request(testApp.app).get('/fr/about')).text);
    // JSON-LD blocks are data a browser never runs (the CSP does not apply to them); they are the only script without src.
    expect(page.querySelectorAll('script:not([src]):not([type="application/ld+json"]), style, [style]')).toHaveLength(0);
    expect(page.querySelectorAll('*').filter((element) => Object.keys(element.attributes).some((name) => name.startsWith('on')))).toHaveLength(0);
  });
});

describe('the cookies', () => {
  const attributesOf = (cookie: string | undefined) => cookie!.split(';').map((part) => part.trim().toLowerCase());

  it('a page opens no session: it sets only the CSRF cookie, HttpOnly, SameSite=Lax, for the whole site', async () => {
    const sessions = () => testApp.db.selectFrom('sessions').select('sid').execute();
    const before = await sessions();
    const answer = await request(testApp.app).get('/fr/');
    expect(cookieOf(answer, 'sid')).toBeUndefined();
    expect(attributesOf(cookieOf(answer, 'csrf'))).toEqual(expect.arrayContaining(['httponly', 'samesite=lax', 'path=/']));
    expect(await sessions()).toEqual(before);
  });

  it('the session cookie, from sign-in on, is HttpOnly, SameSite=Lax, for the whole site', async () => {
    const { agent, token } = await visitor('/fr/security/login');
    const login = await agent.post('/fr/security/login').type('form').send({ _csrf: token, Email: demo.customer.email, Password: demo.customer.password });
    expect(login.status).toBe(303);
    expect(attributesOf(cookieOf(login, 'sid'))).toEqual(expect.arrayContaining(['httponly', 'samesite=lax', 'path=/']));
  });

  it('a token keeps working across sign-in, and the session then holds it: a planted CSRF cookie cannot stand in', async () => {
    const { agent, token } = await visitor('/fr/security/login');
    const login = await agent.post('/fr/security/login').type('form').send({ _csrf: token, Email: demo.customer.email, Password: demo.customer.password });
    expect(csrfTokenOf(parseHtml((await agent.get('/fr/about')).text))).toBe(token);
    const sid = cookieOf(login, 'sid')!.split(';')[0];
    const otherPage = await request(testApp.app).get('/fr/about');
    const plantedCookie = cookieOf(otherPage, 'csrf')!.split(';')[0];
    const plantedToken = csrfTokenOf(parseHtml(otherPage.text));
    const post = (cookies: string, csrf: string) =>
      request(testApp.app).post('/fr/consent').set('Cookie', cookies).set('X-CSRF-Token', csrf).type('form').send({ action: 'decline-all' });
    expect((await post(plantedCookie, plantedToken)).status).not.toBe(403);
    expect((await post(`${sid}; ${plantedCookie}`, plantedToken)).status).toBe(403);
    expect((await post(`${sid}; ${plantedCookie}`, token)).status).not.toBe(403);
  });
});
