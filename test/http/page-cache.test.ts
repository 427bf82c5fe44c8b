import request from 'supertest';
import { useListeningServer, useTestApp } from '../support/app';
import { attributeOf, csrfTokenOf, parseHtml, textOf } from '../support/html';

const testApp = useTestApp();
const listening = useListeningServer(testApp);

/** Changes the about page's title behind the cache's back, as an editor's save in another process would. */
const retitle = (title: string) =>
  testApp.db.updateTable('page_translations').set({ title }).where('culture', '=', 'fr').where('slug', '=', 'about').execute();

async function visit(agent: ReturnType<typeof request.agent>, path = '/fr/about') {
  const answer = await agent.get(path);
  expect(answer.status).toBe(200);
  return parseHtml(answer.text);
}

describe('pages kept for visitors who are not signed in', () => {
  beforeEach(() => testApp.app.locals.pageCache.clear());

  it('renders a page once for everyone, with each visitor’s own CSRF token, which works', async () => {
    const first = request.agent(listening());
    const firstPage = await visit(first);
    const title = textOf(firstPage, 'h1');
    await retitle('Renamed while kept');
    const second = request.agent(listening());
    const secondPage = await visit(second);
    expect(textOf(secondPage, 'h1')).toBe(title);
    const tokens = [csrfTokenOf(firstPage), csrfTokenOf(secondPage)];
    expect(tokens[0]).not.toBe(tokens[1]);
    expect(secondPage.toString()).not.toContain('csrf-token-of-this-visitor');
    const form = attributeOf(secondPage, 'form.newsletter-form input[name="_csrf"]', 'value');
    expect(form).toBe(tokens[1]);
    const posted = await second.post('/fr/newsletter').type('form').send({ _csrf: tokens[1], Email: 'kept@example.org', returnUrl: '/fr/about' });
    expect(posted.status).toBe(303);
  });

  it('serves a visitor without a session with no session work: no session is stored, and the kept page sets the visitor’s CSRF cookie', async () => {
    const sessions = () => testApp.db.selectFrom('sessions').select('sid').execute();
    const before = await sessions();
    await visit(request.agent(listening()));
    const kept = await request(listening()).get('/fr/about');
    const cookies = (kept.headers['set-cookie'] as unknown as string[]) ?? [];
    expect(cookies.map((cookie) => cookie.split('=')[0])).toEqual(['csrf']);
    const returning = await request(listening()).get('/fr/about').set('Cookie', cookies[0].split(';')[0]);
    expect(returning.headers['set-cookie']).toBeUndefined();
    expect(csrfTokenOf(parseHtml(returning.text))).toBe(csrfTokenOf(parseHtml(kept.text)));
    expect(await sessions()).toEqual(before);
  });

  it('answers a returning visitor without a session at the front door, before Express routes anything', async () => {
    const first = await request(listening()).get('/fr/about').set('Accept-Encoding', 'br, gzip');
    const cookie = ((first.headers['set-cookie'] as unknown as string[]) ?? [])[0]!.split(';')[0]!;
    await testApp.app.locals.pageCache.settled();
    const routed = jest.spyOn(testApp.app.router as unknown as { handle: () => void }, 'handle');
    try {
      const kept = await request(listening()).get('/fr/about').set('Cookie', cookie).set('Accept-Encoding', 'br, gzip');
      expect(routed).not.toHaveBeenCalled();
      expect(kept.status).toBe(200);
      expect(kept.headers['content-encoding']).toBe('br');
      expect(kept.headers.vary).toMatch(/Accept-Encoding/);
      expect(kept.headers['content-security-policy']).toBe(first.headers['content-security-policy']);
      expect(csrfTokenOf(parseHtml(kept.text))).toBe(csrfTokenOf(parseHtml(first.text)));
      // Anything the door does not keep goes on to Express: a visitor with a cart, a signed-in one, a post.
      await request(listening()).get('/fr/about').set('Cookie', `${cookie}; cart=x`);
      expect(routed).toHaveBeenCalledTimes(1);
    } finally {
      routed.mockRestore();
    }
  });

  it('gives a kept page the headers of a rendered one: security headers, type, caching; never the first visitor’s cookie', async () => {
    const rendered = await request(listening()).get('/fr/about');
    const kept = await request(listening()).get('/fr/about');
    for (const name of ['content-security-policy', 'permissions-policy', 'x-content-type-options', 'strict-transport-security', 'referrer-policy', 'content-type', 'cache-control']) {
      expect([name, kept.headers[name]]).toEqual([name, rendered.headers[name]]);
    }
    const cookieOf = (answer: request.Response) => ((answer.headers['set-cookie'] as unknown as string[]) ?? []).join();
    expect(cookieOf(kept)).toMatch(/^csrf=/);
    expect(cookieOf(kept)).not.toBe(cookieOf(rendered));
  });

  it('shows a change once the kept answer is dropped', async () => {
    await visit(request.agent(listening()));
    await retitle('Fresh title');
    testApp.app.locals.pageCache.clear();
    expect(textOf(await visit(request.agent(listening())), 'h1')).toBe('Fresh title');
  });

  it('keeps the page region and the whole document apart, and each consent choice apart', async () => {
    const agent = request.agent(listening());
    await visit(agent);
    const region = await agent.get('/fr/about').set('HX-Request', 'true').set('HX-Target', 'page');
    expect(region.text.startsWith('<title>')).toBe(true);
    const whole = await visit(request.agent(listening()));
    expect(whole.querySelector('html')).not.toBeNull();
    expect(whole.querySelector('[data-consent-banner]')).not.toBeNull();
    const consent = encodeURIComponent(JSON.stringify({ stamp: '2026-11-01', preferences: true, statistics: false, marketing: false }));
    const answered = await request.agent(listening()).get('/fr/about').set('Cookie', `CookieConsent=${consent}`);
    expect(parseHtml(answered.text).querySelector('[data-consent-banner]')).toBeNull();
  });

  it('never serves a page made for a forged Host header to anyone else', async () => {
    await request(listening()).get('/fr/about').set('Host', 'evil.example');
    const page = await visit(request.agent(listening()));
    const alternates = page.querySelectorAll('link[rel="alternate"]').map((link) => link.getAttribute('href') ?? '');
    expect(alternates).toHaveLength(7);
    expect(alternates.filter((href) => href.includes('evil.example'))).toEqual([]);
  });

  it('never keeps what a signed-in customer sees, nor a page with a notice', async () => {
    const agent = request.agent(listening());
    const token = csrfTokenOf(await visit(agent, '/fr/security/login'));
    const login = await agent.post('/fr/security/login').type('form').send({ _csrf: token, Email: 'customer@example.com', Password: 'Customer-Demo-2026', returnUrl: '/fr/about' });
    expect(login.status).toBe(303);
    const withNotice = await visit(agent);
    expect(withNotice.querySelector('.flash-success')).not.toBeNull();
    await retitle('Seen at once when signed in');
    expect(textOf(await visit(agent), 'h1')).toBe('Seen at once when signed in');
    const visitor = await visit(request.agent(listening()));
    expect(visitor.querySelector('.flash-success')).toBeNull();
    expect(visitor.querySelector('.header-account-link')).toBeNull();
  });
});
