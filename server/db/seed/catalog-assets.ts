import type { Insertable } from 'kysely';
import type { Database } from '../schema';
import type { IdSource } from './catalog-rows';

/** Fixed creation time, so the demo seed is the same on every run. */
export const seedEpoch = Date.UTC(2025, 0, 6);

export interface AssetDraft {
  name: string;
  content: Buffer;
  width: number;
  height: number;
}

/** Stored assets by a key of the caller's ("detail:linen:navy"), so one picture serves many products. */
export class AssetCache {
  private readonly ids = new Map<string, number>();

  constructor(private readonly idSource: IdSource) {}

  /** The id of the asset under this key, drawing it and queuing its row the first time. */
  use(rows: Insertable<Database['assets']>[], key: string, draw: () => AssetDraft): number {
    const known = this.ids.get(key);
    if (known !== undefined) return known;
    const id = this.add(rows, draw());
    this.ids.set(key, id);
    return id;
  }

  /** A new asset that is never shared. */
  add(rows: Insertable<Database['assets']>[], draft: AssetDraft): number {
    const id = this.idSource.take('assets');
    rows.push({
      id,
      name: draft.name,
      mime: 'image/svg+xml',
      width: draft.width,
      height: draft.height,
      size: draft.content.length,
      content: draft.content,
      created_at: seedEpoch,
    });
    return id;
  }
}
