import type { Culture } from '../config';
import type { Db } from '../db';
import { toBoolean, toNumber } from '../db/normalise';
import { isVisible } from '../content/publishing';
import type { PopupKind } from './tables';

/** An item on show in one culture, its link targets resolved (a deleted or hidden target: null). */
export interface CurrentItem {
  id: number;
  kind: PopupKind;
  endsAt: number;
  countdownEnd: number | null;
  dismissible: boolean;
  title: string;
  text: string;
  linkUrl: string;
  linkLabel: string;
  asset: { id: number; name: string } | null;
  /** The linked page's slug in the culture, when it exists and visitors may see it. */
  pageSlug: string | null;
  /** The linked product's id and slug in the culture, when it exists and is on sale. */
  product: { id: number; slug: string } | null;
}

/** The items shown now in the culture: inside their window, aimed at the culture, translated into it. */
export async function listCurrentItems(db: Db, { culture, now = Date.now() }: { culture: Culture; now?: number }): Promise<CurrentItem[]> {
  const rows = await db
    .selectFrom('popups')
    .innerJoin('popup_translations as text', 'text.popup_id', 'popups.id')
    .leftJoin('assets', 'assets.id', 'text.asset_id')
    .select([
      'popups.id', 'popups.kind', 'popups.ends_at', 'popups.cultures', 'popups.countdown_end', 'popups.dismissible',
      'popups.link_page_id', 'popups.link_product_id', 'text.title', 'text.text', 'text.link_url', 'text.link_label',
      'assets.id as asset_id', 'assets.name as asset_name',
    ])
    .where('text.culture', '=', culture)
    .where('popups.starts_at', '<=', now)
    .where('popups.ends_at', '>', now)
    .orderBy('popups.position')
    .orderBy('popups.id')
    .execute();
  const aimed = rows.filter((row) => row.cultures === '' || row.cultures.split(',').includes(culture));
  const pages = await pageSlugs(db, { culture, now, pageIds: aimed.map((row) => row.link_page_id) });
  const products = await productSlugs(db, { culture, productIds: aimed.map((row) => row.link_product_id) });
  return aimed.map((row) => ({
    id: row.id,
    kind: row.kind,
    endsAt: toNumber(row.ends_at),
    countdownEnd: row.countdown_end === null ? null : toNumber(row.countdown_end),
    dismissible: toBoolean(row.dismissible),
    title: row.title,
    text: row.text,
    linkUrl: row.link_url,
    linkLabel: row.link_label,
    asset: row.asset_id === null || row.asset_name === null ? null : { id: row.asset_id, name: row.asset_name },
    pageSlug: row.link_page_id === null ? null : pages.get(row.link_page_id) ?? null,
    product: row.link_product_id === null ? null : products.get(row.link_product_id) ?? null,
  }));
}

const present = (ids: (number | null)[]) => [...new Set(ids.filter((id): id is number => id !== null))];

async function pageSlugs(db: Db, { culture, now, pageIds }: { culture: Culture; now: number; pageIds: (number | null)[] }): Promise<Map<number, string>> {
  const ids = present(pageIds);
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('pages')
    .innerJoin('page_translations', 'page_translations.page_id', 'pages.id')
    .select(['pages.id', 'pages.is_home', 'page_translations.slug'])
    .where('pages.id', 'in', ids)
    .where('page_translations.culture', '=', culture)
    .where((eb) => isVisible(eb, 'pages', now))
    .execute();
  return new Map(rows.map((row) => [row.id, toBoolean(row.is_home) ? '' : row.slug]));
}

async function productSlugs(db: Db, { culture, productIds }: { culture: Culture; productIds: (number | null)[] }): Promise<Map<number, { id: number; slug: string }>> {
  const ids = present(productIds);
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('products')
    .innerJoin('product_translations', 'product_translations.product_id', 'products.id')
    .select(['products.id', 'product_translations.slug'])
    .where('products.id', 'in', ids)
    .where('product_translations.culture', '=', culture)
    .where('products.is_active', '=', 1)
    .execute();
  return new Map(rows.map((row) => [row.id, { id: row.id, slug: row.slug }]));
}

/** An item's id and end, for the memory cookie; null when there is no such item. */
export async function findItemEnd(db: Db, { id }: { id: number }): Promise<{ id: number; endsAt: number } | null> {
  const row = await db.selectFrom('popups').select(['id', 'ends_at']).where('id', '=', id).executeTakeFirst();
  return row ? { id: row.id, endsAt: toNumber(row.ends_at) } : null;
}

/** What an editor gives for an item: its settings and its texts by culture. */
export interface ItemInput {
  kind: PopupKind;
  startsAt: number;
  endsAt: number;
  /** Target cultures; empty: every culture. */
  cultures: Culture[];
  countdownEnd: number | null;
  dismissible: boolean;
  linkPageId: number | null;
  linkProductId: number | null;
  position: number;
  texts: Partial<Record<Culture, { title: string; text: string; linkUrl: string; linkLabel: string; assetId: number | null }>>;
}

function columnsOf(input: ItemInput, now: number) {
  return {
    kind: input.kind,
    starts_at: input.startsAt,
    ends_at: input.endsAt,
    cultures: input.cultures.join(','),
    countdown_end: input.countdownEnd,
    dismissible: input.dismissible ? 1 : 0,
    link_page_id: input.linkPageId,
    link_product_id: input.linkProductId,
    position: input.position,
    updated_at: now,
  };
}

function translationsOf(popupId: number, input: ItemInput) {
  return Object.entries(input.texts).map(([culture, text]) => ({
    popup_id: popupId,
    culture,
    title: text!.title,
    text: text!.text,
    link_url: text!.linkUrl,
    link_label: text!.linkLabel,
    asset_id: text!.assetId,
  }));
}

/** Creates an item with its texts, in one transaction; answers its id. */
export async function createItem(db: Db, { input, now = Date.now() }: { input: ItemInput; now?: number }): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const { id } = await trx.insertInto('popups').values({ ...columnsOf(input, now), created_at: now }).returning('id').executeTakeFirstOrThrow();
    const translations = translationsOf(id, input);
    if (translations.length > 0) await trx.insertInto('popup_translations').values(translations).execute();
    return id;
  });
}

/** Whether a link target an editor names exists (the back office refuses an unknown one). */
export async function linkTargetsExist(db: Db, { pageId, productId }: { pageId: number | null; productId: number | null }): Promise<{ page: boolean; product: boolean }> {
  const page = pageId === null || Boolean(await db.selectFrom('pages').select('id').where('id', '=', pageId).executeTakeFirst());
  const product = productId === null || Boolean(await db.selectFrom('products').select('id').where('id', '=', productId).executeTakeFirst());
  return { page, product };
}

/** Which of these asset ids exist. */
export async function assetsExist(db: Db, { ids }: { ids: number[] }): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db.selectFrom('assets').select('id').where('id', 'in', ids).execute();
  return new Set(rows.map((row) => row.id));
}
