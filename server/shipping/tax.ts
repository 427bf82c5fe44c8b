import type { Request, Response } from 'express';
import { findCart } from '../cart/cart';
import type { Db } from '../db';
import { appLocals } from '../http/locals';
import { type Country, findCountry, firstCountry } from './data';

// The one tax rule: the VAT of the visitor's tax country as their cart decides it. The cart's pricing
// (server/cart/pricing.ts) and the catalog's tax-excl prices (server/currencies/display.ts shownPrice)
// both ask here, so a product page and the cart show the same figures.

/** A tax-incl amount without its VAT at `rateBp` (basis points), rounded half up, in integer arithmetic. */
export function exclOf(inclCents: number, rateBp: number): number {
  const numerator = inclCents * 10_000 * 2 + (10_000 + rateBp);
  return Math.floor(numerator / ((10_000 + rateBp) * 2));
}

/** What a cart says of where its goods go. */
export interface TaxPlace {
  shippingCountryId: number | null;
  billingCountryId: number | null;
}

/** The country whose VAT applies: shipping, else billing, else the shop's first country (by position). */
export function taxCountryOf(db: Db, place: TaxPlace | null): Promise<Country | null> {
  const id = place?.shippingCountryId ?? place?.billingCountryId ?? null;
  return id !== null ? findCountry(db, { id }) : firstCountry(db);
}

/**
 * The VAT rate (basis points) of this visitor's tax country: their cart's, else the shop's first
 * country's. Read once per request (kept on res.locals.taxRateBp). A visitor without a cart gets the
 * default, which is why kept (page-cache) pages, served only to visitors without a cart, may show it.
 */
export async function visitorTaxRateBp(req: Request, res: Response): Promise<number> {
  const kept = res.locals.taxRateBp as number | undefined;
  if (kept !== undefined) return kept;
  const country = await taxCountryOf(appLocals(req).db, await findCart(req));
  const rateBp = country?.vatRateBp ?? 0;
  res.locals.taxRateBp = rateBp;
  return rateBp;
}
