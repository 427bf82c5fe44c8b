import { BadInput, NotFound } from '../../server/http/errors';
import { addMonths, dayKeyOf, dayStart, monthWeeks } from '../../server/news/calendar';
import type { NewsCategory } from '../../server/news/data';
import { askedMonth, categoryScope, MAX_POSTS_PER_PAGE, parseCategoryIds, parseDay, parseDisplayChildren, parsePostPerPage, parseYearMonth } from '../../server/news/rules';

const fieldOf = (action: () => unknown) => {
  try {
    action();
  } catch (error) {
    if (error instanceof BadInput) return Object.keys(error.fields)[0];
    throw error;
  }
  throw new Error('no BadInput');
};

describe('news widget parameters', () => {
  it('reads category ids, 0 for every category, and refuses anything else', () => {
    expect(parseCategoryIds('3,1,3')).toEqual([3, 1]);
    expect(parseCategoryIds('0')).toBeNull();
    for (const bad of ['a', '1,,2', '-1', '01', '1.5', '', Array.from({ length: 21 }, (_, i) => i + 1).join(',')]) {
      expect(fieldOf(() => parseCategoryIds(bad))).toBe('categoryIds');
    }
  });

  it('reads displayChildren and postPerPage (1 to 50)', () => {
    expect(parseDisplayChildren('True')).toBe(true);
    expect(parseDisplayChildren('0')).toBe(false);
    expect(fieldOf(() => parseDisplayChildren('yes'))).toBe('displayChildren');
    expect(parsePostPerPage(String(MAX_POSTS_PER_PAGE))).toBe(50);
    for (const bad of ['0', '51', '10000', '3.5', '-3', '']) expect(fieldOf(() => parsePostPerPage(bad))).toBe('postPerPage');
  });

  it('reads a month and year, and real days only', () => {
    expect(parseYearMonth('02', '2026')).toEqual({ year: 2026, month: 2 });
    expect(fieldOf(() => parseYearMonth('13', '2026'))).toBe('month');
    expect(fieldOf(() => parseYearMonth('0', '2026'))).toBe('month');
    expect(fieldOf(() => parseYearMonth('1', '99999'))).toBe('year');
    expect(parseDay('2028-02-29')).toEqual({ year: 2028, month: 2, day: 29 });
    for (const bad of ['2026-02-30', '2026-02-29', '2026-2-3', '2026-13-01', 'today']) expect(fieldOf(() => parseDay(bad))).toBe('date');
    expect(askedMonth({})).toBeNull();
    expect(askedMonth({ month: '5', year: '2026' })).toEqual({ year: 2026, month: 5 });
    expect(fieldOf(() => askedMonth({ month: '5' }))).toBe('year');
  });

  it('widens the categories to their descendants only when asked, and refuses an unknown one', () => {
    const tree: NewsCategory[] = [
      { id: 1, parentId: null, position: 0, name: 'a', slug: 'a' },
      { id: 2, parentId: 1, position: 1, name: 'b', slug: 'b' },
      { id: 3, parentId: 2, position: 2, name: 'c', slug: 'c' },
      { id: 4, parentId: null, position: 3, name: 'd', slug: 'd' },
    ];
    expect(categoryScope(tree, [1], false)).toEqual([1]);
    expect(categoryScope(tree, [1], true)!.sort()).toEqual([1, 2, 3]);
    expect(categoryScope(tree, null, true)).toBeNull();
    expect(() => categoryScope(tree, [9], false)).toThrow(NotFound);
  });
});

describe('the news calendar in the shop time zone', () => {
  it('starts a day at midnight in Brussels, summer and winter time alike', () => {
    expect(new Date(dayStart({ year: 2026, month: 1, day: 15 })).toISOString()).toBe('2026-01-14T23:00:00.000Z');
    expect(new Date(dayStart({ year: 2026, month: 7, day: 15 })).toISOString()).toBe('2026-07-14T22:00:00.000Z');
    // The day after the switch to summer time starts an hour earlier in UTC.
    expect(new Date(dayStart({ year: 2026, month: 3, day: 30 })).toISOString()).toBe('2026-03-29T22:00:00.000Z');
    expect(dayKeyOf(Date.UTC(2026, 0, 31, 23, 30))).toBe('2026-02-01');
  });

  it('lays a month out in weeks starting on Monday', () => {
    // February 2027 starts on a Monday and has 28 days: exactly four full weeks.
    const february = monthWeeks({ year: 2027, month: 2 }, new Map([['2027-02-10', 2]]), '2027-02-01');
    expect(february).toHaveLength(4);
    expect(february[0][0]).toMatchObject({ day: 1, today: true });
    expect(february[1][2]).toMatchObject({ day: 10, count: 2 });
    const march = monthWeeks({ year: 2026, month: 3 }, new Map(), '');
    expect(march[0].slice(0, 6)).toEqual([null, null, null, null, null, null]);
    expect(march[0][6]).toMatchObject({ day: 1 });
    expect(addMonths({ year: 2026, month: 1 }, -1)).toEqual({ year: 2025, month: 12 });
    expect(addMonths({ year: 2026, month: 12 }, 1)).toEqual({ year: 2027, month: 1 });
  });
});
