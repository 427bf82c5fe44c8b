// The back office's FAQ editors (server/content/admin-routes.ts serves them): entries (question, anchor
// and answer per culture, in a category) and their categories, each with a publishing state and window.
import type { Request, Response } from 'express';
import type { Culture } from '../config';
import { registerPreview } from '../backoffice/preview';
import type { EditorContext, ItemEditor } from '../content/admin-editor';
import { postedTranslations, publishingColumns, publishingValues, translationValues } from '../content/admin-fields';
import { findItem } from '../content/admin-items';
import { sanitizeRichText } from '../content/rich-text';
import { renderPage } from '../http/render';
import { pageOrigin } from '../http/site-url';
import { anyCategoryWithEntries, faqCategoryChoices, faqCategoryTables, faqEntryTables } from './admin-data';
import { faqCategoryForm, faqEntryForm } from './admin-forms';
import { loadFaq } from './faq';
import { faqJsonLd } from './json-ld';

type Publishing = { Status: string; PublishAt: string; UnpublishAt: string };

/** A category's page as visitors will see it, with every entry it has in the culture, whatever their state. */
async function previewCategory(req: Request, res: Response, id: number): Promise<boolean> {
  const culture = res.locals.culture as Culture;
  const category = await anyCategoryWithEntries(req.app.locals.db, { id, culture });
  if (!category) return false;
  const navigation = await loadFaq(req.app.locals.db, { culture, now: Date.now() });
  const jsonLd = faqJsonLd([category], pageOrigin(req) + res.locals.href(`faq/${category.slug}`));
  await renderPage(req, res, 'faq/index', { title: category.title, categories: [category], current: category, navigation, jsonLd });
  return true;
}

/** An entry shows on its category's page: the preview is that page with the entry in it. */
async function previewEntry(req: Request, res: Response, id: number): Promise<boolean> {
  const entry = await findItem(req.app.locals.db, faqEntryTables, { id });
  if (!entry?.translations[res.locals.culture as Culture]) return false;
  return previewCategory(req, res, Number(entry.columns.category_id));
}
registerPreview(faqCategoryTables, previewCategory);
registerPreview(faqEntryTables, previewEntry);

const widgetPath = (categoryId: unknown, culture: Culture) => `/${culture}/widget/faq/${Number(categoryId)}`;

export const faqEntryEditor: ItemEditor = {
  tables: faqEntryTables,
  path: 'backoffice/faq',
  section: 'faq',
  titles: { list: 'BackOffice.Faq.Title', create: 'BackOffice.Faq.NewEntry', edit: 'BackOffice.Faq.EditEntry' },
  related: [['backoffice/faq/categories', 'BackOffice.Faq.Categories']],
  form: faqEntryForm,
  fields: '../faq/entry-fields',
  publishable: true,
  choices: async ({ db, culture }) => ({ categories: await faqCategoryChoices(db, { culture }) }),
  blank: () => ({ Version: '1', Status: 'draft', CategoryId: '', PublishAt: '', UnpublishAt: '' }),
  formValues: (record) => ({ Version: String(record.version), CategoryId: String(record.columns.category_id), ...publishingValues(record.columns), ...translationValues(faqEntryTables, record.translations) }),
  itemValues: async (data, { db, culture }: EditorContext) => {
    const { columns, errors } = publishingColumns(data as Publishing);
    const texts = postedTranslations(faqEntryTables, data, { culture, clean: { answer_html: sanitizeRichText } });
    const categoryId = Number(data.CategoryId);
    if (!(await faqCategoryChoices(db, { culture })).some((choice) => choice.id === categoryId)) errors.CategoryId = 'BackOffice.Items.InvalidCategory';
    return { values: { columns: { ...columns, category_id: categoryId }, translations: texts.translations }, errors: { ...errors, ...texts.errors } };
  },
  preview: (req, res, record) => previewEntry(req, res, record.id),
  embedPath: (record, culture) => widgetPath(record.columns.category_id, culture),
};

export const faqCategoryEditor: ItemEditor = {
  tables: faqCategoryTables,
  path: 'backoffice/faq/categories',
  section: 'faq',
  titles: { list: 'BackOffice.Faq.Categories', create: 'BackOffice.Faq.NewCategory', edit: 'BackOffice.Faq.EditCategory' },
  related: [['backoffice/faq', 'BackOffice.Faq.Title']],
  form: faqCategoryForm,
  fields: '../faq/category-fields',
  publishable: true,
  choices: async () => ({}),
  blank: () => ({ Version: '1', Status: 'draft', PublishAt: '', UnpublishAt: '' }),
  formValues: (record) => ({ Version: String(record.version), ...publishingValues(record.columns), ...translationValues(faqCategoryTables, record.translations) }),
  itemValues: async (data, { culture }: EditorContext) => {
    const { columns, errors } = publishingColumns(data as Publishing);
    const texts = postedTranslations(faqCategoryTables, data, { culture });
    return { values: { columns, translations: texts.translations }, errors: { ...errors, ...texts.errors } };
  },
  preview: (req, res, record) => previewCategory(req, res, record.id),
  embedPath: (record, culture) => widgetPath(record.id, culture),
};
