import { parseSetCookie } from 'cookie';
import request from 'supertest';
import { createTestApp, type TestApp, useTestApp } from '../support/app';
import { attributeOf, attributesOf, csrfTokenOf, type Html, parseHtml, textOf, textsOf } from '../support/html';

const testApp = useTestApp();

const stamp = '2026-11-01';
const consentCookie = (settings: object) => `CookieConsent=${encodeURIComponent(JSON.stringify(settings))}`;
const current = { stamp, preferences: false, statistics: true, marketing: true };

async function page(url: string, cookie?: string): Promise<Html> {
  const answer = await request(testApp.app).get(url).set(cookie ? { Cookie: cookie } : {});
  expect(answer.status).toBe(200);
  return parseHtml(answer.text);
}

/** The consent cookie an answer sets, parsed, or undefined. */
function setConsent(answer: request.Response) {
  const headers = ([] as string[]).concat(answer.headers['set-cookie'] ?? []);
  const header = headers.find((line) => line.startsWith('CookieConsent='));
  return header ? { ...parseSetCookie(header), header } : undefined;
}

async function agentWithToken(url = '/fr/about') {
  const agent = request.agent(testApp.app);
  const token = csrfTokenOf(parseHtml((await agent.get(url)).text));
  return { agent, token };
}

describe('the consent banner', () => {
  it('shows on a fresh visit with real no-JS forms, the stamp in <head> and a settings link', async () => {
    const html = await page('/fr/about');
    expect(attributeOf(html, 'meta[name="consent-stamp"]', 'content')).toBe(stamp);
    expect(textOf(html, '#consent-root [data-consent-banner] h2')).toBe('Nous utilisons des cookies');
    const form = html.querySelector('[data-consent-banner] form[data-consent-form]')!;
    expect(form.getAttribute('method')).toBe('post');
    expect(form.getAttribute('action')).toBe('/fr/consent');
    expect(attributeOf(form, 'input[name="_csrf"]', 'value')).toBe(csrfTokenOf(html));
    expect(attributeOf(form, 'input[name="returnUrl"]', 'value')).toBe('/fr/about');
    expect(attributesOf(form, 'button[type="submit"][name="action"]', 'value')).toEqual(['accept-all', 'decline-all']);
    expect(textsOf(form, 'button')).toEqual(['Tout accepter', 'Tout refuser']);
    expect(attributeOf(form, 'a[data-consent-settings]', 'href')).toBe('/fr/consent?returnUrl=%2Ffr%2Fabout');
  });

  it('is absent with a cookie for the current stamp, leaving the settings dialog for the footer link', async () => {
    const html = await page('/de/about', consentCookie(current));
    expect(html.querySelector('[data-consent-banner]')).toBeNull();
    expect(attributeOf(html, 'footer a[data-consent-settings]', 'href')).toBe('/de/consent');
    expect(textOf(html, 'dialog[data-consent-dialog] [data-consent-status]')).toBe('Sie haben diese optionalen Cookies akzeptiert: Statistik und Marketing.');
  });

  it.each([
    ['an older stamp', consentCookie({ ...current, stamp: '2025-01-01' })],
    ['a value that is not JSON', 'CookieConsent=%7Bbroken'],
    ['a value missing a category', consentCookie({ stamp, statistics: true })],
  ])('shows again with %s', async (_case, cookie) => {
    const html = await page('/nl/', cookie);
    expect(textOf(html, '[data-consent-banner] h2')).toBe('Wij gebruiken cookies');
  });
});

describe('choosing without JavaScript', () => {
  it.each([
    ['accept-all', {}, { preferences: true, statistics: true, marketing: true }],
    ['decline-all', { statistics: 'true' }, { preferences: false, statistics: false, marketing: false }],
    ['save', { statistics: 'true', marketing: 'true' }, { preferences: false, statistics: true, marketing: true }],
  ])('%s sets the one-year JSON cookie and goes back (303) to returnUrl', async (action, boxes, expected) => {
    const { agent, token } = await agentWithToken('/es/about');
    const answer = await agent.post('/es/consent').type('form').send({ _csrf: token, action, ...boxes, returnUrl: '/es/about?x=1' });
    expect(answer.status).toBe(303);
    expect(answer.headers.location).toBe('/es/about?x=1');
    const cookie = setConsent(answer)!;
    expect(JSON.parse(cookie.value!)).toEqual({ stamp, ...expected });
    expect(cookie.maxAge).toBe(31_536_000);
    expect(cookie.path).toBe('/');
    expect(cookie.sameSite).toBe('lax');
    expect(cookie.header).not.toMatch(/HttpOnly/i);

    const after = parseHtml((await agent.get('/es/about?x=1')).text);
    expect(after.querySelector('[data-consent-banner]')).toBeNull();
    expect(textOf(after, '.flash-success')).toBe('Se ha guardado su elección de cookies.');
  });

  it.each(['https://evil.example/', '//evil.example/', '/\\evil.example'])('goes home instead of the off-site returnUrl %s', async (returnUrl) => {
    const { agent, token } = await agentWithToken();
    const answer = await agent.post('/fr/consent').type('form').send({ _csrf: token, action: 'accept-all', returnUrl });
    expect(answer.status).toBe(303);
    expect(answer.headers.location).toBe('/fr/');
  });

  it('answers 403 without the CSRF token and sets nothing', async () => {
    const { agent } = await agentWithToken();
    const answer = await agent.post('/fr/consent').type('form').send({ action: 'accept-all', returnUrl: '/fr/' });
    expect(answer.status).toBe(403);
    expect(setConsent(answer)).toBeUndefined();
  });

  it.each([
    [{ action: 'accept-some' }],
    [{ action: 'save', statistics: 'maybe' }],
    [{}],
  ])('re-renders the settings page with a localised message and 400 for %j, setting nothing', async (body) => {
    const { agent, token } = await agentWithToken('/it/about');
    const answer = await agent.post('/it/consent').type('form').send({ _csrf: token, ...body });
    expect(answer.status).toBe(400);
    expect(answer.headers['content-type']).toMatch(/^text\/html/);
    expect(setConsent(answer)).toBeUndefined();
    const html = parseHtml(answer.text);
    expect(textOf(html, '[data-consent-error]')).toBe('Non è stato possibile salvare la sua scelta. La preghiamo di scegliere di nuovo.');
    expect(html.querySelector('#page form[data-consent-form]')).not.toBeNull();
  });
});

describe('the consent settings page', () => {
  it('shows the status sentence and the form with the current choices ticked', async () => {
    const answer = await request(testApp.app).get('/fr/consent?returnUrl=%2Ffr%2Fabout').set('Cookie', consentCookie(current));
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/html/);
    expect(answer.headers['cache-control']).toBe('private, no-cache');
    const html = parseHtml(answer.text);
    expect(textOf(html, 'title')).toMatch(/^Paramètres des cookies \| /);
    expect(textOf(html, '#page [data-consent-status]')).toBe('Vous avez accepté ces cookies facultatifs : statistiques et marketing.');
    expect(attributesOf(html, '#page form[data-consent-form] input[type="checkbox"][checked]', 'name')).toEqual([undefined, 'statistics', 'marketing']);
    expect(attributeOf(html, '#page form[data-consent-form] input[name="returnUrl"]', 'value')).toBe('/fr/about');
    expect(attributesOf(html, '#page form[data-consent-form] button[name="action"]', 'value')).toEqual(['save', 'decline-all', 'accept-all']);
  });

  it('leaves the banner out for a visitor who has not chosen yet: the page offers the same choices', async () => {
    const html = await page('/nl/consent');
    expect(html.querySelector('[data-consent-banner]')).toBeNull();
    expect(textOf(html, '#page [data-consent-status]')).toBe('U hebt nog geen keuze gemaakt over cookies.');
    expect(attributeOf(html, '#page form[data-consent-form]', 'action')).toBe('/nl/consent');
  });

  it('says when nothing was chosen yet, and answers the page region alone to htmx', async () => {
    const answer = await request(testApp.app).get('/pt/consent').set({ 'HX-Request': 'true', 'HX-Target': 'page' });
    expect(answer.status).toBe(200);
    const html = parseHtml(answer.text);
    expect(html.querySelector('html, #consent-root')).toBeNull();
    expect(textOf(html, '[data-consent-status]')).toBe('Ainda não fez nenhuma escolha sobre cookies.');
    expect(attributeOf(html, 'form[data-consent-form] input[name="returnUrl"]', 'value')).toBe('/pt/consent');
  });

  it('serves the status and form alone as a widget', async () => {
    const answer = await request(testApp.app).get('/de/widget/consent').set('Cookie', consentCookie({ stamp, preferences: false, statistics: false, marketing: false }));
    expect(answer.status).toBe(200);
    const html = parseHtml(answer.text);
    expect(answer.headers['cache-control']).toBe('private, no-cache');
    expect(html.querySelector('html')).toBeNull();
    expect(textOf(html, '[data-consent-widget] [data-consent-status]')).toBe('Sie haben alle optionalen Cookies abgelehnt: Es werden nur notwendige Cookies verwendet.');
  });
});

describe('under a base path', () => {
  let shop: TestApp;
  beforeAll(async () => {
    shop = await createTestApp({ BASE_PATH: '/shop' });
  });
  afterAll(() => shop.close());

  it('scopes the cookie to the base path and keeps returnUrl under it', async () => {
    const agent = request.agent(shop.app);
    const html = parseHtml((await agent.get('/shop/fr/about')).text);
    expect(attributeOf(html, '[data-consent-banner] form', 'action')).toBe('/shop/fr/consent');
    const answer = await agent.post('/shop/fr/consent').type('form').send({ _csrf: csrfTokenOf(html), action: 'decline-all', returnUrl: '/shop/fr/about' });
    expect(answer.status).toBe(303);
    expect(answer.headers.location).toBe('/shop/fr/about');
    expect(setConsent(answer)!.path).toBe('/shop');
  });
});
