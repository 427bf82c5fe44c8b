import { cultures } from '../../config';
import { sanitizeRichText } from '../../content/rich-text';
import type { Db } from '../index';
import { slugify } from './catalog-random';
import { seedEpoch } from './catalog-assets';
import { projectScene, type Scene } from './projects-images';
import { type ProjectSeed, categorySeeds, countries, descriptions, kinds, projectSeeds, sceneWords, summaries } from './projects-texts';

/** The demo projects: 3 categories, 9 published projects with galleries of 3 to 6 photos, and one draft. */
export async function seedProjects(db: Db): Promise<void> {
  const categoryIds: number[] = [];
  for (const [index, category] of categorySeeds.entries()) {
    const assetId = await insertScene(db, `project-category-${index + 1}.svg`, projectScene('aerial', 900 + index, 0));
    const { id } = await db
      .insertInto('project_categories')
      .values({ status: 'published', publish_at: null, unpublish_at: null, position: index + 1, asset_id: assetId, created_at: seedEpoch })
      .returning('id')
      .executeTakeFirstOrThrow();
    categoryIds.push(id);
    await db
      .insertInto('project_category_translations')
      .values(cultures.map((culture) => ({ category_id: id, culture, slug: slugify(category.name[culture]), name: category.name[culture], summary: category.summary[culture] })))
      .execute();
  }
  for (const [index, project] of projectSeeds.entries()) await seedProject(db, project, categoryIds[project.category], index);
}

async function insertScene(db: Db, name: string, scene: Scene): Promise<number> {
  const row = { name, mime: 'image/svg+xml', width: scene.width, height: scene.height, size: scene.content.length, content: scene.content, created_at: seedEpoch };
  return (await db.insertInto('assets').values(row).returning('id').executeTakeFirstOrThrow()).id;
}

function titleOf(project: ProjectSeed, culture: (typeof cultures)[number]): string {
  return `${kinds[project.kind][culture]} ${project.name}`;
}

async function seedProject(db: Db, project: ProjectSeed, categoryId: number, index: number): Promise<void> {
  const slug = slugify(`${project.kind}-${project.name}`);
  const mainId = await insertScene(db, `project-${slug}.svg`, projectScene(project.scenes[0], 100 + index * 10, 0));
  const { id } = await db
    .insertInto('projects')
    .values({
      category_id: categoryId,
      status: project.draft ? 'draft' : 'published',
      publish_at: null,
      unpublish_at: null,
      position: index + 1,
      latitude: project.latitude,
      longitude: project.longitude,
      asset_id: mainId,
      created_at: seedEpoch,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.insertInto('project_translations').values(cultures.map((culture) => translationOf(project, id, culture))).execute();
  for (const [position, kind] of project.scenes.entries()) {
    const assetId = await insertScene(db, `project-${slug}-${position + 1}.svg`, projectScene(kind, 100 + index * 10 + position + 1, position));
    const image = await db.insertInto('project_images').values({ project_id: id, asset_id: assetId, position: position + 1 }).returning('id').executeTakeFirstOrThrow();
    await db
      .insertInto('project_image_translations')
      .values(cultures.map((culture) => ({ image_id: image.id, culture, alt: `${titleOf(project, culture)}, ${sceneWords[kind][culture]}` })))
      .execute();
  }
}

function translationOf(project: ProjectSeed, projectId: number, culture: (typeof cultures)[number]) {
  const title = titleOf(project, culture);
  const texts = { title, city: project.city[culture], year: project.year, area: new Intl.NumberFormat(culture).format(project.area), kind: kinds[project.kind][culture] };
  return {
    project_id: projectId,
    culture,
    slug: slugify(title),
    title,
    summary: summaries[culture](texts),
    description_html: sanitizeRichText(descriptions[culture](texts)),
    address: `${project.street} ${project.city[culture]}, ${countries[project.country][culture]}`,
    image_alt: `${title}, ${sceneWords[project.scenes[0]][culture]}`,
  };
}
