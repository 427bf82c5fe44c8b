import type { Culture } from '../config';
import type { Db } from '../db';
import { addMonths, type CalendarCell, countPerDay, currentMonth, dayKeyOf, monthEnd, monthNames, monthStart, monthWeeks, selectableYears, weekdayNames } from './calendar';
import { listCategories, postDates } from './data';
import { calendarWidgetPath, newsDayPath, newsListWidgetPath, newsPath, type WidgetScope } from './paths';
import { categoryScope, type YearMonth } from './rules';

export interface CalendarDay extends CalendarCell {
  /** Without JS: the day's page; with JS: its newslist fragment (data-news-day). */
  href: string | null;
  widgetUrl: string | null;
}

export interface MonthLink {
  href: string;
  widgetUrl: string;
  month: number;
  year: number;
}

export interface CalendarModel {
  id: string;
  label: string;
  shown: YearMonth;
  weeks: (CalendarDay | null)[][];
  weekdays: { short: string; long: string }[];
  months: { value: number; name: string }[];
  years: number[];
  previous: MonthLink;
  next: MonthLink;
  /** The no-JS month form's action: the news page, which shows the calendar at ?month=&year=. */
  formAction: string;
  /** The fragment's own address with {month} and {year} for the month form's script. */
  widgetUrlTemplate: string;
  total: number;
}

interface CalendarRequest {
  db: Db;
  culture: Culture;
  basePath: string;
  now: number;
  scope: WidgetScope;
  shown: YearMonth;
}

/** The month's grid with the number of visible posts per day; a month without any is still a full grid. */
export async function loadCalendar({ db, culture, basePath, now, scope, shown }: CalendarRequest): Promise<CalendarModel> {
  const categoryIds = categoryScope(await listCategories(db, { culture }), scope.categoryIds, scope.displayChildren);
  const dates = await postDates(db, { culture, now, categoryIds, from: monthStart(shown), until: monthEnd(shown) });
  const counts = countPerDay(dates);
  const names = monthNames(culture);
  const link = (month: YearMonth): MonthLink => ({
    ...month,
    href: `${basePath}${newsPath(culture)}?month=${month.month}&year=${month.year}`,
    widgetUrl: basePath + calendarWidgetPath(culture, scope, month.month, month.year),
  });
  const weeks = monthWeeks(shown, counts, dayKeyOf(now)).map((week) =>
    week.map((cell) => cell && {
      ...cell,
      href: cell.count ? basePath + newsDayPath(culture, cell.key) : null,
      widgetUrl: cell.count ? basePath + newsListWidgetPath(culture, scope, cell.key) : null,
    }),
  );
  const short = weekdayNames(culture, 'short');
  const long = weekdayNames(culture, 'long');
  return {
    id: `news-calendar-${scope.categoryIds ? scope.categoryIds.join('-') : 'all'}`,
    label: `${names[shown.month - 1]} ${shown.year}`,
    shown,
    weeks,
    weekdays: short.map((name, index) => ({ short: name, long: long[index] })),
    months: names.map((name, index) => ({ value: index + 1, name })),
    years: selectableYears(now, shown.year),
    previous: link(addMonths(shown, -1)),
    next: link(addMonths(shown, 1)),
    formAction: basePath + newsPath(culture),
    widgetUrlTemplate: basePath + calendarWidgetPath(culture, scope, 0, 0).replace(/\/0\/0$/, '/{month}/{year}'),
    total: dates.length,
  };
}

export { currentMonth };
