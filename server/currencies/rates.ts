import type { Request } from 'express';
import { parse as parseCookies } from 'cookie';
import type { Db } from '../db/index';
import { currencyRows } from './data';

/**
 * Currency rates: units of a currency per 1 EUR × 1,000,000 (integers), by code. Every currency the
 * database knows is here (an inactive one still converts an old cart); `active` lists the ones offered.
 */
export interface Rates {
  readonly ppm: Readonly<Record<string, number>>;
  /** Offered to visitors, in the widget's order. */
  readonly active: readonly string[];
}

export const baseCurrency = 'EUR';
export const currencyCookieName = 'currency';
const currencyCode = /^[A-Z]{3}$/;

export class UnknownCurrency extends Error {
  constructor(readonly code: string) {
    super(`Unknown currency: ${code}`);
    this.name = 'UnknownCurrency';
  }
}

/**
 * `cents` of `from` in `to`, rounded half up (towards +∞ on a tie) with integer arithmetic only:
 * cents × ppm(to) / ppm(from). Throws UnknownCurrency for a code the rates do not hold.
 */
export function convertCents(cents: number, from: string, to: string, rates: Rates): number {
  if (!Number.isInteger(cents)) throw new TypeError(`Cents must be an integer: ${cents}`);
  if (from === to) return cents;
  const fromPpm = rates.ppm[from];
  const toPpm = rates.ppm[to];
  if (!fromPpm) throw new UnknownCurrency(from);
  if (!toPpm) throw new UnknownCurrency(to);
  const numerator = BigInt(cents) * BigInt(toPpm) * 2n + BigInt(fromPpm);
  const denominator = BigInt(fromPpm) * 2n;
  // floor(n / d) for d > 0: BigInt division truncates towards zero.
  let quotient = numerator / denominator;
  if (numerator % denominator !== 0n && numerator < 0n) quotient -= 1n;
  return Number(quotient);
}

const cached = new WeakMap<Db, Promise<Rates>>();

/** The rates, read once per database until `clearRates` (called whenever a currency row changes). */
export function loadRates(db: Db): Promise<Rates> {
  let rates = cached.get(db);
  if (!rates) {
    rates = readRates(db);
    cached.set(db, rates);
    rates.catch(() => cached.delete(db));
  }
  return rates;
}

export function clearRates(db: Db): void {
  cached.delete(db);
}

async function readRates(db: Db): Promise<Rates> {
  const rows = await currencyRows(db);
  const ppm: Record<string, number> = {};
  const active: string[] = [];
  for (const row of rows) {
    ppm[row.code] = Number(row.rate_ppm);
    if (Number(row.is_active) === 1) active.push(row.code);
  }
  if (!ppm[baseCurrency]) ppm[baseCurrency] = 1_000_000;
  return { ppm: Object.freeze(ppm), active: Object.freeze(active) };
}

/**
 * The visitor's chosen currency: the `currency` cookie, else EUR. Only the shape is checked here (no
 * database at hand); a code the rates do not hold falls back at conversion through `knownCurrency`.
 */
export function visitorCurrency(req: Request): string {
  const value = parseCookies(req.get('Cookie') ?? '')[currencyCookieName];
  return value && currencyCode.test(value) ? value : baseCurrency;
}

/** `code` when the rates offer it, else EUR (a stale cookie after a currency was withdrawn). */
export function knownCurrency(code: string, rates: Rates): string {
  return rates.active.includes(code) ? code : baseCurrency;
}
