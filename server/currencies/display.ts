import { appLocals } from '../http/locals';
import type { Request, Response } from 'express';
import { formatMoney, type Money } from '../shared/money';
import { exclOf, visitorTaxRateBp } from '../shipping/tax';
import { convertCents, knownCurrency, loadRates, type Rates, visitorCurrency } from './rates';

/**
 * How catalog prices are shown to one visitor: in the currency they chose (the `currency` cookie, an
 * offered one, else EUR), converted from each price's stored currency with the stored rates.
 * Machine-readable offers (JSON-LD) stay in the stored currency; orders keep their own currency and rate.
 */
export interface PriceDisplay {
  readonly currency: string;
  readonly rates: Rates;
  /** The VAT rate (basis points) tax-excl prices are shown at: the visitor's tax country's (server/shipping/tax.ts). */
  readonly taxRateBp?: number;
}

/** The request's price display: read once (the cookie and the cached rates) and kept on res.locals.priceDisplay. */
export async function priceDisplayOf(req: Request, res: Response): Promise<PriceDisplay> {
  const kept = res.locals.priceDisplay as PriceDisplay | undefined;
  if (kept) return kept;
  const rates = await loadRates(appLocals(req).db);
  const display: PriceDisplay = { currency: knownCurrency(visitorCurrency(req), rates), rates };
  res.locals.priceDisplay = display;
  return display;
}

/**
 * `money` in the visitor's currency (integer cents, rounded half up). Without a display, or for a
 * currency the rates do not hold, the stored amount as it is (a price is never refused for its currency).
 */
export function displayCents(display: PriceDisplay | null | undefined, money: Money): Money {
  if (!display || money.currency === display.currency) return money;
  if (!display.rates.ppm[money.currency] || !display.rates.ppm[display.currency]) return money;
  return { cents: convertCents(money.cents, money.currency, display.currency, display.rates), currency: display.currency };
}

/** `money` converted for the visitor and formatted for the culture (server/shared/money.ts formatMoney). */
export function displayMoney(display: PriceDisplay | null | undefined, money: Money, culture: string): string {
  return formatMoney(displayCents(display, money), culture);
}

/** The request's price display with the visitor's tax rate, for pages that show tax-excl prices. */
export async function taxedPriceDisplayOf(req: Request, res: Response): Promise<PriceDisplay> {
  const [display, taxRateBp] = await Promise.all([priceDisplayOf(req, res), visitorTaxRateBp(req, res)]);
  return { ...display, taxRateBp };
}

/**
 * A stored price (tax incl and excl) as the visitor sees it: the tax-incl converted to their currency and
 * the tax-excl derived from it at their tax rate, as the cart does (server/cart/pricing.ts); the stored
 * tax-excl only without a tax rate (machine-readable offers, a display without taxRateBp).
 */
export function shownPrice(
  display: PriceDisplay | null | undefined,
  price: { inclCents: number; exclCents: number; currency: string },
): { inclCents: number; exclCents: number; currency: string } {
  const incl = displayCents(display, { cents: price.inclCents, currency: price.currency });
  const exclCents = display?.taxRateBp !== undefined ? exclOf(incl.cents, display.taxRateBp) : displayCents(display, { cents: price.exclCents, currency: price.currency }).cents;
  return { inclCents: incl.cents, exclCents, currency: incl.currency };
}
