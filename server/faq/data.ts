import type { Culture } from '../config';
import type { Db } from '../db';
import { isVisible } from '../content/publishing';

// The only queries on the FAQ tables. Every one answers visitors, so every one applies the one
// visibility rule (isVisible) to the category and, for entries, to the entry too.

export interface FaqCategoryRow {
  id: number;
  slug: string;
  title: string;
}

export interface FaqEntryRow {
  id: number;
  categoryId: number;
  anchor: string;
  question: string;
  answerHtml: string;
}

/** The visible categories in the culture, in their order; only those of `ids` when given. */
export async function visibleCategories(db: Db, { culture, now, ids }: { culture: Culture; now: number; ids?: number[] }): Promise<FaqCategoryRow[]> {
  let query = db
    .selectFrom('faq_categories')
    .innerJoin('faq_category_translations as translation', 'translation.category_id', 'faq_categories.id')
    .select(['faq_categories.id', 'translation.slug', 'translation.title'])
    .where('translation.culture', '=', culture)
    .where((eb) => isVisible(eb, 'faq_categories', now));
  if (ids) query = query.where('faq_categories.id', 'in', ids.length ? ids : [0]);
  return query.orderBy('faq_categories.position').orderBy('faq_categories.id').execute();
}

/** The visible category with this slug in the culture, or undefined. */
export async function visibleCategoryBySlug(db: Db, { culture, slug, now }: { culture: Culture; slug: string; now: number }): Promise<FaqCategoryRow | undefined> {
  return db
    .selectFrom('faq_categories')
    .innerJoin('faq_category_translations as translation', 'translation.category_id', 'faq_categories.id')
    .select(['faq_categories.id', 'translation.slug', 'translation.title'])
    .where('translation.culture', '=', culture)
    .where('translation.slug', '=', slug)
    .where((eb) => isVisible(eb, 'faq_categories', now))
    .executeTakeFirst();
}

/**
 * The slug in `culture` of the visible category that has `slug` in another culture (the culture switch
 * keeps the address's slug), or undefined.
 */
export async function slugInCulture(db: Db, { culture, slug, now }: { culture: Culture; slug: string; now: number }): Promise<string | undefined> {
  const owner = await db.selectFrom('faq_category_translations').select('category_id').where('slug', '=', slug).executeTakeFirst();
  if (!owner) return undefined;
  const [category] = await visibleCategories(db, { culture, now, ids: [owner.category_id] });
  return category?.slug;
}

/** The visible entries of these categories in the culture, in their order within each category. */
export async function visibleEntries(db: Db, { culture, now, categoryIds }: { culture: Culture; now: number; categoryIds: number[] }): Promise<FaqEntryRow[]> {
  if (categoryIds.length === 0) return [];
  return db
    .selectFrom('faq_entries')
    .innerJoin('faq_entry_translations as translation', 'translation.entry_id', 'faq_entries.id')
    .select(['faq_entries.id', 'faq_entries.category_id as categoryId', 'translation.anchor', 'translation.question', 'translation.answer_html as answerHtml'])
    .where('translation.culture', '=', culture)
    .where('faq_entries.category_id', 'in', categoryIds)
    .where((eb) => isVisible(eb, 'faq_entries', now))
    .orderBy('faq_entries.position')
    .orderBy('faq_entries.id')
    .execute();
}

/** The anchors of these entries in the other cultures: entry id -> its anchors elsewhere (a shared link of another culture's page). */
export async function anchorsElsewhere(db: Db, { culture, entryIds }: { culture: Culture; entryIds: number[] }): Promise<Map<number, string[]>> {
  const anchors = new Map<number, string[]>();
  if (entryIds.length === 0) return anchors;
  const rows = await db
    .selectFrom('faq_entry_translations')
    .select(['entry_id', 'anchor'])
    .where('entry_id', 'in', entryIds)
    .where('culture', '!=', culture)
    .orderBy('entry_id')
    .orderBy('culture')
    .execute();
  for (const row of rows) anchors.set(row.entry_id, [...(anchors.get(row.entry_id) ?? []), row.anchor]);
  return anchors;
}
