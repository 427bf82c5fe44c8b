import type { Db } from '../db';
import { isVisible } from '../content/publishing';
import type { Asset } from '../catalog/urls';

// The only queries on the project tables. Every visitor query goes through isVisible, for the project
// and for its category: a draft, a future or an expired item (or one in such a category) is never shown.

export interface CategoryRow {
  id: number;
  slug: string;
  name: string;
  summary: string;
  asset: Asset | null;
}

export interface ProjectRow {
  id: number;
  categoryId: number;
  slug: string;
  title: string;
  summary: string;
  address: string;
  latitude: number;
  longitude: number;
  asset: Asset | null;
  alt: string;
}

export interface GalleryRow {
  asset: Asset & { width: number; height: number };
  alt: string;
}

const assetOf = (id: number | null, name: string | null): Asset | null => (id === null || name === null ? null : { id, name });

function visibleCategories(db: Db, culture: string, now: number) {
  return db
    .selectFrom('project_categories as c')
    .innerJoin('project_category_translations as ct', (join) => join.onRef('ct.category_id', '=', 'c.id').on('ct.culture', '=', culture))
    .leftJoin('assets as a', 'a.id', 'c.asset_id')
    .where((eb) => isVisible(eb, 'c' as never, now))
    .select(['c.id', 'ct.slug', 'ct.name', 'ct.summary', 'a.id as assetId', 'a.name as assetName']);
}

type CategorySelection = { id: number; slug: string; name: string; summary: string; assetId: number | null; assetName: string | null };
const toCategory = (row: CategorySelection): CategoryRow => ({ id: row.id, slug: row.slug, name: row.name, summary: row.summary, asset: assetOf(row.assetId, row.assetName) });

/** The visible categories in the culture, by position. */
export async function listCategories(db: Db, { culture, now }: { culture: string; now: number }): Promise<CategoryRow[]> {
  const rows = await visibleCategories(db, culture, now).orderBy('c.position').orderBy('c.id').execute();
  return rows.map(toCategory);
}

/** A visible category by its slug in the culture, or null. */
export async function findCategory(db: Db, { culture, slug, now }: { culture: string; slug: string; now: number }): Promise<CategoryRow | null> {
  const row = await visibleCategories(db, culture, now).where('ct.slug', '=', slug).executeTakeFirst();
  return row ? toCategory(row) : null;
}

/** The visible categories among these ids (unknown, draft or future ones are left out). */
export async function categoriesByIds(db: Db, { culture, ids, now }: { culture: string; ids: number[]; now: number }): Promise<CategoryRow[]> {
  if (ids.length === 0) return [];
  const rows = await visibleCategories(db, culture, now).where('c.id', 'in', ids).orderBy('c.position').execute();
  return rows.map(toCategory);
}

function visibleProjects(db: Db, culture: string, now: number) {
  return db
    .selectFrom('projects as p')
    .innerJoin('project_categories as c', 'c.id', 'p.category_id')
    .innerJoin('project_translations as pt', (join) => join.onRef('pt.project_id', '=', 'p.id').on('pt.culture', '=', culture))
    .leftJoin('assets as a', 'a.id', 'p.asset_id')
    .where((eb) => eb.and([isVisible(eb, 'p' as never, now), isVisible(eb, 'c' as never, now)]))
    .select(['p.id', 'p.category_id', 'pt.slug', 'pt.title', 'pt.summary', 'pt.address', 'pt.image_alt', 'p.latitude', 'p.longitude', 'a.id as assetId', 'a.name as assetName']);
}

type ProjectSelection = {
  id: number; category_id: number; slug: string; title: string; summary: string; address: string; image_alt: string;
  latitude: number | string; longitude: number | string; assetId: number | null; assetName: string | null;
};

const toProject = (row: ProjectSelection): ProjectRow => ({
  id: row.id,
  categoryId: row.category_id,
  slug: row.slug,
  title: row.title,
  summary: row.summary,
  address: row.address,
  latitude: Number(row.latitude),
  longitude: Number(row.longitude),
  asset: assetOf(row.assetId, row.assetName),
  alt: row.image_alt,
});

/** The visible projects of these categories, by category position then project position. */
export async function listProjects(db: Db, { culture, categoryIds, now }: { culture: string; categoryIds: number[]; now: number }): Promise<ProjectRow[]> {
  if (categoryIds.length === 0) return [];
  const rows = await visibleProjects(db, culture, now).where('p.category_id', 'in', categoryIds).orderBy('c.position').orderBy('p.position').orderBy('p.id').execute();
  return rows.map(toProject);
}

/** How many visible projects each of these categories holds. */
export async function projectCounts(db: Db, { categoryIds, now }: { categoryIds: number[]; now: number }): Promise<Map<number, number>> {
  if (categoryIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('projects as p')
    .where((eb) => isVisible(eb, 'p' as never, now))
    .where('p.category_id', 'in', categoryIds)
    .groupBy('p.category_id')
    .select((eb) => ['p.category_id', eb.fn.countAll<number | string>().as('count')])
    .execute();
  return new Map(rows.map((row) => [row.category_id, Number(row.count)]));
}

/** A visible project by its slug in the culture, with its description, or null. */
export async function findProject(db: Db, { culture, slug, now }: { culture: string; slug: string; now: number }) {
  const row = await visibleProjects(db, culture, now).where('pt.slug', '=', slug).select('pt.description_html').executeTakeFirst();
  return row ? { ...toProject(row), descriptionHtml: row.description_html } : null;
}

/** The gallery of a project, by position, with each image's alternative text in the culture. */
export async function galleryOf(db: Db, { culture, projectId }: { culture: string; projectId: number }): Promise<GalleryRow[]> {
  const rows = await db
    .selectFrom('project_images as i')
    .innerJoin('assets as a', 'a.id', 'i.asset_id')
    .leftJoin('project_image_translations as it', (join) => join.onRef('it.image_id', '=', 'i.id').on('it.culture', '=', culture))
    .where('i.project_id', '=', projectId)
    .orderBy('i.position')
    .orderBy('i.id')
    .select(['a.id', 'a.name', 'a.width', 'a.height', 'it.alt'])
    .execute();
  return rows.map((row) => ({ asset: { id: row.id, name: row.name, width: row.width, height: row.height }, alt: row.alt ?? '' }));
}

/**
 * The slug in `culture` of the visible item whose slug is `slug` in any culture (the culture switch keeps
 * the other culture's slug), or null. `kind` picks projects or categories.
 */
export async function slugInCulture(db: Db, { kind, culture, slug, now }: { kind: 'project' | 'category'; culture: string; slug: string; now: number }): Promise<string | null> {
  if (kind === 'project') {
    const owner = await db.selectFrom('project_translations').where('slug', '=', slug).select('project_id').executeTakeFirst();
    if (!owner) return null;
    const row = await visibleProjects(db, culture, now).where('p.id', '=', owner.project_id).executeTakeFirst();
    return row?.slug ?? null;
  }
  const owner = await db.selectFrom('project_category_translations').where('slug', '=', slug).select('category_id').executeTakeFirst();
  if (!owner) return null;
  const row = await visibleCategories(db, culture, now).where('c.id', '=', owner.category_id).executeTakeFirst();
  return row?.slug ?? null;
}
