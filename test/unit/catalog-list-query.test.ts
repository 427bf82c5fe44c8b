import { BadInput } from '../../server/http/errors';
import { parseFilterParam } from '../../server/catalog/filters';
import { defaultListState, listSearch, parseListQuery } from '../../server/catalog/lists-query';

describe('list query parameters', () => {
  it('default to the grid, the catalog order, 24 per page, page 1', () => {
    expect(parseListQuery({})).toEqual(defaultListState());
  });

  it('read display, sort, pageSize, pageindex and filter', () => {
    const state = parseListQuery({ display: 'table', sort: 'price-desc', pageSize: '48', pageindex: '3', filter: '{"Brands":[2]}' });
    expect(state).toMatchObject({ display: 'table', sort: 'price-desc', pageSize: 48, pageIndex: 3 });
    expect(state.filter.Brands).toEqual([2]);
  });

  it('order a search by relevance unless told otherwise', () => {
    expect(parseListQuery({ q: '  linen  ' })).toMatchObject({ q: 'linen', sort: 'relevance' });
    expect(parseListQuery({ q: 'linen', sort: 'name' }).sort).toBe('name');
  });

  it.each([
    [{ sort: 'cheapest' }, 'sort'],
    [{ sort: 'relevance' }, 'sort'],
    [{ display: 'list' }, 'display'],
    [{ pageSize: '13' }, 'pageSize'],
    [{ pageindex: 'two' }, 'pageindex'],
    [{ pageindex: '0' }, 'pageindex'],
    [{ pageindex: '-1' }, 'pageindex'],
    [{ filter: '{bad' }, 'filter'],
    [{ sort: ['name', 'newest'] }, 'sort'],
  ])('refuses %j naming %s', (query, field) => {
    expect(() => parseListQuery(query)).toThrow(BadInput);
    try {
      parseListQuery(query);
    } catch (error) {
      expect(Object.keys((error as BadInput).fields)).toEqual([field]);
    }
  });
});

describe('list addresses', () => {
  const state = { ...defaultListState(), sort: 'name' as const, display: 'table' as const, pageIndex: 3 };

  it('carry only what differs from the defaults, in a fixed order', () => {
    expect(listSearch(defaultListState())).toBe('');
    expect(listSearch(state)).toBe('?sort=name&display=table&pageindex=3');
  });

  it('keep the page when the order or the view changes', () => {
    expect(listSearch(state, { sort: 'newest' })).toBe('?sort=newest&display=table&pageindex=3');
    expect(listSearch(state, { display: 'grid' })).toBe('?sort=name&pageindex=3');
    expect(listSearch(state, { pageIndex: 4 })).toBe('?sort=name&display=table&pageindex=4');
  });

  it('drop pageindex when the page size or the filter changes', () => {
    expect(listSearch(state, { pageSize: 48 })).toBe('?sort=name&display=table&pageSize=48');
    const filter = parseFilterParam('{"Brands":[4]}');
    expect(decodeURIComponent(listSearch(state, { filter }))).toBe('?filter={"Brands":[4]}&sort=name&display=table');
  });

  it('keep the search text and extra parameters', () => {
    expect(listSearch({ ...defaultListState(), q: 'lin bleu', sort: 'relevance' }, {}, { entityName: 'Product' })).toBe('?q=lin+bleu&entityName=Product');
  });
});
