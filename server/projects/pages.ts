import type { Db } from '../db';
import { NotFound } from '../http/errors';
import type { MapMarker } from '../maps/map-config';
import { categoriesByIds, findCategory, findProject, galleryOf, listCategories, listProjects, projectCounts, slugInCulture } from './data';
import { type CategoryCard, type GalleryImage, type ProjectCard, type Shown, type Where, categoryCardOf, galleryImageOf, mainImageOf, markerOf, projectCardOf } from './view';
import { projectCategoryPath, projectPath } from './urls';

// The project pages' and widgets' domain calls: one per handler, each answering the view model, a
// redirect (another culture's slug) or null (nothing visible by that slug: the route's 404).

type Lookup = Where & { slug: string; now: number };
export type Found<T> = { model: T } | { redirect: string } | null;

export async function loadCategoryGrid(db: Db, where: Where & { now: number }): Promise<CategoryCard[]> {
  const categories = await listCategories(db, where);
  const counts = await projectCounts(db, { categoryIds: categories.map((category) => category.id), now: where.now });
  return categories.map((category) => categoryCardOf(category, counts.get(category.id) ?? 0, where));
}

export interface CategoryModel {
  category: { id: number; name: string; summary: string };
  projects: ProjectCard[];
}

export async function loadCategory(db: Db, lookup: Lookup): Promise<Found<CategoryModel>> {
  const category = await findCategory(db, lookup);
  if (!category) {
    const slug = await slugInCulture(db, { ...lookup, kind: 'category' });
    return slug ? { redirect: lookup.basePath + projectCategoryPath(lookup.culture, slug) } : null;
  }
  const rows = await listProjects(db, { culture: lookup.culture, categoryIds: [category.id], now: lookup.now });
  return { model: { category, projects: rows.map((row) => projectCardOf(row, lookup)) } };
}

export interface ProjectModel {
  project: ProjectCard & { descriptionHtml: string; main: Shown; latitude: number; longitude: number };
  category: { name: string; href: string } | null;
  gallery: GalleryImage[];
  marker: MapMarker;
}

export async function loadProject(db: Db, lookup: Lookup): Promise<Found<ProjectModel>> {
  const row = await findProject(db, lookup);
  if (!row) {
    const slug = await slugInCulture(db, { ...lookup, kind: 'project' });
    return slug ? { redirect: lookup.basePath + projectPath(lookup.culture, slug) } : null;
  }
  const [gallery, [category]] = await Promise.all([
    galleryOf(db, { culture: lookup.culture, projectId: row.id }),
    categoriesByIds(db, { culture: lookup.culture, ids: [row.categoryId], now: lookup.now }),
  ]);
  return {
    model: {
      project: { ...projectCardOf(row, lookup), descriptionHtml: row.descriptionHtml, main: mainImageOf(row, lookup.basePath), latitude: row.latitude, longitude: row.longitude },
      category: category ? { name: category.name, href: lookup.basePath + projectCategoryPath(lookup.culture, category.slug) } : null,
      gallery: gallery.map((image) => galleryImageOf(image, lookup.basePath)),
      marker: markerOf(row, lookup),
    },
  };
}

/** The visible projects of these categories; an id that is no visible category is a 404. */
export async function loadProjectsOf(db: Db, where: Where & { categoryIds: number[]; now: number }) {
  const categories = await categoriesByIds(db, { culture: where.culture, ids: where.categoryIds, now: where.now });
  if (categories.length !== new Set(where.categoryIds).size) throw new NotFound('Projects.CategoryNotFound');
  const rows = await listProjects(db, { culture: where.culture, categoryIds: where.categoryIds, now: where.now });
  return { projects: rows.map((row) => projectCardOf(row, where)), markers: rows.map((row) => markerOf(row, where)) };
}
