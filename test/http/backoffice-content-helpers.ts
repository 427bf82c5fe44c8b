// Helpers of the back office's content tests (backoffice-news, -faq, -projects): a form's body with its
// translated fields (Title_fr ...), the values a page's form holds, counts of rows, the audit and
// revisions of an item.
import type { TestApp } from '../support/app';
import { type Html, parseHtml } from '../support/html';
import type { Agent } from './backoffice-helpers';

/** Translated fields by column and culture -> the posted names: { title: { fr: 'x' } } -> { Title_fr: 'x' }. */
export function translatedBody(texts: Record<string, Partial<Record<string, string>>>): Record<string, string> {
  const body: Record<string, string> = {};
  for (const [column, byCulture] of Object.entries(texts)) {
    const name = column.replace(/_html$/, '').split('_').map((word) => word[0]!.toUpperCase() + word.slice(1)).join('');
    for (const [culture, text] of Object.entries(byCulture)) body[`${name}_${culture}`] = text ?? '';
  }
  return body;
}

/** The values of a page's first form.backoffice-form, as posted (selects: their selected option). */
export function formValues(page: Html): Record<string, string> {
  const form = page.querySelector('form.backoffice-form');
  if (!form) throw new Error('No back-office form in the page');
  const values: Record<string, string> = {};
  for (const input of form.querySelectorAll('input[name], textarea[name], select[name]')) {
    const name = input.getAttribute('name')!;
    if (input.tagName === 'TEXTAREA') values[name] = input.textContent;
    else if (input.tagName === 'SELECT') values[name] = input.querySelector('option[selected]')?.getAttribute('value') ?? '';
    else if (input.getAttribute('type') === 'checkbox') values[name] = input.getAttribute('checked') !== undefined ? 'true' : '';
    else values[name] = input.getAttribute('value') ?? '';
  }
  return values;
}

/** The edit form of an item: its page and the values it holds (with the page's _csrf). */
export async function editForm(agent: Agent, path: string): Promise<{ page: Html; values: Record<string, string> }> {
  const answer = await agent.get(path);
  if (answer.status !== 200) throw new Error(`${path} answered ${answer.status}`);
  const page = parseHtml(answer.text);
  return { page, values: formValues(page) };
}

export async function countRows(testApp: TestApp, table: 'news_posts' | 'news_post_translations' | 'news_categories' | 'faq_categories' | 'faq_entries' | 'faq_entry_translations' | 'projects' | 'project_categories' | 'project_translations' | 'audit_log' | 'revisions'): Promise<number> {
  const row = await testApp.db.selectFrom(table).select((eb) => eb.fn.countAll().as('count')).executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function auditActions(testApp: TestApp, entity: string, id: number): Promise<string[]> {
  const rows = await testApp.db.selectFrom('audit_log').select('action').where('entity', '=', entity).where('entity_id', '=', String(id)).orderBy('id').execute();
  return rows.map((row) => row.action);
}

export async function revisionVersions(testApp: TestApp, entity: string, id: number): Promise<number[]> {
  const rows = await testApp.db.selectFrom('revisions').select('version').where('entity', '=', entity).where('entity_id', '=', id).orderBy('version').execute();
  return rows.map((row) => Number(row.version));
}

/** The id at the end of a 303's Location (…/backoffice/news/12). */
export function createdId(location: string | undefined): number {
  const match = /\/(\d+)$/.exec(location ?? '');
  if (!match) throw new Error(`No id in ${location}`);
  return Number(match[1]);
}
