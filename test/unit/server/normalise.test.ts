import { toBoolean, toDate, toNumber } from '../../../server/db/normalise';

describe('toNumber', () => {
  it.each([
    ['a pg bigint string', '42', 42],
    ['a bigint', 42n, 42],
    ['a number', 42, 42],
    ['a pg numeric string', '12.50', 12.5],
    ['null (an empty sum)', null, 0],
    ['undefined', undefined, 0],
  ])('reads %s', (_name, value, expected) => {
    expect(toNumber(value)).toBe(expected);
  });

  it('refuses what is not a number', () => {
    expect(() => toNumber('abc')).toThrow(TypeError);
  });
});

describe('toDate', () => {
  const moment = new Date('2026-11-21T10:30:00.000Z');

  it.each([
    ['a Date (pg timestamp)', moment],
    ['epoch milliseconds as a string (pg bigint)', String(moment.getTime())],
    ['epoch milliseconds as a number (SQLite)', moment.getTime()],
    ['epoch milliseconds as a bigint', BigInt(moment.getTime())],
    ['an ISO string', '2026-11-21T10:30:00.000Z'],
  ])('reads %s', (_name, value) => {
    expect(toDate(value).toISOString()).toBe(moment.toISOString());
  });
});

describe('toBoolean', () => {
  it.each([true, 1, '1'])('reads %p as true', (value) => expect(toBoolean(value)).toBe(true));
  it.each([false, 0, '0', null, undefined])('reads %p as false', (value) => expect(toBoolean(value)).toBe(false));
});
