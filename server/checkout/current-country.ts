// The country whose VAT the cart charges, as the sales-tax API sets it: the cart's shipping country.
import type { Request, Response } from 'express';
import { ensureCart } from '../cart/cart';
import { updateCart } from '../cart/data';
import { BadInput } from '../http/errors';
import { appLocals } from '../http/locals';
import { idOf } from '../shared/ids';
import { type Country, findCountry } from '../shipping/data';

/**
 * Sets the cart's shipping country from an id or an ISO code (a cart is made for it when the visitor has
 * none); answers the country. A malformed id or an unknown country is BadInput on `currentCountry`, and
 * then no cart is made.
 */
export async function setCurrentCountry(req: Request, res: Response, raw: string): Promise<Country> {
  const { db } = appLocals(req);
  const t = res.locals.t;
  const id = idOf(raw);
  if (/^\d/.test(raw) && id === null) throw new BadInput({ currentCountry: t('Catalog.InvalidId') });
  const country = id !== null ? await findCountry(db, { id }) : /^[A-Za-z]{2}$/.test(raw) ? await findCountry(db, { code: raw }) : null;
  if (!country) throw new BadInput({ currentCountry: t('Checkout.UnknownCountry') });
  const cart = await ensureCart(req, res);
  await updateCart(db, { cartId: cart.id, set: { shipping_country_id: country.id } });
  return country;
}
