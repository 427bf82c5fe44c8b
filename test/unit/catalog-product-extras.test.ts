import { remaining } from '../../common/countdown';
import { productJsonLd, scriptSafeJson } from '../../server/catalog/product-jsonld';
import { productEntries, sitemapIndex } from '../../server/catalog/sitemap';
import type { VariantRecord } from '../../server/catalog/variants-data';

describe('countdown', () => {
  it('splits the time left into days, hours, minutes and seconds', () => {
    const now = 1_000_000;
    expect(remaining(now + ((2 * 24 + 3) * 3600 + 4 * 60 + 5) * 1000, now)).toEqual({ days: 2, hours: 3, minutes: 4, seconds: 5, passed: false });
  });

  it('has passed at the end', () => {
    expect(remaining(1000, 1000)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0, passed: true });
  });
});

describe('product JSON-LD', () => {
  const variant = (id: number, stockState: VariantRecord['stockState'], isActive = true) =>
    ({ id, sku: `S${id}`, priceInclCents: 4995, currency: 'EUR', stockState, isActive }) as VariantRecord;

  it('has one offer per active variant with price, currency and availability', () => {
    const data = productJsonLd({
      name: 'Shirt',
      description: 'Linen',
      url: 'https://shop.example/fr/catalog/product/1/shirt',
      images: [],
      brand: 'Brand',
      sku: 'S1',
      variants: [variant(1, 'InStock'), variant(2, 'OnOrder'), variant(3, 'OutOfStock'), variant(4, 'InStock', false)],
      availableUntil: null,
    });
    expect(data['@type']).toBe('Product');
    expect(data.offers).toEqual([
      expect.objectContaining({ '@type': 'Offer', price: '49.95', priceCurrency: 'EUR', availability: 'https://schema.org/InStock' }),
      expect.objectContaining({ availability: 'https://schema.org/BackOrder' }),
      expect.objectContaining({ availability: 'https://schema.org/OutOfStock' }),
    ]);
  });

  it('cannot close its script element', () => {
    const text = scriptSafeJson({ name: '</script><script>alert(1)</script>' });
    expect(text).not.toContain('</script>');
    expect(JSON.parse(text)).toEqual({ name: '</script><script>alert(1)</script>' });
  });
});

describe('products sitemap', () => {
  it('lists a product once per culture with every culture as alternate', () => {
    const slugs = new Map([
      ['fr', 'chemise'],
      ['nl', 'hemd'],
    ]);
    const xml = productEntries({ id: 7, slugs }, 'https://shop.example/app');
    const entries = xml.trim().split('\n');
    expect(entries).toHaveLength(2);
    expect(entries[0]).toContain('<loc>https://shop.example/app/fr/catalog/product/7/chemise</loc>');
    expect(entries[1]).toContain('<loc>https://shop.example/app/nl/catalog/product/7/hemd</loc>');
    expect(entries[1]).toContain('<xhtml:link rel="alternate" hreflang="fr" href="https://shop.example/app/fr/catalog/product/7/chemise"/>');
  });

  it('escapes the index addresses', () => {
    expect(sitemapIndex('https://x.example/a&b', 2)).toContain('<loc>https://x.example/a&amp;b/sitemap-products-2.xml</loc>');
  });
});
