// The home page under a base path (BASE_PATH=/shop): every link, picture and the preloaded picture of
// its sliders and image map live under /shop, the external partners' sites excepted.
import request from 'supertest';
import { useTestApp } from '../support/app';
import { attributeOf, attributesOf, parseHtml } from '../support/html';

const testApp = useTestApp({ BASE_PATH: '/shop' });

describe('the home page under /shop', () => {
  it('puts /shop before every slide, product, department, hotspot and picture address', async () => {
    const answer = await request(testApp.app).get('/shop/fr/').set('Host', 'shop.example');
    expect(answer.status).toBe(200);
    const html = parseHtml(answer.text);
    const links = attributesOf(html, '.home-page [data-slider] a, .image-map a', 'href').filter((href) => !href!.startsWith('https://example.com/'));
    const pictures = [...attributesOf(html, '.home-page [data-slider] img, .image-map img', 'src'), attributeOf(html, 'link[rel="preload"][as="image"]', 'href')];
    expect(links.length).toBeGreaterThan(30);
    expect(links.filter((href) => !href!.startsWith('/shop/fr/'))).toEqual([]);
    expect(pictures.filter((src) => !src!.startsWith('/shop/assets/'))).toEqual([]);
    expect(attributesOf(html, '.partner-slide a', 'href').every((href) => href!.startsWith('https://example.com/'))).toBe(true);
  });
});
