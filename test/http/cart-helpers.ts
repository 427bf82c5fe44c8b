// Helpers shared by the cart tests (test/http/cart-*.test.ts).
import type { Db } from '../../server/db';
import type { VariantRecord } from '../../server/catalog/variants-data';
import type { TestApp } from '../support/app';
import { seedVariants } from '../support/catalog-product';
import { type Agent, visitor } from './accounts-helpers';

/** A variant of a product with the default quantity rules (min 1, step 1, no max) and at least `stock` units in stock. */
export async function plainVariant(db: Db, { stock = 20, skip = 0 }: { stock?: number; skip?: number } = {}): Promise<VariantRecord> {
  const plain = new Set(
    (await db.selectFrom('products').select('id').where('min_qty', '=', 1).where('step_qty', '=', 1).where('max_qty', '=', 0).execute()).map((row) => row.id),
  );
  const found = (await seedVariants(db, 120)).filter(
    (variant) => plain.has(variant.productId) && (variant.stockState === 'NoManagement' || variant.stockQuantity >= stock) && variant.stockMode !== 'OnOrder',
  )[skip];
  if (!found) throw new Error('The demo seed has no such variant');
  return found;
}

/** A browser-like visitor (a page opened first, for the CSRF token) that calls the cart API as the cart script does. */
export async function cartVisitor(testApp: TestApp, path = '/fr/shoppingcarts'): Promise<{ agent: Agent; token: string; api: ApiCalls }> {
  const { agent, token } = await visitor(testApp, path);
  return { agent, token, api: apiCalls(agent, token) };
}

export type ApiCalls = ReturnType<typeof apiCalls>;

export function apiCalls(agent: Agent, token: string) {
  const json = <T extends { set(name: string, value: string): T }>(call: T) => call.set('X-CSRF-Token', token).set('Accept', 'application/json');
  return {
    add: (body: Record<string, unknown>) => json(agent.post('/api/v1/catalog/products/addtocart')).send(body),
    info: () => json(agent.get('/api/v1/shoppingcarts?culture=fr')),
    put: (id: number | string, body: Record<string, unknown>) => json(agent.put(`/api/v1/shoppingcarts/shoppingcartitems/${id}`)).send(body),
    remove: (id: number | string) => json(agent.delete(`/api/v1/shoppingcarts/shoppingcartitems/${id}`)),
    post: (path: string, body: Record<string, unknown>) => json(agent.post(`/api/v1/shoppingcarts/${path}`)).send(body),
  };
}

export async function countryId(db: Db, code: string): Promise<number> {
  return (await db.selectFrom('countries').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;
}

export async function methodId(db: Db, code: string): Promise<number> {
  return (await db.selectFrom('shipping_methods').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;
}
