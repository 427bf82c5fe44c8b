import { banner, gallery, image } from './media';
import { collapses } from './collapses';
import { faq, map, newsList, projectsGrid } from './features';
import { contactFormBlock, pageBreak, richText } from './basic';
import { productCarousel } from './products';
import type { BlockType } from './types';
import { video } from './video';

/**
 * Every block type: its key (page_blocks.type) -> its schemas and loader. Each renders
 * views/partials/content/blocks/{type}.ejs inside widgets/page-block/page-block.ejs.
 */
export const blockTypes: Record<string, BlockType<unknown, unknown>> = {
  'rich-text': richText,
  image,
  gallery,
  collapses,
  video,
  banner,
  'contact-form': contactFormBlock,
  'product-carousel': productCarousel,
  'news-list': newsList,
  faq,
  'projects-grid': projectsGrid,
  map,
  'page-break': pageBreak,
};

export function blockTypeOf(type: string): BlockType<unknown, unknown> | null {
  return Object.hasOwn(blockTypes, type) ? blockTypes[type] : null;
}
