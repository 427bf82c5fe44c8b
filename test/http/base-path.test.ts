import request from 'supertest';
import { cultures } from '../../server/config';
import { useTestApp } from '../support/app';
import { attributeOf, attributesOf, parseHtml } from '../support/html';

const testApp = useTestApp({ BASE_PATH: '/shop' });

describe('BASE_PATH=/shop', () => {
  it('redirects /shop/ to the culture under the base path', async () => {
    const answer = await request(testApp.app).get('/shop/').set('Accept-Language', 'de');
    expect(answer.status).toBe(302);
    expect(answer.headers.location).toBe('/shop/de/');
  });

  it('serves pages whose every own link, asset and alternate lives under /shop', async () => {
    const answer = await request(testApp.app).get('/shop/fr/about?x=1').set('Host', 'shop.example');
    expect(answer.status).toBe(200);
    const page = parseHtml(answer.text);
    expect(attributeOf(page, 'html', 'data-base-path')).toBe('/shop');
    const ownLinks = [
      ...attributesOf(page, 'header a, footer a', 'href'),
      ...attributesOf(page, 'form', 'action'),
      ...attributesOf(page, 'script[src]', 'src'),
      ...attributesOf(page, 'link[rel="stylesheet"]', 'href'),
    ].filter((href) => !href!.startsWith('#') && !/^https?:\/\//.test(href!));
    // Links to other sites (the follow-us block's social pages) are absolute and not the shop's own.
    const outside = attributesOf(page, 'footer a[href^="http"]', 'href');
    expect(outside.length).toBeGreaterThan(0);
    expect(outside.every((href) => !new URL(href!).host.endsWith('shop.example'))).toBe(true);
    expect(ownLinks.length).toBeGreaterThan(10);
    expect(ownLinks.filter((href) => !href!.startsWith('/shop/'))).toEqual([]);
    expect(attributesOf(page, 'link[rel="alternate"]', 'href').every((href) => href!.startsWith('http://shop.example/shop/'))).toBe(true);
  });

  it('keeps the base path in the culture switch, in the header and from the widget URL', async () => {
    const expected = cultures.map((culture) => `/shop/${culture}/about?x=1`);
    const page = parseHtml((await request(testApp.app).get('/shop/fr/about?x=1')).text);
    expect(attributesOf(page, 'header [data-culture-widget] a', 'href')).toEqual(expected);
    const widget = await request(testApp.app).get('/shop/de/widget/culture').query({ url: '/shop/fr/about?x=1' });
    expect(widget.status).toBe(200);
    expect(attributesOf(parseHtml(widget.text), 'a', 'href')).toEqual(expected);
  });

  it('answers nothing outside the base path', async () => {
    expect((await request(testApp.app).get('/fr/about')).status).toBe(404);
    expect((await request(testApp.app).get('/')).status).toBe(404);
  });

  it('serves health, localization and the session cookie under the base path', async () => {
    expect((await request(testApp.app).get('/shop/healthz')).body.status).toBe('ok');
    expect((await request(testApp.app).get('/shop/api/v1/localization/fr/stringresources')).status).toBe(200);
    const cookie = (await request(testApp.app).get('/shop/fr/')).headers['set-cookie'][0];
    expect(cookie).toMatch(/;\s*Path=\/shop(;|$)/);
  });
});
