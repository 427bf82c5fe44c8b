import { safeReturnUrl } from '../../../server/http/forms';

describe('safeReturnUrl', () => {
  it.each(['/fr/about', '/shop/de/legal?x=1#top', '/'])('keeps the on-site path %s', (path) => {
    expect(safeReturnUrl(path, '/fr/')).toBe(path);
  });

  it.each(['https://evil.example/', '//evil.example/', '/\\evil.example', 'javascript:alert(1)', '', undefined, ['/fr/']])(
    'falls back for %p',
    (value) => {
      expect(safeReturnUrl(value, '/fr/')).toBe('/fr/');
    },
  );
});
