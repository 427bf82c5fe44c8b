import type { Transaction } from 'kysely';
import { type Culture, cultures } from '../../config';
import { sanitizeRichText } from '../../content/rich-text';
import { type DemoFaqEntry, demoFaq } from '../../faq/demo-content';
import type { Database } from '../schema';

type Tx = Transaction<Database>;

/** An entry's anchor in a culture: its question in lower-case ASCII words joined by hyphens. */
export function anchorOf(question: string): string {
  return question
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 80)
    .replace(/-$/, '');
}

/** Every entry's anchor per culture, by its demo key, for the {{#key}} links between answers. */
function anchorsByKey(): Map<string, DemoFaqEntry['question']> {
  const entries = demoFaq.flatMap((category) => category.entries);
  return new Map(entries.map((entry) => [entry.key, Object.fromEntries(cultures.map((culture) => [culture, anchorOf(entry.question[culture])])) as DemoFaqEntry['question']]));
}

function answerHtml(entry: DemoFaqEntry, culture: Culture, anchors: ReturnType<typeof anchorsByKey>): string {
  const linked = entry.answer[culture].replace(/\{\{#([\w-]+)\}\}/g, (_whole, key: string) => `#${anchors.get(key)![culture]}`);
  return sanitizeRichText(linked);
}

/** The demo FAQ (server/faq/demo-content.ts): categories and entries in every culture, answers sanitised on the way in. */
export async function seedFaq(tx: Tx): Promise<void> {
  const anchors = anchorsByKey();
  for (const [position, category] of demoFaq.entries()) {
    const { id: categoryId } = await tx
      .insertInto('faq_categories')
      .values({ status: 'published', publish_at: null, unpublish_at: null, position })
      .returning('id')
      .executeTakeFirstOrThrow();
    await tx
      .insertInto('faq_category_translations')
      .values(cultures.map((culture) => ({ category_id: categoryId, culture, slug: category.slug[culture], title: category.title[culture] })))
      .execute();
    for (const [entryPosition, entry] of category.entries.entries()) {
      const { id: entryId } = await tx
        .insertInto('faq_entries')
        .values({ category_id: categoryId, status: entry.status ?? 'published', publish_at: entry.publishAt ?? null, unpublish_at: null, position: entryPosition })
        .returning('id')
        .executeTakeFirstOrThrow();
      await tx
        .insertInto('faq_entry_translations')
        .values(cultures.map((culture) => ({ entry_id: entryId, culture, anchor: anchors.get(entry.key)![culture], question: entry.question[culture], answer_html: answerHtml(entry, culture, anchors) })))
        .execute();
    }
  }
}
