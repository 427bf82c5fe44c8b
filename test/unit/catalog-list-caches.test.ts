import { TtlCache, clearCatalogCaches, refreshingValue } from '../../server/catalog/lists-cache';
import { summarise } from '../../server/catalog/quick-view';

describe('the catalog caches', () => {
  afterEach(() => jest.useRealTimers());

  it('share one load between concurrent misses and keep the value for its time to live', async () => {
    jest.useFakeTimers({ now: 1_000 });
    const cache = new TtlCache<number>(30_000, 10);
    let loads = 0;
    const load = async () => ++loads;
    expect(await Promise.all([cache.get('a', load), cache.get('a', load)])).toEqual([1, 1]);
    jest.setSystemTime(20_000);
    expect(await cache.get('a', load)).toBe(1);
    jest.setSystemTime(40_000);
    expect(await cache.get('a', load)).toBe(2);
  });

  it('forget a failed load and the oldest entries past the limit', async () => {
    const cache = new TtlCache<string>(30_000, 2);
    await expect(cache.get('x', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('x', async () => 'up')).toBe('up');
    await cache.get('y', async () => 'y');
    await cache.get('z', async () => 'z');
    expect(await cache.get('x', async () => 'again')).toBe('again');
  });

  it('rebuild an index in the background once stale, answering the old one meanwhile, and drop it on clear', async () => {
    jest.useFakeTimers({ now: 0 });
    const db = {};
    let builds = 0;
    const build = async () => ++builds;
    expect(await refreshingValue(db, 'index', 1_000, build)).toBe(1);
    jest.setSystemTime(2_000);
    expect(await refreshingValue(db, 'index', 1_000, build)).toBe(1);
    await Promise.resolve();
    expect(await refreshingValue(db, 'index', 1_000, build)).toBe(2);
    clearCatalogCaches(db);
    expect(await refreshingValue(db, 'index', 1_000, build)).toBe(3);
  });
});

describe('the quick view summary', () => {
  it('keeps a short description whole and cuts a long one at a sentence or a word', () => {
    expect(summarise('  Une chemise  légère. ')).toBe('Une chemise légère.');
    const sentences = `${'Une phrase assez longue pour compter. '.repeat(4)}La fin.`;
    expect(summarise(sentences, 100)).toBe('Une phrase assez longue pour compter. Une phrase assez longue pour compter.');
    expect(summarise('mot '.repeat(60), 30)).toBe('mot mot mot mot mot mot mot…');
  });
});
