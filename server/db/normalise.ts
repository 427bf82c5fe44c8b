/**
 * The one place that evens out what better-sqlite3 and pg return differently:
 * pg gives bigint and numeric columns (counts, sums) as strings and timestamps as Date objects;
 * better-sqlite3 gives numbers and whatever text was stored.
 */
export function toNumber(value: string | number | bigint | null | undefined): number {
  if (value === null || value === undefined) return 0;
  const number = Number(value);
  if (!Number.isFinite(number)) throw new TypeError(`Not a number from the database: ${String(value)}`);
  return number;
}

export function toDate(value: string | number | bigint | Date): Date {
  if (value instanceof Date) return value;
  if (typeof value === 'string' && /^\d+$/.test(value)) return new Date(Number(value));
  return new Date(typeof value === 'bigint' ? Number(value) : value);
}

/** A boolean kept as 0/1 in SQLite and as 0/1 integers in PostgreSQL, so one schema fits both. */
export function toBoolean(value: number | string | boolean | null | undefined): boolean {
  return value === true || value === 1 || value === '1';
}
