import { productsOption } from '../../server/db/cli';
import { Random, SlugRegistry, slugify } from '../../server/db/seed/catalog-random';
import { productTypes } from '../../server/db/seed/catalog-types';
import { categoryTree } from '../../server/db/seed/catalog-tree';
import { materials } from '../../server/db/seed/catalog-vocabulary';

describe('Random', () => {
  it('repeats its sequence for a seed and differs between seeds', () => {
    const draw = (seed: number) => Array.from({ length: 5 }, ((random) => () => random.next())(new Random(seed)));
    expect(draw(42)).toEqual(draw(42));
    expect(draw(42)).not.toEqual(draw(43));
  });

  it('draws integers within bounds, both ends included, and samples distinct items in order', () => {
    const random = new Random(7);
    const seen = new Set(Array.from({ length: 500 }, () => random.int(1, 3)));
    expect([...seen].sort()).toEqual([1, 2, 3]);
    const sample = random.sample(['a', 'b', 'c', 'd', 'e'], 3);
    expect(new Set(sample).size).toBe(3);
    expect([...sample].sort()).toEqual(sample);
    expect(random.sample(['a'], 4)).toEqual(['a']);
  });
});

describe('slugs', () => {
  it.each([
    ['Chemise en lin Riviera', 'chemise-en-lin-riviera'],
    ['Écharpes et foulards', 'echarpes-et-foulards'],
    ['Hose aus Baumwolle Größe', 'hose-aus-baumwolle-grosse'],
    ["T-shirts en polo's", 't-shirts-en-polo-s'],
    ['  Olijf & Zout  ', 'olijf-zout'],
  ])('%s -> %s', (text, slug) => expect(slugify(text)).toBe(slug));

  it('hands out a slug once per culture: a taken one gets the fallback, then a number', () => {
    const slugs = new SlugRegistry();
    expect(slugs.claim('fr', 'pantalons')).toBe('pantalons');
    expect(slugs.claim('nl', 'pantalons')).toBe('pantalons');
    expect(slugs.claim('fr', 'pantalons', 'homme')).toBe('pantalons-homme');
    expect(slugs.claim('fr', 'pantalons', 'homme')).toBe('pantalons-2');
  });
});

describe('catalog word lists', () => {
  it('sell every product type in some leaf and name only known materials', () => {
    const leaves = (nodes: typeof categoryTree): string[] => nodes.flatMap((node) => [...(node.types ?? []), ...leaves(node.children ?? [])]);
    expect(new Set(leaves(categoryTree))).toEqual(new Set(Object.keys(productTypes)));
    const known = new Set(materials.map((material) => material.code));
    for (const type of Object.values(productTypes)) expect(type.materials.filter((code) => !known.has(code))).toEqual([]);
  });
});

describe('db:seed --products', () => {
  it('reads the count in either spelling and refuses anything but a whole number from 1 to a million', () => {
    expect(productsOption([])).toBeUndefined();
    expect(productsOption(['--products', '100000'])).toBe(100000);
    expect(productsOption(['--products=250'])).toBe(250);
    for (const bad of [['--products'], ['--products', 'many'], ['--products', '0'], ['--products', '2000000'], ['--products=1e5']]) {
      expect(() => productsOption(bad)).toThrow(/--products/);
    }
  });
});
