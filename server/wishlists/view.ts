import type { Request, Response } from 'express';
import type { Db } from '../db';
import { productLinks } from '../cart/line-links';
import { optionsPicture, variantOptions } from '../catalog/variant-options';
import type { ImageSet } from '../catalog/urls';
import { decimalAmount, formatMoney } from '../shared/money';
import { listableVariant, wishlistItems, type WishlistRow } from './data';

// What the wishlist's views show: lines with their picture, link, options in words and price formatted
// for the culture; and the addresses of the list page.

export interface WishlistItemView {
  id: number;
  variantId: number;
  name: string;
  sku: string;
  options: string;
  picture: ImageSet;
  url: string | null;
  price: string;
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
  const { culture, basePath } = res.locals;
  const rows = await wishlistItems(db, { userId, wishlistId: list.id, culture });
  const [options, links] = await Promise.all([
    variantOptions(db, { variantIds: rows.map((row) => row.variantId), culture }),
    productLinks(db, { productIds: rows.map((row) => row.productId), culture, basePath }),
  ]);
  const items = rows.map((row) => ({
    id: row.id,
    variantId: row.variantId,
    name: row.name ?? row.sku,
    sku: row.sku,
    options: options.get(row.variantId)?.text ?? '',
    picture: optionsPicture(options.get(row.variantId), basePath),
    url: links.get(row.productId) ?? null,
    price: formatMoney({ cents: row.priceInclCents, currency: row.currency }, culture),
    quantity: row.quantity,
  }));
  return { list, items };
}

export interface VariantCard {
  variantId: number;
  name: string;
  sku: string;
  options: string;
  picture: ImageSet;
  url: string | null;
  price: string;
  priceInclCents: number;
  currency: string;
}

/** The variant a modal adds (picture, name, options, price, its product's page), or null when not sold. */
export async function variantCard(req: Request, res: Response, variantId: number): Promise<VariantCard | null> {
  const db = req.app.locals.db as Db;
  const { culture, basePath } = res.locals;
  const row = await listableVariant(db, { variantId, culture });
  if (!row) return null;
  const [options, links] = await Promise.all([variantOptions(db, { variantIds: [row.id], culture }), productLinks(db, { productIds: [row.product_id], culture, basePath })]);
  return {
    variantId: row.id,
    name: row.name ?? row.sku,
    sku: row.sku,
    options: options.get(row.id)?.text ?? '',
    picture: optionsPicture(options.get(row.id), basePath),
    url: links.get(row.product_id) ?? null,
    price: formatMoney({ cents: row.price_incl_cents, currency: row.currency }, culture),
    priceInclCents: row.price_incl_cents,
    currency: row.currency,
  };
}

/** The tag-manager event of a variant added to a wishlist (the fields of the spec's tag-manager item data). */
export function addToWishlistEvent(card: VariantCard, quantity: number) {
  const price = Number(decimalAmount(card.priceInclCents));
  const value = Number(decimalAmount(card.priceInclCents * quantity));
  const items = [{ item_name: card.name, item_id: card.sku || String(card.variantId), sku: card.sku, price, quantity, index: 0 }];
  return { event: 'add_to_wishlist', currencyCode: card.currency, value, ecommerce: { currencyCode: card.currency, value, items } };
}
