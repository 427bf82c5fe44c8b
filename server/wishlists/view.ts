import type { Request, Response } from 'express';
import type { Db } from '../db';
import { productLinks } from '../cart/line-links';
import { optionsPicture, variantOptions } from '../catalog/variant-options';
import type { ImageSet } from '../catalog/urls';
import { decimalAmount, formatMoney } from '../shared/money';
import { listableVariant, wishlistItems, type WishlistItemRow, type WishlistRow } from './data';

// What the wishlist's views show: lines with their picture, link, options in words and price formatted
// for the culture; and the addresses of the list page.

/** A variant as the list views show it: name, options in words, picture, product page and price for the culture. */
export interface VariantView {
  variantId: number;
  name: string;
  sku: string;
  options: string;
  picture: ImageSet;
  url: string | null;
  price: string;
}

export interface WishlistItemView extends VariantView {
  id: number;
  quantity: number;
}

export interface WishlistItemsModel {
  list: WishlistRow;
  items: WishlistItemView[];
}

/** The list page's address ({app}/{culture}/catalog/wishlist/list?Id=), of one list or of the first. */
export function wishlistPageUrl(res: Response, wishlistId?: number | null): string {
  const url = res.locals.href('catalog/wishlist/list');
  return wishlistId ? `${url}?Id=${wishlistId}` : url;
}

export async function itemsModel(req: Request, res: Response, { userId, list }: { userId: number; list: WishlistRow }): Promise<WishlistItemsModel> {
  const db = req.app.locals.db as Db;
  const rows = await wishlistItems(db, { userId, wishlistId: list.id, culture: res.locals.culture });
  return { list, items: await listItemViews(db, res, rows) };
}

/** A list's lines (a wishlist's or a birth list's) as its views show them. */
export async function listItemViews(db: Db, res: Response, rows: WishlistItemRow[]): Promise<WishlistItemView[]> {
  const views = await variantViews(db, res, rows);
  return rows.map((row, index) => ({ id: row.id, ...views[index], quantity: row.quantity }));
}

type ListedVariant = Pick<WishlistItemRow, 'variantId' | 'productId' | 'sku' | 'name' | 'priceInclCents' | 'currency'>;

/** Variants as the list views show them (VariantView), in one query of each kind. */
async function variantViews(db: Db, res: Response, variants: ListedVariant[]): Promise<VariantView[]> {
  const { culture, basePath } = res.locals;
  const [options, links] = await Promise.all([
    variantOptions(db, { variantIds: variants.map((variant) => variant.variantId), culture }),
    productLinks(db, { productIds: variants.map((variant) => variant.productId), culture, basePath }),
  ]);
  return variants.map((variant) => ({
    variantId: variant.variantId,
    name: variant.name ?? variant.sku,
    sku: variant.sku,
    options: options.get(variant.variantId)?.text ?? '',
    picture: optionsPicture(options.get(variant.variantId), basePath),
    url: links.get(variant.productId) ?? null,
    price: formatMoney({ cents: variant.priceInclCents, currency: variant.currency }, culture),
  }));
}

export interface VariantCard extends VariantView {
  priceInclCents: number;
  currency: string;
}

/** The variant a modal adds (picture, name, options, price, its product's page), or null when not sold. */
export async function variantCard(req: Request, res: Response, variantId: number): Promise<VariantCard | null> {
  const db = req.app.locals.db as Db;
  const row = await listableVariant(db, { variantId, culture: res.locals.culture });
  if (!row) return null;
  const variant = { variantId: row.id, productId: row.product_id, sku: row.sku, name: row.name, priceInclCents: row.price_incl_cents, currency: row.currency };
  const [view] = await variantViews(db, res, [variant]);
  return { ...view, priceInclCents: variant.priceInclCents, currency: variant.currency };
}

/** The tag-manager event of a variant added to a wishlist (the fields of the spec's tag-manager item data). */
export function addToWishlistEvent(card: VariantCard, quantity: number) {
  const price = Number(decimalAmount(card.priceInclCents));
  const value = Number(decimalAmount(card.priceInclCents * quantity));
  const items = [{ item_name: card.name, item_id: card.sku || String(card.variantId), sku: card.sku, price, quantity, index: 0 }];
  return { event: 'add_to_wishlist', currencyCode: card.currency, value, ecommerce: { currencyCode: card.currency, value, items } };
}
