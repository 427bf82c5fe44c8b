import request from 'supertest';
import { readResources } from '../../server/localization/i18n';
import { useTestApp } from '../support/app';
import { attributeOf, parseHtml, textsOf } from '../support/html';
import { resource } from '../support/resources';

const testApp = useTestApp();

const resourcesUrl = (culture: string) => `/api/v1/localization/${culture}/stringresources`;

describe('GET /api/v1/localization/{culture}/stringresources', () => {
  it('answers the culture resource tree as cacheable JSON with an ETag', async () => {
    const answer = await request(testApp.app).get(resourcesUrl('de'));
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    expect(answer.headers['cache-control']).toMatch(/max-age=\d+/);
    expect(answer.headers.etag).toMatch(/^(W\/)?"[^"]+"$/);
    expect(answer.body).toEqual(readResources('de'));
  });

  it('answers 304 without a body to If-None-Match with the same ETag', async () => {
    const { etag } = (await request(testApp.app).get(resourcesUrl('fr'))).headers;
    const again = await request(testApp.app).get(resourcesUrl('fr')).set('If-None-Match', etag);
    expect(again.status).toBe(304);
    expect(again.text).toBeFalsy();
    expect(again.headers.etag).toBe(etag);
  });

  it('gives each culture its own ETag, so a culture switch is never answered 304', async () => {
    const { etag } = (await request(testApp.app).get(resourcesUrl('fr'))).headers;
    const german = await request(testApp.app).get(resourcesUrl('de')).set('If-None-Match', etag);
    expect(german.status).toBe(200);
    expect(german.headers.etag).not.toBe(etag);
  });

  it.each(['xx', 'en', 'FR'])('answers 404 JSON for the unknown culture %s', async (culture) => {
    const answer = await request(testApp.app).get(resourcesUrl(culture));
    expect(answer.status).toBe(404);
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    expect(answer.body).toEqual({ Message: resource('fr', 'Core.NotFoundText') });
  });
});

describe('views are translated on the server', () => {
  it('shows the same page with French and German labels', async () => {
    const [french, german] = await Promise.all(
      ['fr', 'de'].map(async (culture) => parseHtml((await request(testApp.app).get(`/${culture}/about`)).text)),
    );
    // The main menu (server/menus): the departments' names, the sections' labels, the pages' titles, in the culture.
    expect(textsOf(french, '#main-navigation .nav-link')).toEqual(['Femme', 'Homme', 'Maison', 'Actualités', 'Réalisations', 'Aide', 'Mon compte', 'Panier']);
    expect(textsOf(german, '#main-navigation .nav-link')).toEqual(['Damen', 'Herren', 'Wohnen', 'Neuigkeiten', 'Projekte', 'Hilfe', 'Mein Konto', 'Warenkorb']);
    expect(textsOf(french, '.search-box button')).toEqual([resource('fr', 'Core.Search')]);
    expect(textsOf(german, '.search-box button')).toEqual([resource('de', 'Core.Search')]);
    expect(attributeOf(german, '#search-q', 'placeholder')).toBe(resource('de', 'Core.SearchPlaceholder'));
    expect(textsOf(german, '.footer-links a')[0]).toBe(resource('de', 'Core.Footer.Legal'));
  });

  it('never leaves a resource key in the page', async () => {
    const page = await request(testApp.app).get('/pt/about');
    expect(page.text).not.toMatch(/\b(Core|Consent|Security|ShoppingCarts|Newsletter)\.[A-Z]\w+/);
  });
});
