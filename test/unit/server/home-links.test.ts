// The home page's stored links (server/content/home.ts linkHref): below {app} with the visitor's culture,
// absolute http(s) kept, anything else dropped (a slide or partner then renders without its link).
import { linkHref } from '../../../server/content/home';

describe('a home slide\'s or partner\'s stored link', () => {
  it('puts {app} before a path and the culture in its placeholder', () => {
    expect(linkHref('/{culture}/catalog', '', 'nl')).toBe('/nl/catalog');
    expect(linkHref('/{culture}/projects', '/shop', 'de')).toBe('/shop/de/projects');
  });

  it('keeps an absolute http(s) address', () => {
    expect(linkHref('https://example.com/atelier', '/shop', 'fr')).toBe('https://example.com/atelier');
  });

  it.each([null, '', 'javascript:alert(1)', '//evil.example/x', 'data:text/html,hi', 'https://exa mple.com', 'mailto:a@b.c'])('drops %p', (url) => {
    expect(linkHref(url, '', 'fr')).toBeNull();
  });
});
