import { z } from 'zod';
import { isSafeLink, linkHref } from '../../../common/links';
import { imageSet, pictures } from '../../catalog/urls';
import { contentImage } from '../pictures';
import { assetOf, assetsById } from './assets';
import { blockType } from './types';

const assetId = z.number().int().positive().max(999_999_999);
const line = (max: number) => z.string().trim().min(1).max(max);
const CULTURE_PATH = /^[a-z0-9][a-z0-9\-/]*$|^$/;
/**
 * A link of a block: a path inside the culture ("catalog", "news": below {app}/{culture}/), or a link
 * by the one rule of links editors type (common/links.ts: "/fr/page", "https://example.org").
 */
export const blockLink = z.string().max(300).refine((link) => CULTURE_PATH.test(link) || isSafeLink(link));

/** Where a block's link leads: {app}/{culture}/path for a path inside the culture, else by the link rule. */
export function blockLinkHref(link: string, { basePath, culture }: { basePath: string; culture: string }): string | null {
  return CULTURE_PATH.test(link) ? `${basePath}/${culture}/${link}` : linkHref(link, basePath, culture);
}

/** One image through the renditions pipeline (srcset), its alternative text per culture. */
export const image = blockType({
  settings: z.object({ assetId }).strict(),
  texts: z.object({ alt: line(300), caption: z.string().max(300).default('') }).strict(),
  load: async ({ db, basePath }, block) => ({
    image: contentImage(await assetOf(db, block.settings.assetId), 'wide', basePath),
    alt: block.texts.alt,
    caption: block.texts.caption,
  }),
});

/** Photos as square thumbnails, each a link to its large picture (the lightbox opens it with JS). */
export const gallery = blockType({
  settings: z.object({ assetIds: z.array(assetId).min(1).max(24) }).strict(),
  texts: z.object({ title: line(200), alts: z.array(line(300)).max(24) }).strict(),
  load: async ({ db, basePath, lightboxCss }, block) => {
    const assets = await assetsById(db, block.settings.assetIds);
    const photos = block.settings.assetIds.map((id, index) => {
      const asset = assets.get(id) ?? null;
      return {
        thumb: contentImage(asset, 'thumb', basePath),
        large: imageSet(asset, pictures.galleryLarge, basePath).src,
        alt: block.texts.alts[index] ?? block.texts.title,
      };
    });
    return { title: block.texts.title, photos, lightboxCss };
  },
});

/** A picture with a title, a text and a call to action. */
export const banner = blockType({
  settings: z.object({ assetId, link: blockLink }).strict(),
  texts: z.object({ title: line(200), text: z.string().max(1000).default(''), action: line(100), alt: z.string().max(300).default('') }).strict(),
  load: async ({ db, basePath, culture }, block) => ({
    image: contentImage(await assetOf(db, block.settings.assetId), 'wide', basePath),
    target: blockLinkHref(block.settings.link, { basePath, culture }),
    ...block.texts,
  }),
});
