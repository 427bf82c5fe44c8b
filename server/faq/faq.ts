import type { Culture } from '../config';
import type { Db } from '../db';
import { BadInput, NotFound } from '../http/errors';
import { idOf } from '../shared/ids';
import { anchorsElsewhere, type FaqCategoryRow, type FaqEntryRow, slugInCulture, visibleCategories, visibleCategoryBySlug, visibleEntries } from './data';

export type FaqEntry = Omit<FaqEntryRow, 'categoryId'> & {
  /** The entry's anchors in the other cultures, less any this page uses already: `#anchor` of another culture's page opens it too. */
  aliases: string[];
};

export interface FaqCategory extends FaqCategoryRow {
  entries: FaqEntry[];
}

/**
 * Anchors are per culture (the question's words), so a link shared from another culture's page names
 * the entry by that culture's anchor: each entry answers to those too. An anchor of this page's own
 * entries, or one that two entries would share, stays with the first to hold it (ids stay unique).
 */
function aliasesOf(entries: FaqEntryRow[], elsewhere: Map<number, string[]>): Map<number, string[]> {
  const taken = new Set(entries.map((entry) => entry.anchor));
  return new Map(
    entries.map((entry) => {
      const aliases = (elsewhere.get(entry.id) ?? []).filter((anchor) => !taken.has(anchor));
      aliases.forEach((anchor) => taken.add(anchor));
      return [entry.id, aliases];
    }),
  );
}

async function withEntries(db: Db, culture: Culture, now: number, categories: FaqCategoryRow[]): Promise<FaqCategory[]> {
  const entries = await visibleEntries(db, { culture, now, categoryIds: categories.map((category) => category.id) });
  const aliases = aliasesOf(entries, await anchorsElsewhere(db, { culture, entryIds: entries.map((entry) => entry.id) }));
  return categories.map((category) => ({
    ...category,
    entries: entries
      .filter((entry) => entry.categoryId === category.id)
      .map(({ categoryId: _categoryId, ...entry }) => ({ ...entry, aliases: aliases.get(entry.id) ?? [] })),
  }));
}

/** Every visible category of the culture with its visible entries (the FAQ page). */
export async function loadFaq(db: Db, { culture, now }: { culture: Culture; now: number }): Promise<FaqCategory[]> {
  return withEntries(db, culture, now, await visibleCategories(db, { culture, now }));
}

/**
 * One visible category by its slug, with its visible entries; another culture's slug of a visible
 * category answers that category's slug in this culture (to redirect to); else a 404.
 */
export async function loadFaqCategory(db: Db, { culture, slug, now }: { culture: Culture; slug: string; now: number }): Promise<FaqCategory | { movedTo: string }> {
  const category = await visibleCategoryBySlug(db, { culture, slug, now });
  if (!category) {
    const movedTo = await slugInCulture(db, { culture, slug, now });
    if (!movedTo) throw new NotFound();
    return { movedTo };
  }
  const [found] = await withEntries(db, culture, now, [category]);
  return found;
}

/** The categories a widget names, in the order named; one that is not visible makes the whole a 404. */
export async function loadFaqWidget(db: Db, { culture, ids, now }: { culture: Culture; ids: number[]; now: number }): Promise<FaqCategory[]> {
  const categories = await visibleCategories(db, { culture, now, ids });
  const byId = new Map(categories.map((category) => [category.id, category]));
  if (ids.some((id) => !byId.has(id))) throw new NotFound();
  return withEntries(db, culture, now, ids.map((id) => byId.get(id)!));
}

const MAX_CATEGORIES = 20;

/** "3" or "1,2,4": distinct category ids; anything else is a 400 naming the categoryIds segment. */
export function parseCategoryIds(text: string): number[] {
  const ids = text.split(',').map((part) => idOf(part.trim()));
  if (ids.length > MAX_CATEGORIES || ids.some((id) => id === null)) throw new BadInput({ categoryIds: 'Faq.InvalidCategoryIds' }, 'Core.ErrorTitle', { resourceKey: 'Faq.InvalidCategoryIds' });
  return [...new Set(ids as number[])];
}
