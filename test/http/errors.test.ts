import request from 'supertest';
import { createTestApp, type TestApp, useTestApp } from '../support/app';
import { attributeOf, type Html, parseHtml, textOf } from '../support/html';
import { resource } from '../support/resources';
import { demo, signedIn } from './accounts-helpers';

const testApp = useTestApp();

/** Nothing technical reaches a visitor: no stack frame, no error class or message. */
function expectNoTechnicalDetail(text: string) {
  expect(text).not.toMatch(/\n\s+at |\.ts:\d+|node_modules|NotFound|HttpError|Error:|destroyed/);
}

function expectErrorPage(page: Html, culture: 'fr' | 'de', titleKey: string, messageKey: string) {
  expect(attributeOf(page, 'html', 'lang')).toBe(culture);
  expect(page.querySelector('header.site-header')).not.toBeNull();
  expect(textOf(page, 'main#page .error-page h1')).toBe(resource(culture, titleKey));
  expect(textOf(page, 'main#page .error-page p')).toBe(resource(culture, messageKey));
}

describe('404', () => {
  it.each([
    ['/de/nope', 'de'],
    ['/fr/nope', 'fr'],
    ['/de/nope/deeper?x=1', 'de'],
  ] as const)('%s is a whole localised page', async (url, culture) => {
    const answer = await request(testApp.app).get(url);
    expect(answer.status).toBe(404);
    expect(answer.headers['content-type']).toMatch(/^text\/html/);
    expectErrorPage(parseHtml(answer.text), culture, 'Core.NotFoundTitle', 'Core.NotFoundText');
    expectNoTechnicalDetail(answer.text);
  });

  it('for htmx is the localised page region', async () => {
    const answer = await request(testApp.app).get('/de/nope').set({ 'HX-Request': 'true', 'HX-Target': 'page' });
    expect(answer.status).toBe(404);
    const region = parseHtml(answer.text);
    expect(region.querySelector('html, header')).toBeNull();
    expect(textOf(region, '.error-page h1')).toBe(resource('de', 'Core.NotFoundTitle'));
    expect(textOf(region, 'title')).toContain(resource('de', 'Core.NotFoundTitle'));
  });

  it('under /api/ is JSON {Message}', async () => {
    const answer = await request(testApp.app).get('/api/v1/nope').set('Accept', 'text/html');
    expect(answer.status).toBe(404);
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    expect(answer.body).toEqual({ Message: resource('fr', 'Core.NotFoundText') });
  });
});

describe('400', () => {
  it('a malformed JSON body is a localised 400, not a 500', async () => {
    const answer = await request(testApp.app).post('/api/v1/anything').set('Content-Type', 'application/json').send('{"broken":');
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ Message: resource('fr', 'Core.BadInput') });
  });
});

describe('500 when the database is gone', () => {
  let broken: TestApp;
  let sessionCookie: string;
  beforeAll(async () => {
    broken = await createTestApp();
    // A visitor with a session: reading it is what fails once the database is gone.
    sessionCookie = (await signedIn(broken, demo.customer)).sid;
    await broken.db.destroy();
  });
  afterAll(() => broken?.close());

  it('a page answers a whole localised 500 page without detail', async () => {
    const answer = await request(broken.app).get('/de/about');
    expect(answer.status).toBe(500);
    expect(answer.headers['content-type']).toMatch(/^text\/html/);
    expectNoTechnicalDetail(answer.text);
    expectErrorPage(parseHtml(answer.text), 'de', 'Core.ErrorTitle', 'Core.ErrorServer');
  });

  it('htmx gets the localised 500 region', async () => {
    const answer = await request(broken.app).get('/de/about').set({ 'HX-Request': 'true', 'HX-Target': 'page' });
    expect(answer.status).toBe(500);
    expectNoTechnicalDetail(answer.text);
    const region = parseHtml(answer.text);
    expect(region.querySelector('html')).toBeNull();
    expect(textOf(region, '.error-page h1')).toBe(resource('de', 'Core.ErrorTitle'));
    expect(textOf(region, '.error-page p')).toBe(resource('de', 'Core.ErrorServer'));
  });

  it('/api/ answers JSON {Message} without detail', async () => {
    const answer = await request(broken.app).get('/api/v1/anything').set('Cookie', sessionCookie);
    expect(answer.status).toBe(500);
    expect(answer.body).toEqual({ Message: resource('fr', 'Core.ErrorServer') });
  });
});
