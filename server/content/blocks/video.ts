import { z } from 'zod';
import { contentImage } from '../pictures';
import { assetOf } from './assets';
import { blockType } from './types';

/**
 * The two providers: the page links to the provider's own page (what works without JavaScript); with
 * JavaScript, a modal plays it in the provider's player, loaded only on click and only with marketing
 * consent (YouTube through its privacy-enhanced youtube-nocookie domain, Vimeo with dnt=1).
 */
const providers = {
  youtube: {
    id: /^[A-Za-z0-9_-]{11}$/,
    watch: (id: string) => `https://www.youtube.com/watch?v=${id}`,
    embed: (id: string) => `https://www.youtube-nocookie.com/embed/${id}?autoplay=1&rel=0`,
  },
  vimeo: {
    id: /^\d{1,12}$/,
    watch: (id: string) => `https://vimeo.com/${id}`,
    embed: (id: string) => `https://player.vimeo.com/video/${id}?autoplay=1&dnt=1`,
  },
} as const;

const settings = z
  .object({ provider: z.enum(['youtube', 'vimeo']), videoId: z.string(), posterAssetId: z.number().int().positive().max(999_999_999) })
  .strict()
  .refine((value) => providers[value.provider].id.test(value.videoId), { path: ['videoId'] });

export const video = blockType({
  settings,
  texts: z.object({ title: z.string().trim().min(1).max(200) }).strict(),
  load: async ({ db, basePath }, block) => {
    const provider = providers[block.settings.provider];
    return {
      title: block.texts.title,
      provider: block.settings.provider,
      watchUrl: provider.watch(block.settings.videoId),
      embedUrl: provider.embed(block.settings.videoId),
      poster: contentImage(await assetOf(db, block.settings.posterAssetId), 'poster', basePath),
    };
  },
});
