// The back office's editors of the home page, {culture}/backoffice/home: the banner sliders (key,
// autoplay, order) and their slides (picture, product or link, start and end, texts per culture), the
// partners (logo, name, address), the testimonies (author, text per
// culture), the image-map banners and their hotspots (X / Y in percent, product or link). Each is a kind
// of the shared content items' editor (server/content/admin-routes.ts): list, create, edit, delete with
// a confirmation page, move, revisions with restore; a stale Version is a 409 keeping the input; every
// change is audited and clears the page cache (server/backoffice/revisions.ts).
import { Router } from 'express';
import type { EditorContext, ItemEditor } from '../content/admin-editor';
import { epochToLocalTime, localTimeToEpoch, postedTranslations, translatedFields, translationValues, versionField } from '../content/admin-fields';
import type { ItemRecord, ItemTables } from '../content/admin-items';
import { itemEditorRoutes } from '../content/admin-routes';
import { LINK_PATTERN } from '../../common/links';
import { defineForm, field } from '../forms';
import { renderPage } from '../http/render';
import { assetsExist, linkTargetsExist } from '../popups/data';
import { bannerKeyTaken, listBannerChoices, listImageMapChoices } from './admin-data';

const LOCAL_TIME = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const ID = /[1-9]\d{0,8}/;
const PERCENT = /\d{1,3}(?:[.,]\d{1,2})?/;

/** The editors' lists, linked from each other and from {culture}/backoffice/home. */
export const homeSections = [
  ['backoffice/home/sliders', 'BackOffice.Home.Sliders.Title'],
  ['backoffice/home/slides', 'BackOffice.Home.Slides.Title'],
  ['backoffice/home/partners', 'BackOffice.Home.Partners.Title'],
  ['backoffice/home/testimonies', 'BackOffice.Home.Testimonies.Title'],
  ['backoffice/home/image-maps', 'BackOffice.Home.ImageMaps.Title'],
  ['backoffice/home/hotspots', 'BackOffice.Home.Hotspots.Title'],
] as const;
const relatedTo = (path: string) => homeSections.filter(([each]) => each !== path);

const idOrNull = (text: unknown) => (text ? Number(text) : null);
const text = (value: string | number | null | undefined) => (value === null || value === undefined ? '' : String(value));

/** A posted id among the choices, a product that exists, a picture in the library: errors on the fields. */
async function targetErrors(db: EditorContext['db'], data: Record<string, unknown>, errors: Record<string, string>): Promise<void> {
  const productId = idOrNull(data.ProductId);
  if (!(await linkTargetsExist(db, { pageId: null, productId })).product) errors.ProductId = 'BackOffice.Popups.InvalidProduct';
  const assetId = idOrNull(data.AssetId);
  if (assetId !== null && !(await assetsExist(db, { ids: [assetId] })).has(assetId)) errors.AssetId = 'BackOffice.Items.InvalidAsset';
}

// ---- banner sliders (no texts per culture: their key, autoplay and order) ----

export const sliderTables: ItemTables = {
  entity: 'home-slider',
  table: 'home_banners',
  label: 'banner_key',
  columns: ['banner_key', 'autoplay_ms'],
  texts: [],
  dependents: [{ table: 'home_slides', column: 'banner_id' }],
};

export const sliderForm = defineForm('bo-home-slider', {
  ...versionField,
  BannerKey: field.text().required().maxlength(40).regex(/[a-z0-9]+(?:-[a-z0-9]+)*/, 'BackOffice.Home.InvalidKey'),
  AutoplayMs: field.text().regex(/[1-9]\d{2,5}/, 'BackOffice.Home.InvalidAutoplay'),
});

export const sliderEditor: ItemEditor = {
  tables: sliderTables,
  path: 'backoffice/home/sliders',
  section: 'homepage',
  titles: { list: 'BackOffice.Home.Sliders.Title', create: 'BackOffice.Home.Sliders.New', edit: 'BackOffice.Home.Sliders.Edit' },
  related: relatedTo('backoffice/home/sliders'),
  form: sliderForm,
  fields: '../home/slider-fields',
  publishable: false,
  choices: async () => ({}),
  blank: () => ({ Version: '1', BannerKey: '', AutoplayMs: '' }),
  formValues: (record: ItemRecord) => ({ Version: String(record.version), BannerKey: text(record.columns.banner_key), AutoplayMs: text(record.columns.autoplay_ms) }),
  itemValues: async (data, { db, id = null }) => {
    const key = String(data.BannerKey);
    const errors: Record<string, string> = (await bannerKeyTaken(db, { key, id })) ? { BannerKey: 'BackOffice.Home.KeyTaken' } : {};
    return { values: { columns: { banner_key: key, autoplay_ms: idOrNull(data.AutoplayMs) }, translations: {} }, errors };
  },
};

// ---- partners (no texts per culture: logo, name, address, order) ----

export const partnerTables: ItemTables = {
  entity: 'home-partner',
  table: 'home_partners',
  label: 'name',
  columns: ['asset_id', 'name', 'url'],
  texts: [],
};

export const partnerForm = defineForm('bo-home-partner', {
  ...versionField,
  Name: field.text().required().maxlength(200),
  Url: field.text().maxlength(500).regex(LINK_PATTERN, 'BackOffice.Home.InvalidUrl'),
  AssetId: field.text().regex(ID, 'BackOffice.Items.InvalidAsset'),
});

export const partnerEditor: ItemEditor = {
  tables: partnerTables,
  path: 'backoffice/home/partners',
  section: 'homepage',
  titles: { list: 'BackOffice.Home.Partners.Title', create: 'BackOffice.Home.Partners.New', edit: 'BackOffice.Home.Partners.Edit' },
  related: relatedTo('backoffice/home/partners'),
  form: partnerForm,
  fields: '../home/partner-fields',
  publishable: false,
  choices: async () => ({}),
  blank: () => ({ Version: '1', Name: '', Url: '', AssetId: '' }),
  formValues: (record: ItemRecord) => ({ Version: String(record.version), Name: text(record.columns.name), Url: text(record.columns.url), AssetId: text(record.columns.asset_id) }),
  itemValues: async (data, { db }) => {
    const errors: Record<string, string> = {};
    await targetErrors(db, { AssetId: data.AssetId }, errors);
    return { values: { columns: { name: String(data.Name).trim(), url: String(data.Url ?? ''), asset_id: idOrNull(data.AssetId) }, translations: {} }, errors };
  },
};

// ---- slides ----

export const slideTables: ItemTables = {
  entity: 'home-slide',
  table: 'home_slides',
  translations: 'home_slide_translations',
  key: 'slide_id',
  label: 'title',
  columns: ['banner_id', 'asset_id', 'product_id', 'link_url', 'starts_at', 'ends_at'],
  texts: ['title', 'text', 'link_label', 'image_alt'],
  scope: 'banner_id',
};

export const slideForm = defineForm('bo-home-slide', {
  ...versionField,
  BannerId: field.text().required().regex(ID, 'BackOffice.Home.InvalidBanner'),
  AssetId: field.text().regex(ID, 'BackOffice.Items.InvalidAsset'),
  ProductId: field.text().regex(ID, 'BackOffice.Popups.InvalidProduct'),
  LinkUrl: field.text().maxlength(500).regex(LINK_PATTERN, 'BackOffice.Popups.InvalidLink'),
  StartsAt: field.text().regex(LOCAL_TIME, 'BackOffice.Items.InvalidTime'),
  EndsAt: field.text().regex(LOCAL_TIME, 'BackOffice.Items.InvalidTime'),
  ...translatedFields({
    title: () => field.text().maxlength(200),
    text: () => field.textarea().maxlength(1000),
    link_label: () => field.text().maxlength(100),
    image_alt: () => field.text().maxlength(300),
  }),
});

async function slideValues(data: Record<string, unknown>, context: EditorContext) {
  const texts = postedTranslations(slideTables, data, context);
  const errors: Record<string, string> = { ...texts.errors };
  const bannerId = Number(data.BannerId);
  if (!(await listBannerChoices(context.db)).some((banner) => banner.id === bannerId)) errors.BannerId = 'BackOffice.Home.InvalidBanner';
  await targetErrors(context.db, data, errors);
  const startsAt = localTimeToEpoch(String(data.StartsAt ?? ''));
  const endsAt = localTimeToEpoch(String(data.EndsAt ?? ''));
  if (startsAt !== null && endsAt !== null && endsAt <= startsAt) errors.EndsAt = 'BackOffice.Items.WindowEndsFirst';
  const columns = {
    banner_id: bannerId,
    asset_id: idOrNull(data.AssetId),
    product_id: idOrNull(data.ProductId),
    link_url: String(data.LinkUrl ?? '') || null,
    starts_at: startsAt,
    ends_at: endsAt,
  };
  return { values: { columns, translations: texts.translations }, errors };
}

export const slideEditor: ItemEditor = {
  tables: slideTables,
  path: 'backoffice/home/slides',
  section: 'homepage',
  titles: { list: 'BackOffice.Home.Slides.Title', create: 'BackOffice.Home.Slides.New', edit: 'BackOffice.Home.Slides.Edit' },
  related: relatedTo('backoffice/home/slides'),
  form: slideForm,
  fields: '../home/slide-fields',
  publishable: false,
  choices: async ({ db }) => ({ categories: await listBannerChoices(db) }),
  blank: () => ({ Version: '1', BannerId: '', AssetId: '', ProductId: '', LinkUrl: '', StartsAt: '', EndsAt: '' }),
  formValues: (record: ItemRecord) => ({
    Version: String(record.version),
    BannerId: text(record.columns.banner_id),
    AssetId: text(record.columns.asset_id),
    ProductId: text(record.columns.product_id),
    LinkUrl: text(record.columns.link_url),
    StartsAt: epochToLocalTime(record.columns.starts_at ?? null),
    EndsAt: epochToLocalTime(record.columns.ends_at ?? null),
    ...translationValues(slideTables, record.translations),
  }),
  itemValues: slideValues,
};

// ---- testimonies ----

export const testimonyTables: ItemTables = {
  entity: 'home-testimony',
  table: 'home_testimonies',
  translations: 'home_testimony_translations',
  key: 'testimony_id',
  label: 'text',
  columns: ['author'],
  texts: ['text', 'author_detail'],
};

export const testimonyForm = defineForm('bo-home-testimony', {
  ...versionField,
  Author: field.text().required().maxlength(200),
  ...translatedFields({ text: () => field.textarea().maxlength(2000), author_detail: () => field.text().maxlength(200) }),
});

export const testimonyEditor: ItemEditor = {
  tables: testimonyTables,
  path: 'backoffice/home/testimonies',
  section: 'homepage',
  titles: { list: 'BackOffice.Home.Testimonies.Title', create: 'BackOffice.Home.Testimonies.New', edit: 'BackOffice.Home.Testimonies.Edit' },
  related: relatedTo('backoffice/home/testimonies'),
  form: testimonyForm,
  fields: '../home/testimony-fields',
  publishable: false,
  choices: async () => ({}),
  blank: () => ({ Version: '1', Author: '' }),
  formValues: (record: ItemRecord) => ({ Version: String(record.version), Author: text(record.columns.author), ...translationValues(testimonyTables, record.translations) }),
  itemValues: async (data, context) => {
    const texts = postedTranslations(testimonyTables, data, context);
    return { values: { columns: { author: String(data.Author).trim() }, translations: texts.translations }, errors: texts.errors };
  },
};

// ---- image-map banners ----

export const imageMapTables: ItemTables = {
  entity: 'home-image-map',
  table: 'image_map_banners',
  translations: 'image_map_banner_translations',
  key: 'banner_id',
  label: 'title',
  columns: ['asset_id'],
  texts: ['title', 'image_alt'],
  dependents: [{ table: 'image_map_hotspots', column: 'banner_id' }],
};

export const imageMapForm = defineForm('bo-home-image-map', {
  ...versionField,
  AssetId: field.text().regex(ID, 'BackOffice.Items.InvalidAsset'),
  ...translatedFields({ title: () => field.text().maxlength(200), image_alt: () => field.text().maxlength(300) }),
});

export const imageMapEditor: ItemEditor = {
  tables: imageMapTables,
  path: 'backoffice/home/image-maps',
  section: 'homepage',
  titles: { list: 'BackOffice.Home.ImageMaps.Title', create: 'BackOffice.Home.ImageMaps.New', edit: 'BackOffice.Home.ImageMaps.Edit' },
  related: relatedTo('backoffice/home/image-maps'),
  form: imageMapForm,
  fields: '../home/image-map-fields',
  publishable: false,
  choices: async () => ({}),
  blank: () => ({ Version: '1', AssetId: '' }),
  formValues: (record: ItemRecord) => ({ Version: String(record.version), AssetId: text(record.columns.asset_id), ...translationValues(imageMapTables, record.translations) }),
  itemValues: async (data, context) => {
    const texts = postedTranslations(imageMapTables, data, context);
    const errors: Record<string, string> = { ...texts.errors };
    await targetErrors(context.db, { AssetId: data.AssetId }, errors);
    return { values: { columns: { asset_id: idOrNull(data.AssetId) }, translations: texts.translations }, errors };
  },
};

// ---- hotspots ----

export const hotspotTables: ItemTables = {
  entity: 'home-hotspot',
  table: 'image_map_hotspots',
  translations: 'image_map_hotspot_translations',
  key: 'hotspot_id',
  label: 'title',
  columns: ['banner_id', 'x_percent', 'y_percent', 'product_id', 'link_url'],
  texts: ['title', 'text'],
  scope: 'banner_id',
};

export const hotspotForm = defineForm('bo-home-hotspot', {
  ...versionField,
  BannerId: field.text().required().regex(ID, 'BackOffice.Home.InvalidBanner'),
  X: field.text().required().regex(PERCENT, 'BackOffice.Home.InvalidPercent'),
  Y: field.text().required().regex(PERCENT, 'BackOffice.Home.InvalidPercent'),
  ProductId: field.text().regex(ID, 'BackOffice.Popups.InvalidProduct'),
  LinkUrl: field.text().maxlength(500).regex(LINK_PATTERN, 'BackOffice.Popups.InvalidLink'),
  ...translatedFields({ title: () => field.text().maxlength(200), text: () => field.textarea().maxlength(500) }),
});

/** A percentage 0..100 as posted ("12,5" or "12.5"), or null when outside. */
export function percentOf(value: unknown): number | null {
  const number = Number(String(value ?? '').replace(',', '.'));
  return Number.isFinite(number) && number >= 0 && number <= 100 ? number : null;
}

async function hotspotValues(data: Record<string, unknown>, context: EditorContext) {
  const texts = postedTranslations(hotspotTables, data, context);
  const errors: Record<string, string> = { ...texts.errors };
  const bannerId = Number(data.BannerId);
  if (!(await listImageMapChoices(context.db, context)).some((banner) => banner.id === bannerId)) errors.BannerId = 'BackOffice.Home.InvalidBanner';
  const x = percentOf(data.X);
  const y = percentOf(data.Y);
  if (x === null) errors.X = 'BackOffice.Home.InvalidPercent';
  if (y === null) errors.Y = 'BackOffice.Home.InvalidPercent';
  await targetErrors(context.db, { ProductId: data.ProductId }, errors);
  // A hotspot without a target is left out of the page (server/home/data.ts): one of them is required.
  if (!data.ProductId && !data.LinkUrl) errors.ProductId = 'BackOffice.Home.TargetRequired';
  const columns = { banner_id: bannerId, x_percent: x, y_percent: y, product_id: idOrNull(data.ProductId), link_url: String(data.LinkUrl ?? '') || null };
  return { values: { columns, translations: texts.translations }, errors };
}

export const hotspotEditor: ItemEditor = {
  tables: hotspotTables,
  path: 'backoffice/home/hotspots',
  section: 'homepage',
  titles: { list: 'BackOffice.Home.Hotspots.Title', create: 'BackOffice.Home.Hotspots.New', edit: 'BackOffice.Home.Hotspots.Edit' },
  related: relatedTo('backoffice/home/hotspots'),
  form: hotspotForm,
  fields: '../home/hotspot-fields',
  publishable: false,
  choices: async (context) => ({ categories: await listImageMapChoices(context.db, context) }),
  blank: () => ({ Version: '1', BannerId: '', X: '50', Y: '50', ProductId: '', LinkUrl: '' }),
  formValues: (record: ItemRecord) => ({
    Version: String(record.version),
    BannerId: text(record.columns.banner_id),
    X: text(record.columns.x_percent),
    Y: text(record.columns.y_percent),
    ProductId: text(record.columns.product_id),
    LinkUrl: text(record.columns.link_url),
    ...translationValues(hotspotTables, record.translations),
  }),
  itemValues: hotspotValues,
};

/** {culture}/backoffice/home (the sections' index) and its editors (behind requireBackOffice, server/backoffice/routes.ts). */
export function homeBackOfficeRoutes(): Router {
  const router = Router({ mergeParams: true });
  router.get('/backoffice/home', async (req, res) => {
    await renderPage(req, res, 'backoffice/home/index', { title: res.locals.t('BackOffice.Home.Title'), sections: homeSections });
  });
  for (const editor of [sliderEditor, slideEditor, partnerEditor, testimonyEditor, imageMapEditor, hotspotEditor]) router.use(itemEditorRoutes(editor));
  return router;
}
