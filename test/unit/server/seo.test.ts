import { plainText } from '../../../server/seo/head';
import { robotsTxt } from '../../../server/seo/robots';
import { alternateEntries } from '../../../server/seo/sitemaps';
import { themeColor } from '../../../server/seo/theme';

describe('meta description text', () => {
  it('drops tags and collapses white space', () => {
    expect(plainText('<p>Une robe&nbsp;en <strong>lin</strong>\n lavé.</p>')).toBe('Une robe en lin lavé.');
  });

  it('cuts a long text on a word, within 160 characters, with an ellipsis', () => {
    const text = plainText(`${'mot '.repeat(60)}fin`);
    expect(text.length).toBeLessThanOrEqual(160);
    expect(text.endsWith('mot…')).toBe(true);
  });
});

describe('robots.txt', () => {
  it('puts every rule and the sitemap under the base path', () => {
    const lines = robotsTxt({ basePath: '/shop', siteUrl: 'https://shop.example/shop' }).split('\n');
    expect(lines).toContain('Sitemap: https://shop.example/shop/sitemap.xml');
    expect(lines).toContain('Disallow: /shop/*/checkout/');
    expect(lines).toContain('Disallow: /shop/api/');
    expect(lines.filter((line) => line.startsWith('Disallow: ') && !line.startsWith('Disallow: /shop/'))).toEqual([]);
  });
});

describe('sitemap entries', () => {
  it('gives one <url> per culture, each naming every culture (itself included), escaped', () => {
    const xml = alternateEntries(new Map([['fr', '/fr/a&b'], ['de', '/de/c']]), 'https://shop.example');
    const urls = xml.trim().split('\n');
    expect(urls).toHaveLength(2);
    for (const url of urls) {
      expect(url).toContain('<xhtml:link rel="alternate" hreflang="fr" href="https://shop.example/fr/a&amp;b"/>');
      expect(url).toContain('<xhtml:link rel="alternate" hreflang="de" href="https://shop.example/de/c"/>');
    }
    expect(urls[0]).toMatch(/^<url><loc>https:\/\/shop\.example\/fr\/a&amp;b<\/loc>/);
  });
});

describe('theme colour', () => {
  it('is the design tokens accent', () => {
    expect(themeColor).toMatch(/^#[0-9a-f]{3,8}$/i);
  });
});
