// The back office's news editors (server/content/admin-routes.ts serves them): posts, with their
// publishing window, date, picture and text in every culture; categories, a tree of two levels.
import type { Request, Response } from 'express';
import type { Culture } from '../config';
import { registerPreview } from '../backoffice/preview';
import type { EditorContext, ItemEditor } from '../content/admin-editor';
import { epochToLocalTime, localTimeToEpoch, postedTranslations, publishingColumns, publishingValues, translationValues } from '../content/admin-fields';
import { findItem, type ItemRecord } from '../content/admin-items';
import { sanitizeRichText } from '../content/rich-text';
import { lightboxCss } from '../catalog/product-fragments';
import { renderPage } from '../http/render';
import { galleryValues, postedGallery } from '../content/admin-gallery';
import { anyPost, assetExists, assetsExist, categoryChoices, newsCategoryTables, newsPostTables } from './admin-data';
import { newsCategoryForm, newsPostForm } from './admin-forms';
import { listCategories } from './data';
import { postsWidgetPath } from './paths';
import { postView } from './present';

const idOrNull = (text: unknown) => (text ? Number(text) : null);

/** A post as its visitors' page shows it in the request's culture, whatever its state. */
async function previewPost(req: Request, res: Response, id: number): Promise<boolean> {
  const culture = res.locals.culture as Culture;
  const post = await anyPost(req.app.locals.db, { id, culture });
  if (!post) return false;
  const categories = await listCategories(req.app.locals.db, { culture });
  const presenter = { culture, basePath: res.locals.basePath, categories: new Map(categories.map((category) => [category.id, category])) };
  await renderPage(req, res, 'news/post', { title: post.title, post: postView(post, presenter), lightboxCss: lightboxCss(req.app.locals.assets) });
  return true;
}
registerPreview(newsPostTables, previewPost);

async function postValues(data: Record<string, unknown>, { db, culture }: EditorContext) {
  const { columns, errors } = publishingColumns(data as { Status: string; PublishAt: string; UnpublishAt: string });
  const texts = postedTranslations(newsPostTables, data, { culture, clean: { body_html: sanitizeRichText } });
  const categoryId = Number(data.CategoryId);
  const assetId = idOrNull(data.AssetId);
  if (!(await categoryChoices(db, { culture })).some((choice) => choice.id === categoryId)) errors.CategoryId = 'BackOffice.Items.InvalidCategory';
  if (assetId !== null && !(await assetExists(db, { id: assetId }))) errors.AssetId = 'BackOffice.Items.InvalidAsset';
  const gallery = postedGallery(data);
  if (!(await assetsExist(db, { ids: gallery.map((picture) => picture.assetId) }))) errors.GalleryIds = 'BackOffice.Items.InvalidGallery';
  const values = { columns: { ...columns, category_id: categoryId, posted_at: localTimeToEpoch(String(data.PostedAt)), asset_id: assetId }, translations: texts.translations, gallery };
  return { values, errors: { ...errors, ...texts.errors } };
}

export const newsPostEditor: ItemEditor = {
  tables: newsPostTables,
  path: 'backoffice/news',
  section: 'news',
  titles: { list: 'BackOffice.News.Title', create: 'BackOffice.News.NewPost', edit: 'BackOffice.News.EditPost' },
  related: [['backoffice/news/categories', 'BackOffice.News.Categories']],
  form: newsPostForm,
  fields: '../news/post-fields',
  publishable: true,
  choices: async ({ db, culture }) => ({ categories: await categoryChoices(db, { culture }) }),
  blank: ({ now }) => ({ Version: '1', Status: 'draft', PostedAt: epochToLocalTime(now), CategoryId: '', AssetId: '', PublishAt: '', UnpublishAt: '', ...galleryValues([]) }),
  formValues: (record: ItemRecord) => ({
    Version: String(record.version),
    CategoryId: String(record.columns.category_id),
    PostedAt: epochToLocalTime(record.columns.posted_at ?? null),
    AssetId: record.columns.asset_id === null ? '' : String(record.columns.asset_id),
    ...publishingValues(record.columns),
    ...galleryValues(record.gallery ?? []),
    ...translationValues(newsPostTables, record.translations),
  }),
  itemValues: postValues,
  preview: (req, res, record) => previewPost(req, res, record.id),
  embedPath: (record, culture) => `${postsWidgetPath(culture, 'blog', { categoryIds: [Number(record.columns.category_id)], displayChildren: false, postPerPage: 3 })}`,
};

async function categoryValues(data: Record<string, unknown>, { db, culture, id = null }: EditorContext) {
  const texts = postedTranslations(newsCategoryTables, data, { culture });
  const errors = { ...texts.errors };
  const parentId = idOrNull(data.ParentId);
  if (parentId !== null) {
    const parent = await findItem(db, newsCategoryTables, { id: parentId });
    // Two levels (the navigation's dropdowns): a parent is a top category, never the category itself.
    const hasChildren = id !== null && (await categoryChoices(db, { culture })).some((choice) => choice.parentId === id);
    if (!parent || parent.columns.parent_id !== null || parentId === id || hasChildren) errors.ParentId = 'BackOffice.Items.InvalidCategory';
  }
  return { values: { columns: { parent_id: parentId }, translations: texts.translations }, errors };
}

export const newsCategoryEditor: ItemEditor = {
  tables: newsCategoryTables,
  path: 'backoffice/news/categories',
  section: 'news',
  titles: { list: 'BackOffice.News.Categories', create: 'BackOffice.News.NewCategory', edit: 'BackOffice.News.EditCategory' },
  related: [['backoffice/news', 'BackOffice.News.Title']],
  form: newsCategoryForm,
  fields: '../news/category-fields',
  publishable: false,
  choices: async ({ db, culture }) => ({ categories: (await categoryChoices(db, { culture })).filter((choice) => choice.parentId === null) }),
  blank: () => ({ Version: '1', ParentId: '' }),
  formValues: (record) => ({ Version: String(record.version), ParentId: record.columns.parent_id === null ? '' : String(record.columns.parent_id), ...translationValues(newsCategoryTables, record.translations) }),
  itemValues: categoryValues,
  embedPath: (record, culture) => postsWidgetPath(culture, 'masonry', { categoryIds: [record.id], displayChildren: true, postPerPage: 9 }),
};
