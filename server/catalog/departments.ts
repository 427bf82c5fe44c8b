import type { Db } from '../db';
import { loadReference } from './lists-reference';
import type { Asset } from './urls';

/** A department: a top-level category, with its picture (the home page's links into the catalog). */
export interface Department {
  id: number;
  name: string;
  /** Relative to {app}: the category page. */
  path: string;
  image: Asset | null;
}

/** The active top-level categories in their order, in the culture, each with its picture. */
export async function listDepartments(db: Db, { culture }: { culture: string }): Promise<Department[]> {
  const reference = await loadReference(db, culture);
  if (reference.roots.length === 0) return [];
  const pictures = await db
    .selectFrom('categories')
    .innerJoin('assets', 'assets.id', 'categories.asset_id')
    .select(['categories.id', 'assets.id as asset_id', 'assets.name'])
    .where('categories.id', 'in', reference.roots)
    .execute();
  const byCategory = new Map(pictures.map((row) => [row.id, { id: row.asset_id, name: row.name }]));
  return reference.roots.map((id) => {
    const category = reference.categories.get(id)!;
    return { id, name: category.name, path: category.path, image: byCategory.get(id) ?? null };
  });
}
