// Prices as the back office's product editor takes them: typed as a decimal in the culture ("12,50" or
// "12.50"), kept as integer cents. Editors type the tax-incl price, the one shoppers see and the cart
// starts from; the stored tax-excl follows at the catalog's stored rate, and degressive tiers keep their
// discount. Pure functions, unit-tested (test/unit/server/catalog-admin-prices.test.ts).
import { exclOf } from '../shipping/tax';

/**
 * The VAT rate (basis points) of the stored tax-excl prices: the seed writes every price_excl_cents at
 * 21 % (server/db/seed/catalog-variants.ts vatRate). Shoppers' tax-excl figures are derived from the
 * tax-incl at their own country's rate (server/currencies/display.ts shownPrice); this one is for the
 * places that read the stored column (machine-readable offers, a display without a tax rate).
 */
export const STORED_VAT_RATE_BP = 2100;

/** The highest price an editor may type, in cents: above this is a typing slip, not a price. */
export const MAX_PRICE_CENTS = 99_999_999;

/** A validated decimal ("12,50", "12.5", "12") in cents, without floating point; null if it is not one. */
export function centsOf(text: string): number | null {
  const match = /^\s*(\d{1,9})(?:[.,](\d{1,2}))?\s*$/.exec(text);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** The tax-excl price stored beside a tax-incl one. */
export const storedExclOf = (inclCents: number) => exclOf(inclCents, STORED_VAT_RATE_BP);

const decimalFormats = new Map<string, Intl.NumberFormat>();

/** Cents as the culture types a decimal, without grouping ("1234,50" in fr): what a price field shows. */
export function decimalText(cents: number, culture: string): string {
  let format = decimalFormats.get(culture);
  if (!format) decimalFormats.set(culture, (format = new Intl.NumberFormat(culture, { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: false })));
  return format.format(cents / 100);
}

/**
 * A variant's tiers after its price went from `fromCents` to `toCents`: each keeps its share of the
 * price (5 % off stays 5 % off), rounded to 5 cents as the seed makes them (to the cent under 1.00), and
 * never above the new unit price nor under 1 cent.
 */
export function rescaledTiers<T extends { minQuantity: number; priceInclCents: number }>(tiers: T[], fromCents: number, toCents: number) {
  return tiers.map((tier) => {
    const exact = fromCents > 0 ? (tier.priceInclCents * toCents) / fromCents : toCents;
    const rounded = exact >= 100 ? Math.round(exact / 5) * 5 : Math.round(exact);
    const priceInclCents = Math.min(toCents, Math.max(1, rounded));
    return { minQuantity: tier.minQuantity, priceInclCents, priceExclCents: storedExclOf(priceInclCents) };
  });
}
