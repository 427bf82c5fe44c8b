import { safeReturnUrl } from '../../../server/http/forms';
import { postedText } from '../../../server/forms/posted';

describe('safeReturnUrl', () => {
  it.each(['/fr/about', '/shop/de/legal?x=1#top', '/'])('keeps the on-site path %s', (path) => {
    expect(safeReturnUrl(path, '/fr/')).toBe(path);
  });

  it.each([
    'https://evil.example/',
    '//evil.example/',
    '/\\evil.example',
    '/\\/evil.example',
    'javascript:alert(1)',
    '',
    undefined,
    ['/fr/'],
    // What browsers normalise into //evil.example: tabs and newlines are dropped, backslashes are slashes.
    '/\t/evil.example',
    '/\n/evil.example',
    '/\r/evil.example',
    '\t//evil.example',
    '/%09/evil.example',
    '/%2F/evil.example',
    '/%2fevil.example',
    '/%5C/evil.example',
    '/%5cevil.example',
    // Dot segments that leave a // at the start once resolved.
    '/.//evil.example',
    '/fr/..//evil.example',
    '/x/../../\\evil.example',
    '/\u0000/evil.example',
    '/\u007f/evil.example',
    'http:/evil.example',
    'data:text/html,<script>alert(1)</script>',
    ' //evil.example',
  ])('falls back for %p', (value) => {
    expect(safeReturnUrl(value, '/fr/')).toBe('/fr/');
  });

  it('keeps only paths under the base path', () => {
    expect(safeReturnUrl('/shop/fr/about', '/shop/fr/', '/shop')).toBe('/shop/fr/about');
    expect(safeReturnUrl('/shop', '/shop/fr/', '/shop')).toBe('/shop');
    expect(safeReturnUrl('/shopping/fr/', '/shop/fr/', '/shop')).toBe('/shop/fr/');
    expect(safeReturnUrl('/fr/about', '/shop/fr/', '/shop')).toBe('/shop/fr/');
    expect(safeReturnUrl('/shop/../admin', '/shop/fr/', '/shop')).toBe('/shop/fr/');
  });

  it('answers a normalised, encoded path that any header can carry', () => {
    expect(safeReturnUrl('/fr/catalog/été?q=жар#à', '/fr/')).toBe('/fr/catalog/%C3%A9t%C3%A9?q=%D0%B6%D0%B0%D1%80#%C3%A0');
    expect(safeReturnUrl('/fr/./a/../about', '/fr/')).toBe('/fr/about');
    expect(safeReturnUrl('/fr/a b', '/fr/')).toBe('/fr/a%20b');
    for (const value of ['/fr/😀', '/fr/\u2028', '/fr/?x=\uD800']) expect(safeReturnUrl(value, '/fr/')).toMatch(/^[\x21-\x7e]+$/);
  });
});

describe('postedText', () => {
  it('reads a single value as text', () => {
    expect(postedText('a@example.com')).toEqual({ text: 'a@example.com', repeated: false });
    expect(postedText(12)).toEqual({ text: '12', repeated: false });
    expect(postedText(undefined)).toEqual({ text: '', repeated: false });
  });

  it('marks a field posted twice or as a structure, and gives its first value', () => {
    expect(postedText(['victim@example.com', 'victim@example.com'])).toEqual({ text: 'victim@example.com', repeated: true });
    expect(postedText(['a'])).toEqual({ text: 'a', repeated: true });
    expect(postedText({ x: 'a' })).toEqual({ text: '', repeated: true });
  });
});
