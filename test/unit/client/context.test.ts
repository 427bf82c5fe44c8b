/** @jest-environment jsdom */
import { csrfToken, isHomepage, pageContext, updatePageClass } from '../../../client/shell/context';

const shop = { basePath: '/shop', culture: 'fr' };
const root = { basePath: '', culture: 'nl' };

describe('isHomepage', () => {
  it.each([
    ['http://localhost/shop/fr', shop],
    ['http://localhost/shop/fr/', shop],
    ['http://localhost/shop/fr#news', shop],
    ['http://localhost/shop/fr/#news', shop],
    ['http://localhost/nl', root],
    ['http://localhost/nl/', root],
  ])('%s is the homepage', (url, context) => {
    expect(isHomepage(new URL(url), context)).toBe(true);
  });

  it.each([
    ['http://localhost/shop/fr/about', shop],
    ['http://localhost/shop/nl/', shop],
    ['http://localhost/fr/', shop],
    ['http://localhost/shop/fr//', shop],
    ['http://localhost/nl/contact#form', root],
  ])('%s is a page', (url, context) => {
    expect(isHomepage(new URL(url), context)).toBe(false);
  });
});

describe('page context', () => {
  afterEach(() => {
    document.documentElement.removeAttribute('data-culture');
    document.documentElement.removeAttribute('data-base-path');
    document.head.innerHTML = '';
  });

  it('reads the application prefix and culture from <html>', () => {
    document.documentElement.dataset.culture = 'de';
    document.documentElement.dataset.basePath = '/app/';
    expect(pageContext()).toEqual({ basePath: '/app', culture: 'de' });
  });

  it('raises an error when the page context is missing', () => {
    expect(() => pageContext()).toThrow(/page context/);
  });

  it('switches the body class between homepage and page', () => {
    document.documentElement.dataset.culture = 'fr';
    document.body.className = 'loaded homepage';
    updatePageClass(new URL('http://localhost/fr/about'));
    expect(document.body.className).toBe('loaded page');
    updatePageClass(new URL('http://localhost/fr/'));
    expect(document.body.className).toBe('loaded homepage');
  });

  it('reads the CSRF token from its meta tag', () => {
    expect(csrfToken()).toBe('');
    document.head.innerHTML = '<meta name="csrf-token" content="token-123">';
    expect(csrfToken()).toBe('token-123');
  });
});
