// Helpers shared by the wishlist and birth list tests (test/http/wishlists*.test.ts, birth-lists*.test.ts).
import type { TestApp } from '../support/app';
import { type Agent, signedIn } from './accounts-helpers';
import { plainVariant } from './cart-helpers';

/** A signed-in customer's client and the wishlist API as the wishlist behaviour calls it (JSON). */
export async function wishlistCustomer(testApp: TestApp, account: { email: string; password: string }) {
  const { agent, token } = await signedIn(testApp, account);
  return { agent, token, api: wishlistApi(agent, token) };
}

export type WishlistApi = ReturnType<typeof wishlistApi>;

export function wishlistApi(agent: Agent, token: string) {
  const json = <T extends { set(name: string, value: string): T }>(call: T) => call.set('X-CSRF-Token', token).set('Accept', 'application/json');
  const base = '/api/v1/catalog/wishlist';
  return {
    add: (query: Record<string, string | number>) => json(agent.post(`${base}/addproductvariant`)).query({ culture: 'fr', ...query }),
    post: (path: string, query: Record<string, string | number>) => json(agent.post(`${base}/${path}`)).query({ culture: 'fr', ...query }),
    remove: (path: string, query: Record<string, string | number> = {}) => json(agent.delete(`${base}/${path}`)).query({ culture: 'fr', ...query }),
    get: (path: string, query: Record<string, string | number> = {}) => json(agent.get(`${base}/${path}`)).query({ culture: 'fr', ...query }),
    deleteList: (body: Record<string, unknown>) => json(agent.post(`${base}/delete`)).query({ culture: 'fr' }).send(body),
    toCart: (body: Record<string, unknown>) => json(agent.post('/api/v1/catalog/products/addwishlisttocart')).query({ culture: 'fr' }).send(body),
  };
}

/** The `skip`-th plain variant, stock-managed with exactly `stock` units in the first active warehouse. */
export async function stockedVariant(testApp: TestApp, stock: number, skip = 0) {
  const { db } = testApp;
  const variant = await plainVariant(db, { skip });
  await db.updateTable('product_variants').set({ stock_mode: 'Managed' }).where('id', '=', variant.id).execute();
  await db.deleteFrom('variant_stock').where('variant_id', '=', variant.id).execute();
  const warehouse = await db.selectFrom('warehouses').select('id').where('is_active', '=', 1).orderBy('position').executeTakeFirstOrThrow();
  await db.insertInto('variant_stock').values({ variant_id: variant.id, warehouse_id: warehouse.id, quantity: stock }).execute();
  return variant;
}

export async function userIdOf(testApp: TestApp, email: string): Promise<number> {
  return (await testApp.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
}

export async function wishlistRows(testApp: TestApp, userId: number) {
  return testApp.db
    .selectFrom('wishlists as w')
    .leftJoin('wishlist_items as i', 'i.wishlist_id', 'w.id')
    .select(['w.id', 'w.name', 'w.description', 'i.id as itemId', 'i.variant_id', 'i.quantity'])
    .where('w.user_id', '=', userId)
    .orderBy('w.id')
    .orderBy('i.id')
    .execute();
}
