import { z } from 'zod';
import { loadProductCards } from '../../catalog/cards';
import { productIndexFor } from '../../catalog/lists-data';
import type { Db } from '../../db';
import { blockType } from './types';

const id = z.number().int().positive().max(999_999_999);

/** A product carousel: the products of a category (in the catalog's order) or the products named. */
const settings = z
  .object({ categoryId: id.optional(), productIds: z.array(id).min(1).max(24).optional(), limit: z.number().int().min(1).max(24).default(12) })
  .strict()
  .refine((value) => (value.categoryId === undefined) !== (value.productIds === undefined), { path: ['categoryId'] });

async function productIdsOf(db: Db, { categoryId, productIds, limit }: z.infer<typeof settings>): Promise<number[]> {
  if (productIds) return productIds.slice(0, limit);
  const index = await productIndexFor(db);
  const members = new Set(index.membersOf('category', categoryId!));
  const chosen: number[] = [];
  for (const slot of index.orderBy('position')) {
    if (chosen.length === limit) break;
    if (members.has(slot)) chosen.push(index.ids[slot]);
  }
  return chosen;
}

export const productCarousel = blockType({
  settings,
  texts: z.object({ title: z.string().trim().min(1).max(200) }).strict(),
  load: async ({ db, culture, basePath, display }, block) => {
    const productIds = await productIdsOf(db, block.settings);
    const cards = await loadProductCards(db, { culture, basePath, productIds, display: await display() });
    return { title: block.texts.title, cards };
  },
});
