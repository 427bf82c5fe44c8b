import { cultures } from '../../../server/config';
import { switchCulturePath } from '../../../widgets/culture/switch-path';

const toGerman = (url: string, basePath = '') => switchCulturePath(url, basePath, 'de', cultures);

describe('switchCulturePath without a base path', () => {
  it.each([
    ['/fr/about', '/de/about'],
    ['/fr/about/team', '/de/about/team'],
    ['/fr/about?x=1&y=2', '/de/about?x=1&y=2'],
    ['/fr/about#team', '/de/about#team'],
    ['/fr/about?x=1#team', '/de/about?x=1#team'],
    ['/fr/', '/de/'],
    ['/fr', '/de/'],
    ['/de/legal', '/de/legal'],
    ['/nl/fr/about', '/de/fr/about'],
  ])('%s -> %s', (url, expected) => {
    expect(toGerman(url)).toBe(expected);
  });

  it.each(['/', '/xx/about', '/en/about', '/france/about', '/about', '/api/v1/x'])(
    '%s (no culture first) goes to the culture home',
    (url) => expect(toGerman(url)).toBe('/de/'),
  );
});

describe('switchCulturePath with a base path', () => {
  it.each([
    ['/shop/fr/about?x=1#team', '/shop/de/about?x=1#team'],
    ['/shop/fr/', '/shop/de/'],
    ['/shop/fr', '/shop/de/'],
    ['/shop/', '/shop/de/'],
    ['/shop', '/shop/de/'],
    ['/shop/xx/about', '/shop/de/'],
  ])('%s -> %s', (url, expected) => {
    expect(toGerman(url, '/shop')).toBe(expected);
  });

  it('adds the base path to an address given without it', () => {
    expect(toGerman('/fr/about?x=1', '/shop')).toBe('/shop/de/about?x=1');
  });
});
