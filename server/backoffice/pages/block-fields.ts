// The form of each block type in the pages editor: its shared settings and its texts in one culture as
// plain fields (posted as Settings.{name} and Texts.{name}), turned into the objects the type's zod
// schemas check (server/content/blocks). Image settings are asset id fields (views/partials/backoffice/
// asset-field.ejs, enhanced by the asset library); a type whose structure is a list of items
// (collapses) is edited as JSON.
import { z } from 'zod';
import { BadInput, type FieldErrors } from '../../http/errors';
import { blockTypeOf, blockTypes } from '../../content/blocks/registry';

export type SettingKind = 'asset' | 'assets' | 'ids' | 'int' | 'text' | 'checkbox' | 'json' | { select: string[] };
export type TextKind = 'text' | 'textarea' | 'richtext' | 'lines' | 'json';

export interface BlockForm {
  settings: { name: string; kind: SettingKind }[];
  texts: { name: string; kind: TextKind }[];
}

const titleOnly: BlockForm['texts'] = [{ name: 'title', kind: 'text' }];

export const blockForms: Record<string, BlockForm> = {
  'rich-text': { settings: [], texts: [{ name: 'html', kind: 'richtext' }] },
  image: { settings: [{ name: 'assetId', kind: 'asset' }], texts: [{ name: 'alt', kind: 'text' }, { name: 'caption', kind: 'text' }] },
  gallery: { settings: [{ name: 'assetIds', kind: 'assets' }], texts: [{ name: 'title', kind: 'text' }, { name: 'alts', kind: 'lines' }] },
  collapses: { settings: [{ name: 'layout', kind: { select: ['columns', 'tabs'] } }, { name: 'columns', kind: 'int' }, { name: 'items', kind: 'json' }], texts: [{ name: 'title', kind: 'text' }, { name: 'items', kind: 'json' }] },
  video: { settings: [{ name: 'provider', kind: { select: ['youtube', 'vimeo'] } }, { name: 'videoId', kind: 'text' }, { name: 'posterAssetId', kind: 'asset' }], texts: titleOnly },
  banner: { settings: [{ name: 'assetId', kind: 'asset' }, { name: 'link', kind: 'text' }], texts: [{ name: 'title', kind: 'text' }, { name: 'text', kind: 'textarea' }, { name: 'action', kind: 'text' }, { name: 'alt', kind: 'text' }] },
  'contact-form': { settings: [], texts: [] },
  'product-carousel': { settings: [{ name: 'categoryId', kind: 'int' }, { name: 'productIds', kind: 'ids' }, { name: 'limit', kind: 'int' }], texts: titleOnly },
  'news-list': { settings: [{ name: 'categoryIds', kind: 'ids' }, { name: 'displayChildren', kind: 'checkbox' }, { name: 'postPerPage', kind: 'int' }], texts: titleOnly },
  faq: { settings: [{ name: 'categoryIds', kind: 'ids' }], texts: titleOnly },
  'projects-grid': { settings: [{ name: 'categoryIds', kind: 'ids' }], texts: titleOnly },
  map: { settings: [{ name: 'categoryIds', kind: 'ids' }, { name: 'zoom', kind: 'int' }], texts: titleOnly },
  'page-break': { settings: [], texts: [] },
};

export const blockTypeNames = Object.keys(blockTypes);

const settingName = (name: string) => `Settings.${name}`;
const textName = (name: string) => `Texts.${name}`;
const INVALID = 'BackOffice.Pages.InvalidField';

/** A posted value as text ('' when absent; the first of repeated values). */
function textOf(body: Record<string, unknown>, name: string): string {
  const value = Array.isArray(body[name]) ? (body[name] as unknown[])[0] : body[name];
  return typeof value === 'string' ? value : '';
}

const ID = /^[1-9]\d{0,8}$/;

/** One posted setting as its schema expects it; undefined leaves it out (an empty optional field). */
function settingValue(kind: SettingKind, text: string): unknown {
  const trimmed = text.trim();
  if (kind === 'checkbox') return trimmed === 'true' || trimmed === 'on';
  if (trimmed === '') return kind === 'assets' || kind === 'ids' ? [] : undefined;
  if (kind === 'asset' || kind === 'int') return /^-?\d{1,9}$/.test(trimmed) ? Number(trimmed) : NaN;
  if (kind === 'assets' || kind === 'ids') return trimmed.split(/[\s,;]+/).map((part) => (ID.test(part) ? Number(part) : NaN));
  if (kind === 'json') return JSON.parse(trimmed);
  return trimmed;
}

function textValue(kind: TextKind, text: string): unknown {
  if (kind === 'lines') return text.split(/\r?\n/).map((line) => line.trim()).filter(Boolean);
  if (kind === 'json') return JSON.parse(text.trim() || '{}');
  return kind === 'text' ? text.trim() : text;
}

/** The posted fields of the form as objects, or the fields that are not even readable (bad JSON). */
function collect<K>(fields: { name: string; kind: K }[], body: Record<string, unknown>, nameOf: (name: string) => string, read: (kind: K, text: string) => unknown, errors: FieldErrors) {
  const object: Record<string, unknown> = {};
  for (const { name, kind } of fields) {
    try {
      const value = read(kind, textOf(body, nameOf(name)));
      if (value !== undefined) object[name] = value;
    } catch {
      errors[nameOf(name)] = INVALID;
    }
  }
  return object;
}

/** Each failing path of a schema check, on the posted field it came from (the form's first on a refine without path). */
function issuesOf(error: z.ZodError, fields: { name: string }[], nameOf: (name: string) => string, errors: FieldErrors): void {
  for (const issue of error.issues) {
    const name = typeof issue.path[0] === 'string' && fields.some((field) => field.name === issue.path[0]) ? issue.path[0] : fields[0]?.name;
    if (name) errors[nameOf(name)] ??= INVALID;
  }
}

/**
 * A posted block form of `type` checked by the type's schemas: its settings and its texts (prepared:
 * rich text sanitised) as the JSON to store; a BadInput naming each wrong field otherwise.
 */
export function postedBlock(type: string, body: Record<string, unknown>): { settings: string; texts: string } {
  const blockType = blockTypeOf(type);
  const form = blockForms[type];
  if (!blockType || !form) throw new BadInput({ Type: 'Pages.InvalidBlock' });
  const errors: FieldErrors = {};
  const settings = blockType.settings.safeParse(collect(form.settings, body, settingName, settingValue, errors));
  const texts = blockType.texts.safeParse(collect(form.texts, body, textName, textValue, errors));
  if (!settings.success) issuesOf(settings.error, form.settings, settingName, errors);
  if (!texts.success) issuesOf(texts.error, form.texts, textName, errors);
  if (Object.keys(errors).length > 0 || !settings.success || !texts.success) throw new BadInput(Object.keys(errors).length > 0 ? errors : { Type: 'Pages.InvalidBlock' });
  const prepared = blockType.prepare ? blockType.prepare(texts.data) : texts.data;
  return { settings: JSON.stringify(settings.data), texts: JSON.stringify(prepared) };
}

/** A stored block's settings and texts as the form's values (Settings.x, Texts.x). */
export function blockValues(type: string, settings: unknown, texts: unknown): Record<string, string> {
  const form = blockForms[type] ?? { settings: [], texts: [] };
  const values: Record<string, string> = {};
  const settingsObject = (settings ?? {}) as Record<string, unknown>;
  const textsObject = (texts ?? {}) as Record<string, unknown>;
  for (const { name, kind } of form.settings) {
    const value = settingsObject[name];
    values[settingName(name)] = value === undefined ? '' : kind === 'json' ? JSON.stringify(value, null, 2) : Array.isArray(value) ? value.join(', ') : String(value);
  }
  for (const { name, kind } of form.texts) {
    const value = textsObject[name];
    values[textName(name)] = value === undefined ? '' : kind === 'json' ? JSON.stringify(value, null, 2) : Array.isArray(value) ? value.join('\n') : String(value);
  }
  return values;
}
