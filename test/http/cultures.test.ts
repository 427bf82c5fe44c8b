import request from 'supertest';
import { cultures } from '../../server/config';
import { useTestApp } from '../support/app';
import { attributeOf, attributesOf, parseHtml } from '../support/html';
import { resource } from '../support/resources';

const testApp = useTestApp({ DEFAULT_CULTURE: 'it' });

describe('GET / redirects to the best culture', () => {
  it.each([
    ['de-DE', '/de/'],
    ['de-DE,de;q=0.9,en;q=0.8', '/de/'],
    ['en-GB,en;q=0.9,nl;q=0.5', '/nl/'],
    ['pt-BR', '/pt/'],
    ['en-US', '/it/'],
    ['ja', '/it/'],
  ])('Accept-Language: %s -> %s', async (languages, location) => {
    const answer = await request(testApp.app).get('/').set('Accept-Language', languages);
    expect(answer.status).toBe(302);
    expect(answer.headers.location).toBe(location);
    expect(answer.headers.vary).toMatch(/Accept-Language/);
  });

  it('without Accept-Language goes to DEFAULT_CULTURE (here it, not the first culture)', async () => {
    const answer = await request(testApp.app).get('/');
    expect(answer.status).toBe(302);
    expect(answer.headers.location).toBe('/it/');
    expect(answer.headers.vary).toMatch(/Accept-Language/);
  });
});

describe('an unknown culture', () => {
  it.each(['/xx/', '/en/about', '/EN/', '/fra/'])('%s is a 404 HTML page in the default culture', async (url) => {
    const answer = await request(testApp.app).get(url);
    expect(answer.status).toBe(404);
    expect(answer.headers['content-type']).toMatch(/^text\/html/);
    const page = parseHtml(answer.text);
    expect(attributeOf(page, 'html', 'lang')).toBe('it');
    expect(page.querySelector('main#page h1')!.textContent).toBe(resource('it', 'Core.NotFoundTitle'));
  });
});

describe('each page speaks its culture', () => {
  it.each([...cultures])('/%s/about has <html lang="%s">, title and navigation in that culture', async (culture) => {
    const answer = await request(testApp.app).get(`/${culture}/about`);
    expect(answer.status).toBe(200);
    const page = parseHtml(answer.text);
    expect(attributeOf(page, 'html', 'lang')).toBe(culture);
    expect(attributeOf(page, 'html', 'data-culture')).toBe(culture);
    expect(attributeOf(page, '#main-navigation', 'aria-label')).toBe(resource(culture, 'Core.MainNavigation'));
    // Every link that leaves the page stays in the culture (the menu's close link, for a menu opened
    // without JavaScript, points inside the page).
    const leaving = attributesOf(page, '#main-navigation a', 'href').filter((href) => !href!.startsWith('#'));
    expect(leaving.length).toBeGreaterThan(0);
    expect(leaving.every((href) => href!.startsWith(`/${culture}/`))).toBe(true);
  });

  // The alternates name each culture's canonical address: a query other than a later page is left out (docs/seo.md).
  it('has hreflang alternates for the six cultures and x-default: absolute, same path, canonical query', async () => {
    const answer = await request(testApp.app).get('/nl/about?x=1').set('Host', 'shop.example');
    const alternates = parseHtml(answer.text).querySelectorAll('link[rel="alternate"][hreflang]');
    const byLanguage = Object.fromEntries(alternates.map((link) => [link.getAttribute('hreflang'), link.getAttribute('href')]));
    expect(byLanguage).toEqual({
      ...Object.fromEntries(cultures.map((culture) => [culture, `http://shop.example/${culture}/about`])),
      'x-default': 'http://shop.example/it/about',
    });
  });
});

describe('the culture widget', () => {
  const expectedLinks = (path: string) => cultures.map((culture) => `/${culture}${path}`);

  it('in the header links to the same address in each culture, the current one marked', async () => {
    const page = parseHtml((await request(testApp.app).get('/es/about?x=1&y=2')).text);
    expect(attributesOf(page, 'header [data-culture-widget] a', 'href')).toEqual(expectedLinks('/about?x=1&y=2'));
    expect(attributesOf(page, 'header [data-culture-widget] a[aria-current="true"]', 'data-culture')).toEqual(['es']);
  });

  it('GET /{culture}/widget/culture?url=… answers the widget alone, switching only the first culture segment', async () => {
    const answer = await request(testApp.app).get('/de/widget/culture').query({ url: '/fr/about?x=1' });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/html/);
    expect(answer.headers.vary).toMatch(/HX-Request/);
    const fragment = parseHtml(answer.text);
    expect(fragment.querySelector('html, head, header, main, footer')).toBeNull();
    expect(fragment.childNodes.filter((node) => node.nodeType === 1).map((node) => (node as typeof fragment).classNames)).toEqual(['culture-widget']);
    expect(attributesOf(fragment, 'a', 'href')).toEqual(expectedLinks('/about?x=1'));
    expect(attributesOf(fragment, 'a[aria-current="true"]', 'data-culture')).toEqual(['de']);
    expect(attributeOf(fragment, 'a[data-culture="de"]', 'lang')).toBe('de');
    expect(fragment.querySelector('.visually-hidden')!.textContent).toBe(resource('de', 'Core.Language'));
  });

  it('keeps the rest of a deeper path and a later segment that looks like a culture', async () => {
    const answer = await request(testApp.app).get('/fr/widget/culture').query({ url: '/pt/fr/team' });
    expect(attributesOf(parseHtml(answer.text), 'a', 'href')).toEqual(expectedLinks('/fr/team'));
  });

  it('without url, or with an address of another site, links to each culture home', async () => {
    for (const url of [undefined, 'https://evil.example/fr/about']) {
      const answer = await request(testApp.app).get('/fr/widget/culture').query(url ? { url } : {});
      expect(attributesOf(parseHtml(answer.text), 'a', 'href')).toEqual(expectedLinks('/'));
    }
  });
});
