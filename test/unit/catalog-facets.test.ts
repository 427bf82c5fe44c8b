import { countFacets, PRICE_BANDS } from '../../server/catalog/facets-count';
import { type CatalogFilter, emptyFilter, normaliseFilter } from '../../server/catalog/filters';
import { findProductPage } from '../../server/catalog/lists-engine';
import { type IndexRows, ProductIndex } from '../../server/catalog/lists-index';

/** A small deterministic catalog: 300 products, 3 categories under 1 root, 4 brands, 2 attributes, 2 tags. */
function catalog(): IndexRows {
  let seed = 7;
  const next = (limit: number) => ((seed = (seed * 1103515245 + 12345) % 2147483648) % limit);
  const rows: IndexRows = { products: [], categories: [], values: [], tags: [] };
  for (let id = 1; id <= 300; id++) {
    rows.products.push({ id, brandId: next(5) || null, price: 1000 + next(30000), position: 300 - id, createdAt: next(1000) });
    rows.categories.push({ productId: id, categoryId: 1 }, { productId: id, categoryId: 2 + next(3) });
    for (const valueId of new Set([10 + next(4), 10 + next(4)])) rows.values.push({ productId: id, attributeId: 1, valueId });
    rows.values.push({ productId: id, attributeId: 2, valueId: 20 + next(3) });
    if (next(3) === 0) rows.tags.push({ productId: id, tagId: 30 + next(2) });
  }
  return rows;
}

const rows = catalog();
const index = new ProductIndex(rows);

/** The facet counts computed the slow, obvious way, straight from the rows. */
function oracle(filter: CatalogFilter) {
  const of = (id: number) => ({
    product: rows.products.find((product) => product.id === id)!,
    categories: rows.categories.filter((row) => row.productId === id).map((row) => row.categoryId),
    values: rows.values.filter((row) => row.productId === id),
    tags: rows.tags.filter((row) => row.productId === id).map((row) => row.tagId),
  });
  const passes = (id: number, except: string) => {
    const item = of(id);
    const hit = (wanted: number[], held: number[]) => wanted.length === 0 || wanted.some((value) => held.includes(value));
    const [min, max] = (filter.Price ?? '-').split('-').map((end) => (end === '' ? null : Number(end)));
    return (
      (except === 'Categories' || hit(filter.Categories, item.categories)) &&
      (except === 'Brands' || hit(filter.Brands, [item.product.brandId ?? 0])) &&
      (except === 'Tags' || hit(filter.Tags, item.tags)) &&
      Object.entries(filter.ProductAttributes).every(([attribute, wanted]) => except === `ProductAttributes.${attribute}` || hit(wanted, item.values.filter((row) => row.attributeId === Number(attribute)).map((row) => row.valueId))) &&
      (except === 'Price' || ((min === null || item.product.price >= min) && (max === null || item.product.price < max)))
    );
  };
  const count = (except: string, held: (id: number) => number[]) => {
    const counts = new Map<number, number>();
    for (const { id } of rows.products) if (passes(id, except)) for (const value of held(id)) counts.set(value, (counts.get(value) ?? 0) + 1);
    return counts;
  };
  return {
    categories: new Map([...count('Categories', (id) => of(id).categories)].filter(([id]) => [2, 3, 4].includes(id))),
    brands: count('Brands', (id) => (of(id).product.brandId ? [of(id).product.brandId!] : [])),
    tags: count('Tags', (id) => of(id).tags),
    colour: count('ProductAttributes.1', (id) => of(id).values.filter((row) => row.attributeId === 1).map((row) => row.valueId)),
    matching: rows.products.filter(({ id }) => passes(id, '')).map(({ id }) => id),
  };
}

const sorted = (counts: Map<number, number>) => [...counts].sort((a, b) => a[0] - b[0]);

describe('facet counts over the in-memory index', () => {
  it.each([
    ['no filter', {}],
    ['one brand', { Brands: [2] }],
    ['brands and a colour', { Brands: [1, 3], ProductAttributes: { '1': [11] } }],
    ['a category, a size, a tag and a price band', { Categories: [3], ProductAttributes: { '2': [21] }, Tags: [30], Price: '5000-20000' }],
  ])('count each group under every OTHER filter (%s), like a brute-force count', (_case, raw) => {
    const filter = normaliseFilter(raw as Partial<CatalogFilter>);
    const counts = countFacets(index, { scope: { kind: 'category', categoryId: 1 }, filter, categoryIds: [2, 3, 4], attributeIds: [1, 2] });
    const expected = oracle(filter);
    expect(sorted(counts.categories)).toEqual(sorted(expected.categories));
    expect(sorted(counts.brands)).toEqual(sorted(expected.brands));
    expect(sorted(counts.tags)).toEqual(sorted(expected.tags));
    expect(sorted(counts.attributes.get(1)!)).toEqual(sorted(expected.colour));
    expect([...counts.prices.keys()]).toEqual([...PRICE_BANDS]);
    const page = findProductPage(index, { scope: { kind: 'all' }, filter, sort: 'position', pageIndex: 1, pageSize: 1000 });
    expect(page.total).toBe(expected.matching.length);
    expect([...page.productIds].sort((a, b) => a - b)).toEqual(expected.matching);
  });
});

describe('list pages over the in-memory index', () => {
  const page = (sort: 'position' | 'price-asc' | 'price-desc' | 'newest', pageIndex = 1) =>
    findProductPage(index, { scope: { kind: 'brand', brandId: 2 }, filter: emptyFilter(), sort, pageIndex, pageSize: 10 });
  const price = (id: number) => rows.products.find((product) => product.id === id)!.price;

  it('orders by the catalog position, price or date, across pages', () => {
    const first = page('position');
    expect(first.productIds).toHaveLength(10);
    const all = [1, 2, 3, 4, 5, 6, 7].flatMap((pageIndex) => page('price-asc', pageIndex).productIds);
    expect(all).toHaveLength(first.total);
    expect(all.map(price)).toEqual(all.map(price).sort((a, b) => a - b));
    expect(page('price-desc').productIds.map(price)).toEqual(page('price-desc').productIds.map(price).sort((a, b) => b - a));
    expect(first.productIds).toEqual([...first.productIds].sort((a, b) => b - a));
  });

  it('keeps a search’s relevance order and leaves out what the index does not hold', () => {
    const result = findProductPage(index, { scope: { kind: 'search', productIds: [42, 7, 999, 100] }, filter: emptyFilter(), sort: 'relevance', pageIndex: 1, pageSize: 10 });
    expect(result).toEqual({ productIds: [42, 7, 100], total: 3 });
  });

  it('answers an empty page past the end, with the total', () => {
    const result = page('position', 99);
    expect(result.productIds).toEqual([]);
    expect(result.total).toBe(page('position').total);
  });
});
