import type { Logger } from '../../logger';
import type { StoredBlock } from '../blocks-data';
import { blockTypeOf } from './registry';
import type { Block, BlockContext } from './types';

/** What widgets/page-block/page-block.ejs renders: the block's id and type, and its partial's model. */
export interface BlockView {
  id: number;
  type: string;
  pageKey: string;
  model: object;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** A stored block checked against its type's schemas; null (logged) for an unknown type or bad JSON. */
export function checkBlock(stored: StoredBlock, pageKey: string, logger?: Logger): Block | null {
  const type = blockTypeOf(stored.type);
  const settings = type?.settings.safeParse(parseJson(stored.settings));
  const texts = type?.texts.safeParse(parseJson(stored.texts));
  if (!settings?.success || !texts?.success) {
    logger?.warn({ blockId: stored.id, type: stored.type }, 'page block left out: unknown type, or settings or texts that fail its schema');
    return null;
  }
  return { id: stored.id, pageKey, type: stored.type, settings: settings.data, texts: texts.data };
}

/** The models of the blocks, in their order; a block that cannot be shown is left out, never a 500. */
export async function loadBlocks(context: BlockContext, stored: StoredBlock[], pageKey: string, logger?: Logger): Promise<BlockView[]> {
  const blocks = stored.map((block) => checkBlock(block, pageKey, logger)).filter((block): block is Block => block !== null);
  return Promise.all(
    blocks.map(async (block) => ({ id: block.id, type: block.type, pageKey, model: await blockTypeOf(block.type)!.load(context, block) })),
  );
}
