import type { Request, Response } from 'express';
import type { TFunction } from 'i18next';
import type { z } from 'zod';
import type { Culture } from '../../config';
import type { PriceDisplay } from '../../currencies/display';
import type { Db } from '../../db';

/** What a block's loader may use to build its partial's model: the request's culture and services. */
export interface BlockContext {
  db: Db;
  culture: Culture;
  /** {app}: addresses in models carry it (pictures, links). */
  basePath: string;
  t: TFunction;
  /** The visitor's currency (the product carousel's prices). */
  display: () => Promise<PriceDisplay>;
  /** The lightbox stylesheet's address (a gallery's photos open in it). */
  lightboxCss: string | null;
  /** The request itself, for the loaders of other features that read it (the map widget's settings and geocoder). */
  http: { req: Request; res: Response };
  /** Epoch ms: the visibility rule of the items a block lists (news, projects, FAQ). */
  now: number;
}

/** A stored block, its settings and texts checked by its type's schemas. */
export interface Block<Settings = unknown, Texts = unknown> {
  id: number;
  pageKey: string;
  type: string;
  settings: Settings;
  texts: Texts;
}

/**
 * One block type: the zod schema of its shared settings and of its texts in one culture, and the
 * loader that turns a block into the model of views/partials/content/blocks/{type}.ejs. `prepare`
 * runs on the way in (seed, back office) after the schemas: rich text is sanitised there.
 */
export interface BlockType<Settings, Texts> {
  settings: z.ZodType<Settings>;
  texts: z.ZodType<Texts>;
  prepare?(texts: Texts): Texts;
  load(context: BlockContext, block: Block<Settings, Texts>): Promise<object> | object;
}

/** Lets each type's file declare its schemas once and get its loader typed from them. */
export function blockType<Settings, Texts>(type: BlockType<Settings, Texts>): BlockType<unknown, unknown> {
  return type as BlockType<unknown, unknown>;
}
