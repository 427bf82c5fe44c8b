import type { Cart } from '../cart/cart';
import { countItems, updateCart } from '../cart/data';
import type { Db } from '../db/index';
import { loadRates } from './rates';

export const repricedKey = 'Currencies.CartWillBeRepriced';
export const unknownKey = 'Currencies.UnknownCurrency';

/** 'Unknown': not an offered currency; 'Warning': a cart with items would be re-priced (nothing changed); 'OK': changed. */
export type CurrencyChange = { outcome: 'OK' | 'Warning' | 'Unknown'; code: string };

/**
 * Changes the visitor's currency. A cart with items in another currency is re-priced only when forced
 * (otherwise a warning, nothing changed); then the cart's currency follows. The caller sets the cookie on 'OK'.
 */
export async function changeCurrency(db: Db, { cart, asked, force }: { cart: Cart | null; asked: string; force: boolean }): Promise<CurrencyChange> {
  const code = asked.trim().toUpperCase();
  const rates = await loadRates(db);
  if (!rates.active.includes(code)) return { outcome: 'Unknown', code };
  if (cart && cart.currency !== code) {
    if (!force && (await countItems(db, cart.id)) > 0) return { outcome: 'Warning', code };
    await updateCart(db, { cartId: cart.id, set: { currency: code } });
  }
  return { outcome: 'OK', code };
}
