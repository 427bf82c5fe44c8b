import { parse as parseCookies } from 'cookie';
import type { Request, Response } from 'express';
import { productPath } from '../catalog/urls';
import { type ContentImage, contentImage } from '../content/pictures';
import { remaining } from '../../common/countdown';
import { linkHref } from '../../common/links';
import { isRemembered, POPUP_MEMORY_COOKIE } from '../../common/popup-memory';
import { type CurrentItem, listCurrentItems } from './data';

/** One popup, banner or info bar as the layout renders it (views/partials/popups/*.ejs). */
export interface FurnitureItem {
  id: number;
  endsAt: number;
  title: string;
  text: string;
  /** Where its link goes, or null: no link given, or its page or product is gone. */
  href: string | null;
  linkLabel: string;
  image: ContentImage | null;
  /** A countdown still running (one already past is not shown: the page never reloads for it). */
  countdown: { end: number; days: number; hours: number; minutes: number; seconds: number } | null;
  dismissible: boolean;
}

export interface FurnitureModel {
  /** The first popup the visitor has not closed: one dialog at a time. */
  popup: FurnitureItem | null;
  banners: FurnitureItem[];
  infoBar: FurnitureItem | null;
}

export const noFurniture: FurnitureModel = { popup: null, banners: [], infoBar: null };

function hrefOf(item: CurrentItem, res: Response): string | null {
  const { basePath, culture, href } = res.locals;
  if (item.product) return basePath + productPath(culture, item.product.id, item.product.slug);
  if (item.pageSlug !== null) return href(item.pageSlug);
  return linkHref(item.linkUrl, basePath, culture);
}

export function furnitureItem(item: CurrentItem, res: Response, now: number): FurnitureItem {
  const countdown = item.countdownEnd !== null && item.countdownEnd > now ? { end: item.countdownEnd, ...remaining(item.countdownEnd, now) } : null;
  return {
    id: item.id,
    endsAt: item.endsAt,
    title: item.title,
    text: item.text,
    href: hrefOf(item, res),
    linkLabel: item.linkLabel || item.title,
    image: item.asset ? contentImage(item.asset, 'wide', res.locals.basePath) : null,
    countdown,
    dismissible: item.dismissible,
  };
}

/**
 * The popups, banners and info bar around a page. Items the visitor closed (the popup-memory cookie)
 * are left out; the page cache keys kept pages by that cookie too, so a kept page stays shareable.
 */
export async function furnitureModel(req: Request, res: Response, now = Date.now()): Promise<FurnitureModel> {
  const memory = parseCookies(req.get('Cookie') ?? '')[POPUP_MEMORY_COOKIE];
  const items = await listCurrentItems(req.app.locals.db, { culture: res.locals.culture, now });
  const shown = items.filter((item) => !(item.dismissible && isRemembered(memory, item.id)));
  const view = (kind: CurrentItem['kind']) => shown.filter((item) => item.kind === kind).map((item) => furnitureItem(item, res, now));
  return { popup: view('popup')[0] ?? null, banners: view('banner'), infoBar: view('infobar')[0] ?? null };
}
