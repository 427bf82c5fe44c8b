import { type IndexedProduct, SearchIndex, normaliseText, similarity } from '../../server/catalog/search-index';

const names = ['Chemise en lin bleue', 'Chemise en coton blanche', 'Pantalon en lin', 'Chaussures de ville', 'Écharpe en laine', 'Chapeau de paille'];
const products: IndexedProduct[] = names.map((name, index) => ({ id: index + 1, name, slug: `p-${index + 1}`, position: index, photo: null }));
const index = new SearchIndex(products);
const search = (text: string, accuracy = 0.3, limit = 10) => index.search(text, { accuracy, limit }).map((product) => product.name);

describe('typo-tolerant product search', () => {
  it('normalises case, accents and punctuation', () => {
    expect(normaliseText('  Écharpe-en LAINE! ')).toBe('echarpe en laine');
  });

  it("measures similarity like pg_trgm", () => {
    expect(similarity('chemise', 'chemise')).toBe(1);
    expect(similarity('chemsie', 'chemise')).toBeCloseTo(4 / 12);
    expect(similarity('abc', 'xyz')).toBe(0);
  });

  it('finds exact words and words being typed', () => {
    expect(search('chemise')).toEqual(['Chemise en lin bleue', 'Chemise en coton blanche']);
    expect(search('chem')).toEqual(['Chemise en lin bleue', 'Chemise en coton blanche']);
    expect(search('echarpe')).toEqual(['Écharpe en laine']);
  });

  it('tolerates typos at the given accuracy', () => {
    expect(search('chemsie')).toEqual(['Chemise en lin bleue', 'Chemise en coton blanche']);
    expect(search('pantalone')).toEqual(['Pantalon en lin']);
    expect(search('chemsie', 0.5)).toEqual([]);
  });

  it('needs every typed word and ranks the closer match first', () => {
    expect(search('chemise lin')).toEqual(['Chemise en lin bleue']);
    expect(search('lin')[0]).toBe('Chemise en lin bleue');
    expect(search('lin chemise coton')).toEqual([]);
  });

  it('answers at most the asked number, and nothing for an empty text', () => {
    expect(search('en', 0.3, 2)).toHaveLength(2);
    expect(search('  ', 0.3)).toEqual([]);
    expect(search('zzzz')).toEqual([]);
  });

  // Its speed is a figure of `npm run bench` (suggestions p50), not a timed test that flakes on a busy machine.
  it('answers on 100,000 products, typos included', () => {
    const words = ['chemise', 'pantalon', 'robe', 'veste', 'pull', 'jupe', 'manteau', 'chapeau', 'sac', 'ceinture'];
    const colours = ['bleu', 'rouge', 'vert', 'noir', 'blanc', 'gris', 'beige', 'rose'];
    const materials = ['lin', 'coton', 'laine', 'soie', 'cuir', 'denim'];
    const many: IndexedProduct[] = Array.from({ length: 100_000 }, (_, n) => ({
      id: n + 1,
      name: `${words[n % 10]} en ${materials[(n >> 3) % 6]} ${colours[(n >> 5) % 8]} modèle ${n % 997}`,
      slug: `p${n}`,
      position: n,
      photo: null,
    }));
    const big = new SearchIndex(many);
    const runs = ['chem', 'chemsie lin', 'pantalon bleu', 'ro', 'manteau laine noir', 'jupe'];
    for (const text of runs) expect(big.search(text, { accuracy: 0.3, limit: 5 }).length).toBeGreaterThan(0);
    expect(big.search('pantalon bleu', { accuracy: 0.3, limit: 5 }).every((hit) => /pantalon .* bleu/.test(hit.name))).toBe(true);
  });
});
