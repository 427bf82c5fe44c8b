// The fields every back-office content form shares (news, FAQ, projects): its version, its publishing
// state and window, and one set of translated fields per culture (Title_fr, Slug_fr ...). A culture is
// written when its label field has text; the slug then defaults to the label's words.
import { cultures, type Culture } from '../config';
import { field, type FieldBuilder } from '../forms';
import { contentStatuses } from './publishing';
import { SHOP_TIME_ZONE } from '../shared/time-zone';
import { fieldName, type ItemTables, type ItemValues, type Texts } from './admin-items';

export const SLUG_PATTERN = /[a-z0-9]+(?:-[a-z0-9]+)*/;
/** A datetime-local input's value: the shop's wall-clock time. */
const LOCAL_TIME = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

export const publishingFields = {
  Status: field.select(contentStatuses.map((status) => ({ value: status, label: `BackOffice.Items.Status.${status}` }))).required(),
  PublishAt: field.text().regex(LOCAL_TIME, 'BackOffice.Items.InvalidTime'),
  UnpublishAt: field.text().regex(LOCAL_TIME, 'BackOffice.Items.InvalidTime'),
};

export const versionField = { Version: field.hidden().required().regex(/[1-9]\d{0,8}/) };

export type TranslatedShape = Record<string, FieldBuilder<unknown>>;

/** Each culture's copy of `fields` (keyed by column), named as admin-items names them. */
export function translatedFields(fields: Record<string, () => FieldBuilder<unknown>>): TranslatedShape {
  const shape: TranslatedShape = {};
  for (const culture of cultures) for (const [column, make] of Object.entries(fields)) shape[fieldName(column, culture)] = make();
  return shape;
}

/** A gallery: asset ids in order (at most 30), and per culture the pictures' alternatives, one per line. */
export function galleryFields(): TranslatedShape {
  const shape: TranslatedShape = { GalleryIds: field.text().maxlength(400).regex(/[1-9]\d{0,8}(?:,[1-9]\d{0,8}){0,29}/, 'BackOffice.Items.InvalidGallery') };
  for (const culture of cultures) shape[`GalleryAlts_${culture}`] = field.textarea().maxlength(10_000);
  return shape;
}

export const slugField = () => field.text().maxlength(120).regex(SLUG_PATTERN, 'BackOffice.Items.InvalidSlug');

// Letters NFKD does not split into a base letter and an accent.
const SPELLED: Record<string, string> = { ß: 'ss', œ: 'oe', æ: 'ae', ø: 'o', đ: 'd', ł: 'l', þ: 'th' };

/** The words of a label as a slug: lower-case ASCII words joined by hyphens. */
export function slugify(text: string): string {
  return text.toLowerCase().replace(/[ßœæøđłþ]/g, (letter) => SPELLED[letter]!).normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 120).replace(/-+$/, '');
}

/**
 * The translations a valid post holds, texts trimmed (rich texts through `clean`), and the errors of a
 * culture begun without its label, or of a post with no culture at all (on `culture`'s label).
 */
export function postedTranslations(
  tables: ItemTables,
  data: Record<string, unknown>,
  { culture, clean = {} }: { culture: Culture; clean?: Record<string, (text: string) => string> },
): { translations: ItemValues['translations']; errors: Record<string, string> } {
  const translations: ItemValues['translations'] = {};
  const errors: Record<string, string> = {};
  for (const each of cultures) {
    const texts: Texts = {};
    for (const column of tables.texts) {
      const text = String(data[fieldName(column, each)] ?? '').trim();
      texts[column] = clean[column] && text ? clean[column]!(text) : text;
    }
    const begun = tables.texts.some((column) => texts[column] !== '');
    if (!begun) continue;
    if (!texts[tables.label]) errors[fieldName(tables.label, each)] = 'BackOffice.Items.LabelRequired';
    if (tables.slug) {
      texts[tables.slug] ||= slugify(texts[tables.label] ?? '');
      if (!texts[tables.slug]) errors[fieldName(tables.slug, each)] = 'BackOffice.Items.InvalidSlug';
    }
    translations[each] = texts;
  }
  if (Object.keys(translations).length === 0) errors[fieldName(tables.label, culture)] = 'BackOffice.Items.OneCultureRequired';
  return { translations, errors };
}

/** A record's translations as the form's values. */
export function translationValues(tables: ItemTables, translations: ItemValues['translations']): Record<string, string> {
  const values: Record<string, string> = {};
  for (const culture of cultures) for (const column of tables.texts) values[fieldName(column, culture)] = translations[culture]?.[column] ?? '';
  return values;
}

/** The shop's wall-clock time (yyyy-mm-ddTHH:MM) as epoch ms; '' is null. */
export function localTimeToEpoch(text: string): number | null {
  if (!text) return null;
  const [date, time] = text.split('T') as [string, string];
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  const asUtc = Date.UTC(year, month - 1, day, hour, minute);
  // The zone's offset at that moment, read back from Intl (twice: the first guess may sit across a change).
  let epoch = asUtc - offsetAt(asUtc);
  epoch = asUtc - offsetAt(epoch);
  return epoch;
}

/** Epoch ms as the shop's wall-clock time for a datetime-local input; null is ''. */
export function epochToLocalTime(value: number | string | null): string {
  if (value === null || value === '') return '';
  const epoch = Number(value);
  return new Date(epoch + offsetAt(epoch)).toISOString().slice(0, 16);
}

const parts = new Intl.DateTimeFormat('en-GB', { timeZone: SHOP_TIME_ZONE, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' });

function offsetAt(epoch: number): number {
  const value = Object.fromEntries(parts.formatToParts(new Date(epoch)).map((part) => [part.type, part.value]));
  const wall = Date.UTC(Number(value.year), Number(value.month) - 1, Number(value.day), Number(value.hour), Number(value.minute), Number(value.second));
  return wall - Math.floor(epoch / 1000) * 1000;
}

/** The publishing columns of a valid post, or the error of a window that ends before it starts. */
export function publishingColumns(data: { Status: string; PublishAt: string; UnpublishAt: string }): { columns: { status: string; publish_at: number | null; unpublish_at: number | null }; errors: Record<string, string> } {
  const columns = { status: data.Status, publish_at: localTimeToEpoch(data.PublishAt), unpublish_at: localTimeToEpoch(data.UnpublishAt) };
  const errors: Record<string, string> = {};
  if (columns.publish_at !== null && columns.unpublish_at !== null && columns.unpublish_at <= columns.publish_at) errors.UnpublishAt = 'BackOffice.Items.WindowEndsFirst';
  return { columns, errors };
}

/** A record's publishing columns as form values. */
export function publishingValues(columns: Record<string, string | number | null>): { Status: string; PublishAt: string; UnpublishAt: string } {
  return { Status: String(columns.status ?? 'draft'), PublishAt: epochToLocalTime(columns.publish_at ?? null), UnpublishAt: epochToLocalTime(columns.unpublish_at ?? null) };
}

/** The state a list shows: draft, scheduled (published, window not begun), published, or expired. */
export function publishingState(columns: Record<string, string | number | null>, now: number): 'draft' | 'scheduled' | 'published' | 'expired' {
  if (columns.status !== 'published') return 'draft';
  if (columns.publish_at !== null && columns.publish_at !== undefined && Number(columns.publish_at) > now) return 'scheduled';
  if (columns.unpublish_at !== null && columns.unpublish_at !== undefined && Number(columns.unpublish_at) <= now) return 'expired';
  return 'published';
}
