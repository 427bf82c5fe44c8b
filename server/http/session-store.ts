import session from 'express-session';
import type { CompiledQuery } from 'kysely';
import type { Db } from '../db';
import { toNumber } from '../db/normalise';

type SessionRow = { data: string; expires_at: number | string | bigint };

const dayInMs = 24 * 60 * 60 * 1000;

/** express-session store over the application database (the default when REDIS_URL is not set). */
export class DatabaseSessionStore extends session.Store {
  /** Read on every request that carries a session cookie: compiled once, run with each visitor's sid. */
  private readonly selectBySid: CompiledQuery<SessionRow>;

  constructor(private readonly db: Db) {
    super();
    this.selectBySid = db.selectFrom('sessions').select(['data', 'expires_at']).where('sid', '=', '').compile();
  }

  get(sid: string, callback: (error: unknown, data?: session.SessionData | null) => void): void {
    this.db
      .executeQuery<SessionRow>({ ...this.selectBySid, parameters: [sid] })
      .then(({ rows: [row] }) => callback(null, row && toNumber(row.expires_at) > Date.now() ? JSON.parse(row.data) : null))
      .catch(callback);
  }

  set(sid: string, data: session.SessionData, callback?: (error?: unknown) => void): void {
    const row = { data: JSON.stringify(data), expires_at: expiry(data) };
    this.db
      .insertInto('sessions')
      .values({ sid, ...row })
      .onConflict((conflict) => conflict.column('sid').doUpdateSet(row))
      .execute()
      .then(() => callback?.())
      .catch((error) => callback?.(error));
  }

  // A visitor's every page view would otherwise write the session's new expiry: once a minute is enough.
  private readonly touched = new Map<string, number>();

  touch(sid: string, data: session.SessionData, callback?: (error?: unknown) => void): void {
    const now = Date.now();
    if (now - (this.touched.get(sid) ?? 0) < 60_000) return void callback?.();
    if (this.touched.size >= 10_000) this.touched.clear();
    this.touched.set(sid, now);
    this.db
      .updateTable('sessions')
      .set({ expires_at: expiry(data) })
      .where('sid', '=', sid)
      .execute()
      .then(() => callback?.())
      .catch((error) => callback?.(error));
  }

  destroy(sid: string, callback?: (error?: unknown) => void): void {
    this.db
      .deleteFrom('sessions')
      .where('sid', '=', sid)
      .execute()
      .then(() => callback?.())
      .catch((error) => callback?.(error));
  }

  /** Removes expired sessions; the server calls it on a timer. */
  async prune(): Promise<number> {
    const result = await this.db.deleteFrom('sessions').where('expires_at', '<', Date.now()).executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}

function expiry(data: session.SessionData): number {
  const expires = data.cookie?.expires;
  return expires ? new Date(expires).getTime() : Date.now() + dayInMs;
}
