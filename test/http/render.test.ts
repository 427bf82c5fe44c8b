import request from 'supertest';
import { useTestApp } from '../support/app';
import { type Html, parseHtml } from '../support/html';

const testApp = useTestApp();

const get = (url: string, headers: Record<string, string> = {}) => request(testApp.app).get(url).set(headers);
const htmxNavigation = { 'HX-Request': 'true', 'HX-Target': 'page' };

function expectDocument(html: Html) {
  expect(html.querySelector('html')).not.toBeNull();
  expect(html.querySelector('head > title')).not.toBeNull();
  expect(html.querySelector('body > header.site-header')).not.toBeNull();
  expect(html.querySelector('body > main#page')).not.toBeNull();
  expect(html.querySelector('body > footer.site-footer')).not.toBeNull();
}

/** The page region: a <title> then the page content, nothing of the layout. */
function expectRegion(html: Html) {
  expect(html.querySelector('html, head, body, header, main, footer, meta')).toBeNull();
  const elements = html.childNodes.filter((node) => node.nodeType === 1) as Html[];
  expect(elements[0].tagName).toBe('TITLE');
  expect(elements.length).toBeGreaterThan(1);
}

describe('the shape of a page answer', () => {
  it('a direct GET answers the whole document', async () => {
    const answer = await get('/fr/about');
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/html; charset=utf-8/);
    expectDocument(parseHtml(answer.text));
  });

  it('HX-Request with HX-Target answers the title and the page content only, the same as the document region', async () => {
    const [whole, region] = await Promise.all([get('/fr/about'), get('/fr/about', htmxNavigation)]);
    expect(region.status).toBe(200);
    expect(region.headers['content-type']).toMatch(/^text\/html/);
    const [document, fragment] = [parseHtml(whole.text), parseHtml(region.text)];
    expectRegion(fragment);
    expect(fragment.querySelector('title')!.textContent).toBe(document.querySelector('head > title')!.textContent);
    expect(fragment.querySelector('article.cms-page')!.outerHTML).toBe(document.querySelector('main#page article.cms-page')!.outerHTML);
  });

  it('any HX-Target (a modal body) gets the region', async () => {
    expectRegion(parseHtml((await get('/de/security/login', { 'HX-Request': 'true', 'HX-Target': 'modal-body' })).text));
  });

  it('keeps the status in the region shape', async () => {
    const answer = await get('/fr/no-such-page', htmxNavigation);
    expect(answer.status).toBe(404);
    expectRegion(parseHtml(answer.text));
  });

  it('a history restore gets the whole document', async () => {
    const answer = await get('/fr/about', { ...htmxNavigation, 'HX-History-Restore-Request': 'true' });
    expect(answer.status).toBe(200);
    expectDocument(parseHtml(answer.text));
  });

  it('HX-Request without HX-Target (a boosted link) gets the whole document', async () => {
    expectDocument(parseHtml((await get('/fr/about', { 'HX-Request': 'true' })).text));
  });

  it.each([
    ['direct', {}],
    ['region', htmxNavigation],
    ['restore', { ...htmxNavigation, 'HX-History-Restore-Request': 'true' }],
  ])('every page answer varies on HX-Request and HX-Target (%s)', async (_shape, headers) => {
    for (const url of ['/fr/', '/fr/about', '/fr/nope']) {
      const vary = (await get(url, headers)).headers.vary.split(/,\s*/);
      expect(vary).toEqual(expect.arrayContaining(['HX-Request', 'HX-Target']));
    }
  });

  it('never lets a shared cache keep a page (it holds the session CSRF token)', async () => {
    const cacheControl = (await get('/fr/about')).headers['cache-control'] ?? '';
    expect(cacheControl).not.toMatch(/public|s-maxage/);
  });

  it('a widget URL answers its fragment alone, even without htmx headers', async () => {
    const answer = await get('/fr/widget/culture?url=/fr/about');
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/html/);
    const fragment = parseHtml(answer.text);
    expect(fragment.querySelector('html, title, header, main, footer')).toBeNull();
    expect(fragment.querySelector('[data-culture-widget]')).not.toBeNull();
  });

  it('marks the home page body as homepage and the others as page', async () => {
    expect(parseHtml((await get('/fr/')).text).querySelector('body')!.classList.contains('homepage')).toBe(true);
    expect(parseHtml((await get('/fr/about')).text).querySelector('body')!.classList.contains('page')).toBe(true);
  });
});
