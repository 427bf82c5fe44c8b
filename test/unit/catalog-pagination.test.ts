import { buildPagination, totalPagesOf } from '../../server/shared/paging';

const numbers = (currentPage: number, totalPages: number) =>
  buildPagination({ currentPage, totalPages }).items.map((item) => (item.kind === 'page' ? (item.current ? `[${item.number}]` : String(item.number)) : item.smallOnly ? '(…)' : '…'));

describe('pagination windows (inner 2, outer 0; 0 on small screens)', () => {
  it('is hidden with one page', () => {
    expect(buildPagination({ currentPage: 1, totalPages: 1 })).toMatchObject({ hidden: true, previous: null, next: null });
    expect(totalPagesOf(0, 24)).toBe(1);
    expect(totalPagesOf(24, 24)).toBe(1);
    expect(totalPagesOf(25, 24)).toBe(2);
  });

  it('shows two pages either side of the current one and no pinned edges', () => {
    expect(numbers(10, 20)).toEqual(['…', '8', '9', '[10]', '11', '12', '…']);
    expect(numbers(1, 20)).toEqual(['[1]', '2', '3', '…']);
    expect(numbers(20, 20)).toEqual(['…', '18', '19', '[20]']);
  });

  it('adds the gaps that only the small-screen window needs', () => {
    expect(numbers(2, 4)).toEqual(['(…)', '1', '[2]', '3', '4', '(…)']);
    expect(numbers(3, 5)).toEqual(['(…)', '1', '2', '[3]', '4', '5', '(…)']);
  });

  it('gives each page its distance from the current one (CSS hides all but 0 on small screens)', () => {
    const items = buildPagination({ currentPage: 5, totalPages: 9 }).items.filter((item) => item.kind === 'page');
    expect(items.map((item) => (item.kind === 'page' ? item.distance : -1))).toEqual([2, 1, 0, 1, 2]);
  });

  it('links first, previous, next and last, and clamps a page past the end', () => {
    expect(buildPagination({ currentPage: 5, totalPages: 9 })).toMatchObject({ first: 1, previous: 4, next: 6, last: 9, totalPages: 9, currentPage: 5 });
    expect(buildPagination({ currentPage: 40, totalPages: 9 })).toMatchObject({ currentPage: 9, next: null, last: null });
  });
});
