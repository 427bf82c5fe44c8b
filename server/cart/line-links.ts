import type { Db } from '../db';
import { productPath } from '../catalog/urls';
import { productSlugs } from './data';

// Where a cart line links back to: its product's page in the culture.

/** {app}/{culture}/catalog/product/{id}/{slug} of each product that has a page in the culture, by product id. */
export async function productLinks(db: Db, { productIds, culture, basePath }: { productIds: number[]; culture: string; basePath: string }): Promise<Map<number, string>> {
  const slugs = await productSlugs(db, { productIds: [...new Set(productIds)], culture });
  return new Map([...slugs].map(([id, slug]) => [id, basePath + productPath(culture, id, slug)]));
}
