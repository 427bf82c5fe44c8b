import { z } from 'zod';
import { sanitizeRichText } from '../rich-text';
import { blockType } from './types';

const itemKey = z.string().regex(/^[a-z][a-z0-9-]{0,39}$/);
const item = z.object({ title: z.string().trim().min(1).max(200), html: z.string().max(20_000) }).strict();

/**
 * Collapses in columns: each item a <details> (open and close without JavaScript), laid out in 1 to 4
 * columns; or, with layout 'tabs', the same items as tabs (without JavaScript a list of links to the
 * panels, all shown). The shared structure names the items (their anchors) and which start open (the
 * first open one is the tab shown first), each culture gives their titles and rich texts (sanitised in
 * and out, as rich text blocks).
 */
export const collapses = blockType({
  settings: z
    .object({ layout: z.enum(['columns', 'tabs']).default('columns'), columns: z.number().int().min(1).max(4).default(1), items: z.array(z.object({ key: itemKey, open: z.boolean().default(false) }).strict()).min(1).max(24) })
    .strict(),
  texts: z.object({ title: z.string().max(200).default(''), items: z.record(itemKey, item) }).strict(),
  prepare: (texts) => ({
    ...texts,
    items: Object.fromEntries(Object.entries(texts.items).map(([key, value]) => [key, { ...value, html: sanitizeRichText(value.html) }])),
  }),
  load: (_context, block) => ({
    title: block.texts.title,
    layout: block.settings.layout,
    columns: block.settings.columns,
    items: block.settings.items.flatMap(({ key, open }) => {
      const text = block.texts.items[key];
      return text ? [{ key, open, title: text.title, html: sanitizeRichText(text.html) }] : [];
    }),
  }),
});
