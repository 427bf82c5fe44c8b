// The back office's queries on the project tables (visitors' are in data.ts): the descriptions the shared
// content writes use (server/content/admin-items.ts), the categories a form offers, and projects read
// whatever their state, for the preview.
import type { Culture } from '../config';
import type { Db } from '../db';
import type { ItemTables } from '../content/admin-items';
import type { CategoryRow, ProjectRow } from './data';

export const projectTables: ItemTables = {
  entity: 'project',
  table: 'projects',
  translations: 'project_translations',
  key: 'project_id',
  slug: 'slug',
  label: 'title',
  columns: ['category_id', 'status', 'publish_at', 'unpublish_at', 'latitude', 'longitude', 'asset_id'],
  texts: ['title', 'slug', 'summary', 'description_html', 'address', 'image_alt'],
  scope: 'category_id',
  created: true,
  gallery: { table: 'project_images', key: 'project_id', translations: 'project_image_translations' },
};

export const projectCategoryTables: ItemTables = {
  entity: 'project-category',
  table: 'project_categories',
  translations: 'project_category_translations',
  key: 'category_id',
  slug: 'slug',
  label: 'name',
  columns: ['status', 'publish_at', 'unpublish_at', 'asset_id'],
  texts: ['name', 'slug', 'summary'],
  created: true,
  dependents: [{ table: 'projects', column: 'category_id' }],
};

/** Every category, named in the culture (or any culture it has), in their order. */
export async function projectCategoryChoices(db: Db, { culture }: { culture: Culture }): Promise<{ id: number; name: string }[]> {
  const rows = await db
    .selectFrom('project_categories as c')
    .leftJoin('project_category_translations as t', 't.category_id', 'c.id')
    .select(['c.id', 't.culture', 't.name'])
    .orderBy('c.position')
    .orderBy('c.id')
    .execute();
  const choices = new Map<number, { id: number; name: string }>();
  for (const row of rows) if (!choices.has(row.id) || (row.culture === culture && row.name)) choices.set(row.id, { id: row.id, name: row.name ?? `#${row.id}` });
  return [...choices.values()];
}

function anyProjects(db: Db, culture: Culture) {
  return db
    .selectFrom('projects as p')
    .innerJoin('project_translations as pt', (join) => join.onRef('pt.project_id', '=', 'p.id').on('pt.culture', '=', culture))
    .leftJoin('assets as a', 'a.id', 'p.asset_id')
    .select(['p.id', 'p.category_id', 'pt.slug', 'pt.title', 'pt.summary', 'pt.address', 'pt.image_alt', 'pt.description_html', 'p.latitude', 'p.longitude', 'a.id as assetId', 'a.name as assetName']);
}

type Selected = Awaited<ReturnType<ReturnType<typeof anyProjects>['executeTakeFirstOrThrow']>>;

const toProject = (row: Selected): ProjectRow & { descriptionHtml: string } => ({
  id: row.id,
  categoryId: row.category_id,
  slug: row.slug,
  title: row.title,
  summary: row.summary,
  address: row.address,
  latitude: Number(row.latitude),
  longitude: Number(row.longitude),
  asset: row.assetId === null || row.assetName === null ? null : { id: row.assetId, name: row.assetName },
  alt: row.image_alt,
  descriptionHtml: row.description_html,
});

/** A project in the culture whatever its state (the preview), or null without that translation. */
export async function anyProject(db: Db, { id, culture }: { id: number; culture: Culture }) {
  const row = await anyProjects(db, culture).where('p.id', '=', id).executeTakeFirst();
  return row ? toProject(row) : null;
}

/** A category in the culture with all its projects there, whatever their state (the preview), or null. */
export async function anyCategoryWithProjects(db: Db, { id, culture }: { id: number; culture: Culture }): Promise<{ category: CategoryRow; projects: ProjectRow[] } | null> {
  const row = await db
    .selectFrom('project_categories as c')
    .innerJoin('project_category_translations as ct', (join) => join.onRef('ct.category_id', '=', 'c.id').on('ct.culture', '=', culture))
    .leftJoin('assets as a', 'a.id', 'c.asset_id')
    .select(['c.id', 'ct.slug', 'ct.name', 'ct.summary', 'a.id as assetId', 'a.name as assetName'])
    .where('c.id', '=', id)
    .executeTakeFirst();
  if (!row) return null;
  const projects = await anyProjects(db, culture).where('p.category_id', '=', id).orderBy('p.position').orderBy('p.id').execute();
  const asset = row.assetId === null || row.assetName === null ? null : { id: row.assetId, name: row.assetName };
  return { category: { id: row.id, slug: row.slug, name: row.name, summary: row.summary, asset }, projects: projects.map(toProject) };
}
