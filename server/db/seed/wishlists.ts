import { createHash } from 'node:crypto';
import type { Transaction } from 'kysely';
import { insertBirthList, upsertBirthListItem } from '../../birth-lists/data';
import { insertWishlist, upsertWishlistItem } from '../../wishlists/data';
import type { Database } from '../schema';
import { demoAccounts } from './accounts';

const seededAt = Date.UTC(2026, 0, 6, 10, 0, 0);

/**
 * The demo birth list's share token: fixed, so the README can name its link; derived (32 URL-safe
 * characters, like the random tokens of real lists), never used outside the demo seed.
 */
export const demoBirthListToken = createHash('sha256').update('demo birth list of the demo customer').digest('base64url').slice(0, 32);

/** The first active variants of active products (by id), whose stock is not counted or holds at least 5. */
async function demoVariants(tx: Transaction<Database>, count: number): Promise<number[]> {
  const rows = await tx
    .selectFrom('product_variants as v')
    .innerJoin('products as p', 'p.id', 'v.product_id')
    .leftJoin('variant_stock as s', 's.variant_id', 'v.id')
    .select(['v.id', 'v.product_id', 'v.stock_mode', (eb) => eb.fn.sum<number | string>('s.quantity').as('stock')])
    .where('v.is_active', '=', 1)
    .where('p.is_active', '=', 1)
    .groupBy(['v.id', 'v.product_id', 'v.stock_mode'])
    .orderBy('v.id')
    .execute();
  const seenProducts = new Set<number>();
  return rows
    .filter((row) => (row.stock_mode === 'NoManagement' || Number(row.stock ?? 0) >= 5) && !seenProducts.has(row.product_id) && seenProducts.add(row.product_id))
    .slice(0, count)
    .map((row) => row.id);
}

/** The demo customer's wishlist (three products) and birth list (three products, shared by demoBirthListToken). */
export async function seedWishlists(tx: Transaction<Database>): Promise<void> {
  const customer = await tx.selectFrom('users').select('id').where('email', '=', demoAccounts[0].email).executeTakeFirst();
  if (!customer) return;
  const variants = await demoVariants(tx, 6);
  const wishlistId = await insertWishlist(tx, { userId: customer.id, name: 'Idées cadeaux', description: 'Pour mon anniversaire', now: seededAt });
  for (const [index, variantId] of variants.slice(0, 3).entries()) {
    await upsertWishlistItem(tx, { wishlistId, variantId, quantity: index + 1, now: seededAt });
  }
  const fields = { childName: 'Louise', birthDate: '2026-04-18', message: 'Merci de fêter avec nous l\'arrivée de Louise !' };
  const birthListId = await insertBirthList(tx, { userId: customer.id, token: demoBirthListToken, fields, now: seededAt });
  for (const [index, variantId] of variants.slice(3, 6).entries()) {
    await upsertBirthListItem(tx, { birthListId, variantId, quantity: 2 + index, now: seededAt });
  }
}
