import type { Request, Response } from 'express';
import type { Db } from '../db';
import { shortDateFormat } from '../../common/validation-rules/date';
import { pageOrigin } from '../http/site-url';
import { boughtForBirthList } from '../orders/reads';
import { shopDateFormat } from '../shared/time-zone';
import { listItemViews, type WishlistItemView } from '../wishlists/view';
import { remainingOf } from './birth-lists';
import { birthListItems, type BirthListRow } from './data';

// What the birth list views show: lines with what was wished, bought (paid orders) and is left; the
// birth date in the culture; the shared link.

export interface BirthListItemView extends WishlistItemView {
  bought: number;
  remaining: number;
}

export async function birthListItemsModel(req: Request, res: Response, list: BirthListRow): Promise<BirthListItemView[]> {
  const db = req.app.locals.db as Db;
  const rows = await birthListItems(db, { birthListId: list.id, culture: res.locals.culture });
  const [items, bought] = await Promise.all([listItemViews(db, res, rows), boughtForBirthList(db, { birthListId: list.id })]);
  return items.map((item) => ({
    ...item,
    bought: bought.get(item.variantId) ?? 0,
    remaining: remainingOf(item.quantity, bought.get(item.variantId) ?? 0),
  }));
}

/** The shared page's address, whole (to copy and send). */
export function shareUrl(req: Request, res: Response, list: BirthListRow): string {
  return pageOrigin(req) + res.locals.href(`birthlists/${list.token}`);
}

/** yyyy-mm-dd in words for the culture ("12 mars 2026"). */
export function birthDateText(culture: string, isoDate: string): string {
  return shopDateFormat(culture, { dateStyle: 'long' }).format(new Date(`${isoDate}T12:00:00Z`));
}

/** yyyy-mm-dd as the culture types it in the form (dd/mm/yyyy, dd-mm-yyyy, dd.mm.yyyy). */
export function birthDateInput(culture: string, isoDate: string): string {
  const [year, month, day] = isoDate.split('-');
  return shortDateFormat(culture).replace('dd', day).replace('mm', month).replace('yyyy', year);
}

export const ownerPath = (id?: number) => (id ? `account/birthlists/${id}` : 'account/birthlists');
