// The back office's popups, banners and info bars, {culture}/backoffice/popups, served by the content
// items' editor (server/content/admin-routes.ts): list, create and edit with the texts of the six
// cultures, the window (start and end), the target cultures, an optional countdown end and link
// target, delete, revisions; a stale Version is a conflict (409) that keeps the editor's input.
import { Router } from 'express';
import { cultures } from '../config';
import type { EditorContext, ItemEditor } from '../content/admin-editor';
import { epochToLocalTime, localTimeToEpoch, postedTranslations, translatedFields, translationValues, versionField } from '../content/admin-fields';
import type { ItemRecord, ItemTables } from '../content/admin-items';
import { itemEditorRoutes } from '../content/admin-routes';
import { LINK_PATTERN } from '../../common/links';
import { defineForm, field } from '../forms';
import { assetsExist, linkTargetsExist } from './data';
import { popupKinds } from './tables';

const LOCAL_TIME = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const ID = /[1-9]\d{0,8}/;
const cultureField = (culture: string) => `Culture_${culture}`;

export const popupTables: ItemTables = {
  entity: 'popup',
  table: 'popups',
  translations: 'popup_translations',
  key: 'popup_id',
  label: 'title',
  columns: ['kind', 'starts_at', 'ends_at', 'cultures', 'countdown_end', 'dismissible', 'link_page_id', 'link_product_id', 'updated_at'],
  texts: ['title', 'text', 'link_url', 'link_label', 'asset_id'],
  created: true,
};

export const popupForm = defineForm('bo-popup', {
  ...versionField,
  Kind: field.select(popupKinds.map((kind) => ({ value: kind, label: `BackOffice.Popups.Kinds.${kind}` }))).required(),
  StartsAt: field.text().required().regex(LOCAL_TIME, 'BackOffice.Items.InvalidTime'),
  EndsAt: field.text().required().regex(LOCAL_TIME, 'BackOffice.Items.InvalidTime'),
  CountdownEnd: field.text().regex(LOCAL_TIME, 'BackOffice.Items.InvalidTime'),
  Dismissible: field.checkbox(),
  LinkPageId: field.text().regex(ID, 'BackOffice.Popups.InvalidPage'),
  LinkProductId: field.text().regex(ID, 'BackOffice.Popups.InvalidProduct'),
  ...Object.fromEntries(cultures.map((culture) => [cultureField(culture), field.checkbox()])),
  ...translatedFields({
    title: () => field.text().maxlength(200),
    text: () => field.textarea().maxlength(2000),
    link_url: () => field.text().maxlength(500).regex(LINK_PATTERN, 'BackOffice.Popups.InvalidLink'),
    link_label: () => field.text().maxlength(120),
    asset_id: () => field.text().regex(ID, 'BackOffice.Items.InvalidAsset'),
  }),
});

const idOrNull = (text: unknown) => (text ? Number(text) : null);

async function popupValues(data: Record<string, unknown>, { db, culture, now }: EditorContext) {
  const texts = postedTranslations(popupTables, data, { culture });
  const errors: Record<string, string> = { ...texts.errors };
  const startsAt = localTimeToEpoch(String(data.StartsAt));
  const endsAt = localTimeToEpoch(String(data.EndsAt));
  if (startsAt !== null && endsAt !== null && endsAt <= startsAt) errors.EndsAt = 'BackOffice.Items.WindowEndsFirst';
  const linkPageId = idOrNull(data.LinkPageId);
  const linkProductId = idOrNull(data.LinkProductId);
  const found = await linkTargetsExist(db, { pageId: linkPageId, productId: linkProductId });
  if (!found.page) errors.LinkPageId = 'BackOffice.Popups.InvalidPage';
  if (!found.product) errors.LinkProductId = 'BackOffice.Popups.InvalidProduct';
  await pictureIds(db, texts.translations, errors);
  const columns = {
    kind: String(data.Kind),
    starts_at: startsAt,
    ends_at: endsAt,
    cultures: cultures.filter((each) => data[cultureField(each)] === true).join(','),
    countdown_end: localTimeToEpoch(String(data.CountdownEnd ?? '')),
    dismissible: data.Dismissible === true ? 1 : 0,
    link_page_id: linkPageId,
    link_product_id: linkProductId,
    updated_at: now,
  };
  return { values: { columns, translations: texts.translations }, errors };
}

/**
 * Each culture's picture: an asset id that exists, or none (null in the integer column, which the
 * items' engine would otherwise be given as '').
 */
async function pictureIds(db: EditorContext['db'], translations: Partial<Record<string, Record<string, unknown>>>, errors: Record<string, string>): Promise<void> {
  const ids = Object.values(translations).map((texts) => texts!.asset_id).filter((id): id is string => typeof id === 'string' && id !== '').map(Number);
  const known = await assetsExist(db, { ids });
  for (const [culture, texts] of Object.entries(translations)) {
    const id = texts!.asset_id ? Number(texts!.asset_id) : null;
    if (id !== null && !known.has(id)) errors[`AssetId_${culture}`] = 'BackOffice.Items.InvalidAsset';
    texts!.asset_id = id;
  }
}

const targetValues = (targets: string) => Object.fromEntries(cultures.map((culture) => [cultureField(culture), targets.split(',').includes(culture) ? 'true' : '']));

export const popupEditor: ItemEditor = {
  tables: popupTables,
  path: 'backoffice/popups',
  section: 'popups',
  titles: { list: 'BackOffice.Popups.Title', create: 'BackOffice.Popups.New', edit: 'BackOffice.Popups.Edit' },
  related: [],
  form: popupForm,
  fields: '../popups/fields',
  publishable: false,
  choices: async () => ({ cultures, cultureField }),
  blank: ({ now }) => ({ Version: '1', Kind: 'banner', StartsAt: epochToLocalTime(now), EndsAt: epochToLocalTime(now + 7 * 86_400_000), CountdownEnd: '', Dismissible: 'true', LinkPageId: '', LinkProductId: '', ...targetValues('') }),
  formValues: (record: ItemRecord) => ({
    Version: String(record.version),
    Kind: String(record.columns.kind),
    StartsAt: epochToLocalTime(record.columns.starts_at ?? null),
    EndsAt: epochToLocalTime(record.columns.ends_at ?? null),
    CountdownEnd: epochToLocalTime(record.columns.countdown_end ?? null),
    Dismissible: Number(record.columns.dismissible) === 1 ? 'true' : '',
    LinkPageId: record.columns.link_page_id === null ? '' : String(record.columns.link_page_id),
    LinkProductId: record.columns.link_product_id === null ? '' : String(record.columns.link_product_id),
    ...targetValues(String(record.columns.cultures ?? '')),
    ...translationValues(popupTables, record.translations),
  }),
  itemValues: popupValues,
};

/** {culture}/backoffice/popups (behind requireBackOffice, server/backoffice/routes.ts). */
export function popupBackOfficeRoutes(): Router {
  return itemEditorRoutes(popupEditor);
}
