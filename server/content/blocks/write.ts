import type { Culture } from '../../config';
import type { Db } from '../../db';
import { BadInput } from '../../http/errors';
import { insertPageBlock } from '../blocks-data';
import { blockTypeOf } from './registry';

export interface NewBlock {
  pageId: number;
  position: number;
  type: string;
  settings: unknown;
  /** The texts in each culture the block speaks. */
  texts: Partial<Record<Culture, unknown>>;
}

/**
 * The way in for a block (seed, back office): its type must exist, its settings and each culture's
 * texts must pass the type's schemas (a 400 naming the part otherwise, nothing written), and rich text
 * is sanitised before it is stored.
 */
export async function addPageBlock(db: Db, block: NewBlock): Promise<number> {
  const type = blockTypeOf(block.type);
  if (!type) throw new BadInput({ type: 'Pages.InvalidBlock' });
  const settings = type.settings.safeParse(block.settings);
  if (!settings.success) throw new BadInput({ settings: 'Pages.InvalidBlock' });
  const texts: Partial<Record<Culture, string>> = {};
  for (const [culture, value] of Object.entries(block.texts) as [Culture, unknown][]) {
    const parsed = type.texts.safeParse(value);
    if (!parsed.success) throw new BadInput({ [`texts.${culture}`]: 'Pages.InvalidBlock' });
    texts[culture] = JSON.stringify(type.prepare ? type.prepare(parsed.data) : parsed.data);
  }
  return insertPageBlock(db, { pageId: block.pageId, position: block.position, type: block.type, settings: JSON.stringify(settings.data), texts });
}
