import { SHOP_TIME_ZONE } from '../shared/time-zone';
import { type Day, FIRST_YEAR, LAST_YEAR, type YearMonth } from './rules';

// The calendar counts posts per day of the shop's time zone (server/shared/time-zone.ts), so a post
// dated late in the evening is on the same day for every visitor and every server.

const dayParts = new Intl.DateTimeFormat('en-CA', { timeZone: SHOP_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });
const clockParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: SHOP_TIME_ZONE, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit',
});

/** "yyyy-mm-dd" of an instant in the shop's time zone. */
export function dayKeyOf(epoch: number): string {
  return dayParts.format(new Date(epoch));
}

export function dayKey({ year, month, day }: Day): string {
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The shop zone's offset from UTC at an instant, in ms. */
function offsetAt(epoch: number): number {
  const parts = Object.fromEntries(clockParts.formatToParts(new Date(epoch)).map((part) => [part.type, Number(part.value)]));
  return Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second) - Math.floor(epoch / 1000) * 1000;
}

/** The instant a day starts in the shop's time zone (day may overflow: the 32nd is the next month's 1st). */
export function dayStart({ year, month, day }: Day): number {
  const guess = Date.UTC(year, month - 1, day);
  const first = guess - offsetAt(guess);
  return guess - offsetAt(first);
}

export const monthStart = ({ year, month }: YearMonth) => dayStart({ year, month, day: 1 });
export const monthEnd = ({ year, month }: YearMonth) => dayStart({ year, month: month + 1, day: 1 });

export function addMonths({ year, month }: YearMonth, count: number): YearMonth {
  const index = year * 12 + (month - 1) + count;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

export function currentMonth(now: number): YearMonth {
  const [year, month] = dayKeyOf(now).split('-').map(Number);
  return { year, month };
}

export interface CalendarCell {
  day: number;
  key: string;
  count: number;
  today: boolean;
}

/** The month's weeks, Monday first; null fills the days before the 1st and after the last. */
export function monthWeeks(shown: YearMonth, counts: Map<string, number>, today: string): (CalendarCell | null)[][] {
  const days = new Date(Date.UTC(shown.year, shown.month, 0)).getUTCDate();
  const lead = (new Date(Date.UTC(shown.year, shown.month - 1, 1)).getUTCDay() + 6) % 7;
  const cells: (CalendarCell | null)[] = Array.from({ length: lead }, () => null);
  for (let day = 1; day <= days; day++) {
    const key = dayKey({ ...shown, day });
    cells.push({ day, key, count: counts.get(key) ?? 0, today: key === today });
  }
  while (cells.length % 7) cells.push(null);
  return Array.from({ length: cells.length / 7 }, (_, week) => cells.slice(week * 7, week * 7 + 7));
}

export function countPerDay(dates: number[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const date of dates) counts.set(dayKeyOf(date), (counts.get(dayKeyOf(date)) ?? 0) + 1);
  return counts;
}

/** The years the selector offers: five back from this year to next year, and the shown one. */
export function selectableYears(now: number, shown: number): number[] {
  const thisYear = currentMonth(now).year;
  const years = new Set<number>();
  for (let year = Math.max(FIRST_YEAR, thisYear - 5); year <= Math.min(LAST_YEAR, thisYear + 1); year++) years.add(year);
  years.add(shown);
  return [...years].sort((a, b) => a - b);
}

/** Localised month and weekday names (Intl, in the culture). */
export function monthNames(culture: string): string[] {
  const format = new Intl.DateTimeFormat(culture, { month: 'long', timeZone: 'UTC' });
  return Array.from({ length: 12 }, (_, index) => format.format(new Date(Date.UTC(2024, index, 1))));
}

export function weekdayNames(culture: string, style: 'short' | 'long'): string[] {
  const format = new Intl.DateTimeFormat(culture, { weekday: style, timeZone: 'UTC' });
  // 2024-01-01 was a Monday.
  return Array.from({ length: 7 }, (_, index) => format.format(new Date(Date.UTC(2024, 0, 1 + index))));
}
