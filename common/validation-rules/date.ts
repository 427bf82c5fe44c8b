// Dates and times as visitors type them: the culture's short date format (from Intl), 24-hour time.
import type { Rule } from './types';

/**
 * The culture's numeric short date as a pattern of dd, mm, yyyy and its separator, read from Intl:
 * fr, es, it, pt dd/mm/yyyy; nl dd-mm-yyyy; de dd.mm.yyyy.
 */
export function shortDateFormat(culture: string): string {
  const parts = new Intl.DateTimeFormat(culture, { day: '2-digit', month: '2-digit', year: 'numeric' }).formatToParts(
    new Date(Date.UTC(2001, 10, 22)),
  );
  const tokens: Record<string, string> = { day: 'dd', month: 'mm', year: 'yyyy' };
  return parts.map((part) => tokens[part.type] ?? (part.type === 'literal' ? part.value.trim() || ' ' : '')).join('');
}

/** A date typed in the given format (one or two digits for day and month) as yyyy-mm-dd, or null. */
export function parseDate(value: string, format: string): string | null {
  const order = format.match(/dd|mm|yyyy/g) ?? [];
  const separator = format.replace(/dd|mm|yyyy/g, '').charAt(0);
  const pieces = value.trim().split(separator);
  if (order.length !== 3 || pieces.length !== 3) return null;
  const field = (token: string) => pieces[order.indexOf(token)] ?? '';
  const [day, month, year] = [field('dd'), field('mm'), field('yyyy')];
  if (!/^\d{1,2}$/.test(day) || !/^\d{1,2}$/.test(month) || !/^\d{4}$/.test(year)) return null;
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  if (date.getUTCDate() !== Number(day) || date.getUTCMonth() !== Number(month) - 1) return null;
  return `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
}

export const date: Rule = {
  name: 'date',
  specificationText: 'Please enter a valid date.',
  key: 'Validation.Date',
  params: ['format'],
  test: ({ value }, { format }) => parseDate(value, format ?? 'dd/mm/yyyy') !== null,
};

export const time: Rule = {
  name: 'time',
  specificationText: 'Please enter a valid time, between 00:00 and 23:59.',
  key: 'Validation.Time',
  params: [],
  test: ({ value }) => /^([01]\d|2[0-3]|\d)(:[0-5]\d){1,2}$/.test(value.trim()),
};
