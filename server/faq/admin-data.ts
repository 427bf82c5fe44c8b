// The back office's queries on the FAQ tables (visitors' are in data.ts): the descriptions the shared
// content writes use (server/content/admin-items.ts), the categories a form offers, and a category with
// its entries whatever their state, for the preview.
import type { Culture } from '../config';
import type { Db } from '../db';
import type { ItemTables } from '../content/admin-items';
import type { FaqCategory } from './faq';

export const faqCategoryTables: ItemTables = {
  entity: 'faq-category',
  table: 'faq_categories',
  translations: 'faq_category_translations',
  key: 'category_id',
  slug: 'slug',
  label: 'title',
  columns: ['status', 'publish_at', 'unpublish_at'],
  texts: ['title', 'slug'],
  dependents: [{ table: 'faq_entries', column: 'category_id' }],
};

export const faqEntryTables: ItemTables = {
  entity: 'faq-entry',
  table: 'faq_entries',
  translations: 'faq_entry_translations',
  key: 'entry_id',
  slug: 'anchor',
  label: 'question',
  columns: ['category_id', 'status', 'publish_at', 'unpublish_at'],
  texts: ['question', 'anchor', 'answer_html'],
  scope: 'category_id',
};

/** Every category, named in the culture (or any culture it has), in their order. */
export async function faqCategoryChoices(db: Db, { culture }: { culture: Culture }): Promise<{ id: number; name: string }[]> {
  const rows = await db
    .selectFrom('faq_categories as c')
    .leftJoin('faq_category_translations as t', 't.category_id', 'c.id')
    .select(['c.id', 't.culture', 't.title'])
    .orderBy('c.position')
    .orderBy('c.id')
    .execute();
  const choices = new Map<number, { id: number; name: string }>();
  for (const row of rows) {
    if (!choices.has(row.id) || (row.culture === culture && row.title)) choices.set(row.id, { id: row.id, name: row.title ?? `#${row.id}` });
  }
  return [...choices.values()];
}

/** A category in the culture with every entry it has there, whatever their state (the preview); null without a translation. */
export async function anyCategoryWithEntries(db: Db, { id, culture }: { id: number; culture: Culture }): Promise<FaqCategory | null> {
  const category = await db
    .selectFrom('faq_categories')
    .innerJoin('faq_category_translations as t', 't.category_id', 'faq_categories.id')
    .select(['faq_categories.id', 't.slug', 't.title'])
    .where('faq_categories.id', '=', id)
    .where('t.culture', '=', culture)
    .executeTakeFirst();
  if (!category) return null;
  const entries = await db
    .selectFrom('faq_entries')
    .innerJoin('faq_entry_translations as t', 't.entry_id', 'faq_entries.id')
    .select(['faq_entries.id', 't.anchor', 't.question', 't.answer_html as answerHtml'])
    .where('faq_entries.category_id', '=', id)
    .where('t.culture', '=', culture)
    .orderBy('faq_entries.position')
    .orderBy('faq_entries.id')
    .execute();
  // A preview names each entry by this culture's anchor only.
  return { ...category, entries: entries.map((entry) => ({ ...entry, aliases: [] })) };
}
