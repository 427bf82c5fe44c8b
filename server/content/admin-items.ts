// The back office's writes on a translated content table (news posts and categories, FAQ categories and
// entries, projects and their categories): one row plus one translation row per culture. Each feature's
// admin-data.ts describes its tables with an ItemTables; these run inside the transactions of
// server/backoffice/revisions.ts (version claimed, revision and audit written around them).
import type { Kysely, Transaction } from 'kysely';
import { cultures, type Culture } from '../config';
import type { Db } from '../db';
import type { Database } from '../db/schema';
import { toNumber } from '../db/normalise';
import type { VersionedTable } from '../backoffice/revisions';
import { deleteGallery, type GalleryPicture, type GalleryTables, loadGallery, replaceGallery } from './admin-gallery';
import { BadInput, Conflict, NotFound } from '../http/errors';

// The tables are named by the description, so the queries here cannot be typed by Kysely's schema: the
// descriptions in the admin-data modules are checked against it instead (ItemTables's generic keys).
type Loose = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any
type Executor = Db | Transaction<Database>;
const loose = (db: Executor) => db as unknown as Loose;

export interface ItemTables {
  /** The audit log's and revisions' entity name: 'news-post', 'faq-category', ... */
  entity: string;
  table: VersionedTable;
  /** The translation table; none for a table without texts per culture (the home page's partners). */
  translations?: keyof Database & string;
  /** The translation table's column naming the row. */
  key?: string;
  /** The translation column unique per culture (slug, or an FAQ entry's anchor); none for popups and banners. */
  slug?: string;
  /** The translation column a list shows (title, name, question); a column of the row where there are no translations. */
  label: string;
  /** Editable columns of the row (positions and versions are kept here). */
  columns: readonly string[];
  /** Translated columns, slug and label included. */
  texts: readonly string[];
  /** The column that groups rows for ordering (a category, a parent); none: one list. */
  scope?: string;
  /** Whether the row has a created_at to set on insert. */
  created?: boolean;
  /** The item's gallery of pictures (news posts, projects). */
  gallery?: GalleryTables;
  /** Rows that keep this one from being deleted (a category's children and items). */
  dependents?: readonly { table: keyof Database & string; column: string }[];
}

export type Texts = Record<string, string>;
export interface ItemValues {
  columns: Record<string, string | number | null>;
  /** Only the cultures the item is written in; a culture left out has no translation. */
  translations: Partial<Record<Culture, Texts>>;
  /** The gallery, where the item has one (undefined: left as it is). */
  gallery?: GalleryPicture[];
}
export interface ItemRecord extends ItemValues {
  id: number;
  version: number;
  position: number;
}
export interface ItemSummary {
  id: number;
  position: number;
  version: number;
  columns: Record<string, string | number | null>;
  label: string;
  /** The cultures it is translated in. */
  cultures: Culture[];
}

/** A page of rows in list order (scope, position, id), labelled in `culture` (or their first translation), and how many there are. */
export async function listItems(db: Executor, tables: ItemTables, { culture, offset, limit }: { culture: Culture; offset: number; limit: number }): Promise<{ total: number; items: ItemSummary[] }> {
  const count = await loose(db).selectFrom(tables.table).select((eb) => eb.fn.countAll().as('total')).executeTakeFirstOrThrow();
  const rows = await loose(db).selectFrom(tables.table).selectAll().orderBy(tables.scope ?? 'id').orderBy('position').orderBy('id').offset(offset).limit(limit).execute();
  const ids = rows.map((row) => row.id);
  const { translations, key = '' } = tables;
  const texts = ids.length && translations ? await loose(db).selectFrom(translations).select([key, 'culture', tables.label]).where(key, 'in', ids).execute() : [];
  const items = rows.map((row) => {
    const own = texts.filter((text) => text[key] === row.id);
    const label = translations ? (own.find((text) => text.culture === culture) ?? own[0])?.[tables.label] ?? '' : String(row[tables.label] ?? '');
    const present = cultures.filter((each) => own.some((text) => text.culture === each));
    return { id: row.id, position: toNumber(row.position), version: toNumber(row.version), columns: pick(row, tables.columns), label, cultures: present };
  });
  return { total: toNumber(count.total), items };
}

/** One row with all its translations, or null. */
export async function findItem(db: Executor, tables: ItemTables, { id }: { id: number }): Promise<ItemRecord | null> {
  const row = await loose(db).selectFrom(tables.table).selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) return null;
  const texts = tables.translations ? await loose(db).selectFrom(tables.translations).selectAll().where(tables.key!, '=', id).execute() : [];
  const translations: ItemValues['translations'] = {};
  for (const culture of cultures) {
    const text = texts.find((each) => each.culture === culture);
    if (text) translations[culture] = Object.fromEntries(tables.texts.map((name) => [name, String(text[name] ?? '')]));
  }
  const gallery = tables.gallery ? { gallery: await loadGallery(db, tables.gallery, id) } : {};
  return { id: row.id, version: toNumber(row.version), position: toNumber(row.position), columns: pick(row, tables.columns), translations, ...gallery };
}

/** Inserts a row at the end of its scope with its translations; the new id. */
export async function createItem(trx: Transaction<Database>, tables: ItemTables, values: ItemValues, now: number): Promise<number> {
  await refuseSlugClash(trx, tables, values, null);
  const scopeValue = tables.scope ? values.columns[tables.scope] : undefined;
  let last = loose(trx).selectFrom(tables.table).select((eb) => eb.fn.max('position').as('last'));
  if (tables.scope) last = last.where(tables.scope, scopeValue === null ? 'is' : '=', scopeValue);
  const { last: position } = await last.executeTakeFirstOrThrow();
  const row = { ...values.columns, position: position === null ? 0 : toNumber(position) + 1, version: 1, ...(tables.created ? { created_at: now } : {}) };
  const inserted = await loose(trx).insertInto(tables.table).values(row).returning('id').executeTakeFirstOrThrow();
  await writeTranslations(trx, tables, inserted.id, values);
  if (tables.gallery && values.gallery) await replaceGallery(trx, tables.gallery, inserted.id, values.gallery);
  return inserted.id;
}

/**
 * Writes the row's columns and its translations (a culture left out loses its translation). The
 * version is claimed around it by server/backoffice/revisions.ts saveWithVersion.
 */
export async function writeItem(trx: Transaction<Database>, tables: ItemTables, { id, values }: { id: number; values: ItemValues }): Promise<void> {
  await refuseSlugClash(trx, tables, values, id);
  await loose(trx).updateTable(tables.table).set(values.columns).where('id', '=', id).execute();
  if (tables.translations) await loose(trx).deleteFrom(tables.translations).where(tables.key!, '=', id).execute();
  await writeTranslations(trx, tables, id, values);
  if (tables.gallery && values.gallery) await replaceGallery(trx, tables.gallery, id, values.gallery);
}

/** Deletes the row and its translations; refused while other rows depend on it (a 409, nothing deleted). */
export async function deleteItem(trx: Transaction<Database>, tables: ItemTables, { id }: { id: number }): Promise<void> {
  if (await hasDependents(trx, tables, id)) throw new Conflict('BackOffice.Items.HasChildren');
  if (tables.gallery) await deleteGallery(trx, tables.gallery, id);
  if (tables.translations) await loose(trx).deleteFrom(tables.translations).where(tables.key!, '=', id).execute();
  await loose(trx).deleteFrom(tables.table).where('id', '=', id).execute();
}

/** Whether rows of the dependent tables point at this one (the delete page says so before asking). */
export async function hasDependents(db: Executor, tables: ItemTables, id: number): Promise<boolean> {
  for (const dependent of tables.dependents ?? []) {
    const row = await loose(db).selectFrom(dependent.table).select('id').where(dependent.column, '=', id).limit(1).executeTakeFirst();
    if (row) return true;
  }
  return false;
}

/**
 * Moves a row one place up or down within its scope: the scope's rows are numbered again 0..n-1 in
 * their new order (older rows may share a position). The positions before and after; unchanged at an end.
 */
export async function moveItem(trx: Transaction<Database>, tables: ItemTables, { id, direction }: { id: number; direction: 'up' | 'down' }) {
  const row = await loose(trx).selectFrom(tables.table).selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw new NotFound();
  let siblings = loose(trx).selectFrom(tables.table).select('id').orderBy('position').orderBy('id');
  if (tables.scope) siblings = siblings.where(tables.scope, row[tables.scope] === null ? 'is' : '=', row[tables.scope]);
  const ids: number[] = (await siblings.execute()).map((sibling) => sibling.id);
  const from = ids.indexOf(id);
  const to = direction === 'up' ? from - 1 : from + 1;
  if (to >= 0 && to < ids.length) [ids[from], ids[to]] = [ids[to]!, ids[from]!];
  for (const [position, each] of ids.entries()) await loose(trx).updateTable(tables.table).set({ position }).where('id', '=', each).execute();
  return { before: toNumber(row.position), after: ids.indexOf(id) };
}

async function writeTranslations(trx: Transaction<Database>, tables: ItemTables, id: number, values: ItemValues): Promise<void> {
  for (const culture of cultures) {
    const texts = values.translations[culture];
    if (texts && tables.translations) await loose(trx).insertInto(tables.translations).values({ ...texts, [tables.key!]: id, culture }).execute();
  }
}

/** A slug (or anchor) another row already has in the same culture: a 400 on that culture's field. */
async function refuseSlugClash(db: Executor, tables: ItemTables, values: ItemValues, id: number | null): Promise<void> {
  const { slug: slugColumn, translations, key } = tables;
  if (!slugColumn || !translations || !key) return;
  const errors: Record<string, string> = {};
  for (const culture of cultures) {
    const slug = values.translations[culture]?.[slugColumn];
    if (!slug) continue;
    let query = loose(db).selectFrom(translations).select(key).where('culture', '=', culture).where(slugColumn, '=', slug);
    if (id !== null) query = query.where(key, '<>', id);
    if (await query.executeTakeFirst()) errors[fieldName(slugColumn, culture)] = 'BackOffice.Items.SlugTaken';
  }
  if (Object.keys(errors).length > 0) throw new BadInput(errors);
}

/** What names a record in titles: its label in the culture (else its first translation), or its label column where it has no translations. */
export function itemLabel(tables: ItemTables, record: ItemRecord, culture: Culture): string {
  const label = tables.translations ? (record.translations[culture] ?? Object.values(record.translations)[0])?.[tables.label] : record.columns[tables.label];
  return label ? String(label) : `#${record.id}`;
}

/** A translated field's posted name: Title_fr, Slug_nl (forms.ts builds the same names). */
export function fieldName(column: string, culture: Culture): string {
  const words = column.replace(/_html$/, '').split('_').map((word) => word[0]!.toUpperCase() + word.slice(1));
  return `${words.join('')}_${culture}`;
}

function pick(row: Record<string, unknown>, names: readonly string[]): Record<string, string | number | null> {
  return Object.fromEntries(names.map((name) => [name, normalise(row[name])]));
}

function normalise(value: unknown): string | number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number' || typeof value === 'string') return value;
  return String(value);
}
