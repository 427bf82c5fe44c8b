// The back office's project editors (server/content/admin-routes.ts serves them): projects (category,
// place, picture, texts and address per culture) and their categories (picture, name, summary), each with
// a publishing state and window.
import type { Request, Response } from 'express';
import type { Culture } from '../config';
import { registerPreview } from '../backoffice/preview';
import type { EditorContext, ItemEditor } from '../content/admin-editor';
import { postedTranslations, publishingColumns, publishingValues, translationValues } from '../content/admin-fields';
import { sanitizeRichText } from '../content/rich-text';
import { renderPage } from '../http/render';
import { lightboxCss } from '../catalog/product-fragments';
import { galleryValues, postedGallery } from '../content/admin-gallery';
import { assetExists, assetsExist } from '../news/admin-data';
import { anyCategoryWithProjects, anyProject, projectCategoryChoices, projectCategoryTables, projectTables } from './admin-data';
import { projectCategoryForm, projectForm } from './admin-forms';
import { categoriesByIds, galleryOf } from './data';
import { projectCategoryPath } from './urls';
import { galleryImageOf, mainImageOf, markerOf, projectCardOf } from './view';

type Publishing = { Status: string; PublishAt: string; UnpublishAt: string };
const where = (res: Response) => ({ culture: res.locals.culture as Culture, basePath: res.locals.basePath as string, now: Date.now() });

/** A project's page as visitors will see it, whatever its state. */
async function previewProject(req: Request, res: Response, id: number): Promise<boolean> {
  const { db } = req.app.locals;
  const context = where(res);
  const row = await anyProject(db, { id, culture: context.culture });
  if (!row) return false;
  const [gallery, [category]] = await Promise.all([galleryOf(db, { culture: context.culture, projectId: id }), categoriesByIds(db, { culture: context.culture, ids: [row.categoryId], now: context.now })]);
  await renderPage(req, res, 'projects/detail', {
    title: row.title,
    project: { ...projectCardOf(row, context), descriptionHtml: row.descriptionHtml, main: mainImageOf(row, context.basePath), latitude: row.latitude, longitude: row.longitude },
    category: category ? { name: category.name, href: context.basePath + projectCategoryPath(context.culture, category.slug) } : null,
    gallery: gallery.map((image) => galleryImageOf(image, context.basePath)),
    marker: markerOf(row, context),
    lightboxCss: lightboxCss(req.app.locals.assets),
  });
  return true;
}

/** A category's page as visitors will see it, with all its projects, whatever their state. */
async function previewCategory(req: Request, res: Response, id: number): Promise<boolean> {
  const context = where(res);
  const found = await anyCategoryWithProjects(req.app.locals.db, { id, culture: context.culture });
  if (!found) return false;
  const { category, projects } = found;
  await renderPage(req, res, 'projects/category', { title: category.name, category, projects: projects.map((row) => projectCardOf(row, context)) });
  return true;
}
registerPreview(projectTables, previewProject);
registerPreview(projectCategoryTables, previewCategory);

async function assetError(db: EditorContext['db'], assetId: number | null): Promise<Record<string, string>> {
  return assetId !== null && !(await assetExists(db, { id: assetId })) ? { AssetId: 'BackOffice.Items.InvalidAsset' } : {};
}

const idOrNull = (text: unknown) => (text ? Number(text) : null);
const widgetPath = (categoryId: unknown, culture: Culture) => `/${culture}/widget/projects/grid/${Number(categoryId)}`;

export const projectEditor: ItemEditor = {
  tables: projectTables,
  path: 'backoffice/projects',
  section: 'projects',
  titles: { list: 'BackOffice.Projects.Title', create: 'BackOffice.Projects.NewProject', edit: 'BackOffice.Projects.EditProject' },
  related: [['backoffice/projects/categories', 'BackOffice.Projects.Categories']],
  form: projectForm,
  fields: '../projects/project-fields',
  publishable: true,
  choices: async ({ db, culture }) => ({ categories: await projectCategoryChoices(db, { culture }) }),
  blank: () => ({ Version: '1', Status: 'draft', CategoryId: '', PublishAt: '', UnpublishAt: '', Latitude: '', Longitude: '', AssetId: '', ...galleryValues([]) }),
  formValues: (record) => ({
    Version: String(record.version),
    CategoryId: String(record.columns.category_id),
    Latitude: String(record.columns.latitude),
    Longitude: String(record.columns.longitude),
    AssetId: record.columns.asset_id === null ? '' : String(record.columns.asset_id),
    ...publishingValues(record.columns),
    ...galleryValues(record.gallery ?? []),
    ...translationValues(projectTables, record.translations),
  }),
  itemValues: async (data, { db, culture }) => {
    const { columns, errors } = publishingColumns(data as Publishing);
    const texts = postedTranslations(projectTables, data, { culture, clean: { description_html: sanitizeRichText } });
    const categoryId = Number(data.CategoryId);
    const assetId = idOrNull(data.AssetId);
    if (!(await projectCategoryChoices(db, { culture })).some((choice) => choice.id === categoryId)) errors.CategoryId = 'BackOffice.Items.InvalidCategory';
    const gallery = postedGallery(data);
    if (!(await assetsExist(db, { ids: gallery.map((picture) => picture.assetId) }))) errors.GalleryIds = 'BackOffice.Items.InvalidGallery';
    const values = { columns: { ...columns, category_id: categoryId, latitude: Number(data.Latitude), longitude: Number(data.Longitude), asset_id: assetId }, translations: texts.translations, gallery };
    return { values, errors: { ...errors, ...(await assetError(db, assetId)), ...texts.errors } };
  },
  preview: (req, res, record) => previewProject(req, res, record.id),
  embedPath: (record, culture) => widgetPath(record.columns.category_id, culture),
};

export const projectCategoryEditor: ItemEditor = {
  tables: projectCategoryTables,
  path: 'backoffice/projects/categories',
  section: 'projects',
  titles: { list: 'BackOffice.Projects.Categories', create: 'BackOffice.Projects.NewCategory', edit: 'BackOffice.Projects.EditCategory' },
  related: [['backoffice/projects', 'BackOffice.Projects.Title']],
  form: projectCategoryForm,
  fields: '../projects/category-fields',
  publishable: true,
  choices: async () => ({}),
  blank: () => ({ Version: '1', Status: 'draft', PublishAt: '', UnpublishAt: '', AssetId: '' }),
  formValues: (record) => ({
    Version: String(record.version),
    AssetId: record.columns.asset_id === null ? '' : String(record.columns.asset_id),
    ...publishingValues(record.columns),
    ...translationValues(projectCategoryTables, record.translations),
  }),
  itemValues: async (data, { db, culture }) => {
    const { columns, errors } = publishingColumns(data as Publishing);
    const texts = postedTranslations(projectCategoryTables, data, { culture });
    const assetId = idOrNull(data.AssetId);
    return { values: { columns: { ...columns, asset_id: assetId }, translations: texts.translations }, errors: { ...errors, ...(await assetError(db, assetId)), ...texts.errors } };
  },
  preview: (req, res, record) => previewCategory(req, res, record.id),
  embedPath: (record, culture) => widgetPath(record.id, culture),
};
