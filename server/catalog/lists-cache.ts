/**
 * A small in-process cache for catalog reads that many visitors share (reference data, list pages,
 * facet counts). Entries live `ttlMs`; concurrent misses on one key share one load; the oldest entries
 * go first past `maxEntries`. One cache per database handle, so two apps (tests) never share answers.
 * Writers that must show at once call clearCatalogCaches(db); otherwise a change shows within the TTL.
 */
export class TtlCache<Value> {
  private readonly entries = new Map<string, { expires: number; value: Promise<Value> }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
  ) {}

  get(key: string, load: () => Promise<Value>): Promise<Value> {
    const now = Date.now();
    const entry = this.entries.get(key);
    if (entry && entry.expires > now) return entry.value;
    if (entry) this.entries.delete(key);
    const value = load();
    this.entries.set(key, { expires: now + this.ttlMs, value });
    // A failed load is not kept: the next request tries again.
    value.catch(() => this.entries.get(key)?.value === value && this.entries.delete(key));
    while (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    return value;
  }

  clear(): void {
    this.entries.clear();
  }
}

const caches = new WeakMap<object, Map<string, TtlCache<unknown>>>();

/** The named cache of one database handle, created on first use. */
export function cacheFor<Value>(db: object, name: string, ttlMs: number, maxEntries: number): TtlCache<Value> {
  let named = caches.get(db);
  if (!named) caches.set(db, (named = new Map()));
  let cache = named.get(name);
  if (!cache) named.set(name, (cache = new TtlCache<unknown>(ttlMs, maxEntries)));
  return cache as TtlCache<Value>;
}


interface Refreshing<Value> {
  value: Promise<Value>;
  builtAt: number;
  rebuilding: boolean;
}

const refreshing = new WeakMap<object, Map<string, Refreshing<unknown>>>();

/**
 * A value built from the database once (per database handle and key) and rebuilt in the background
 * once older than ttlMs, the old one answering meanwhile: in-memory indexes of the catalog.
 * clearCatalogCaches(db) drops them, so the next use waits for a fresh build.
 */
export function refreshingValue<Value>(db: object, key: string, ttlMs: number, build: () => Promise<Value>): Promise<Value> {
  let byKey = refreshing.get(db);
  if (!byKey) refreshing.set(db, (byKey = new Map()));
  const holder = byKey.get(key) as Refreshing<Value> | undefined;
  if (!holder) {
    const value = build();
    byKey.set(key, { value, builtAt: Date.now(), rebuilding: false });
    value.catch(() => byKey.get(key)?.value === value && byKey.delete(key));
    return value;
  }
  if (Date.now() - holder.builtAt > ttlMs && !holder.rebuilding) {
    holder.rebuilding = true;
    build().then(
      (fresh) => byKey.set(key, { value: Promise.resolve(fresh), builtAt: Date.now(), rebuilding: false }),
      () => (holder.rebuilding = false),
    );
  }
  return holder.value;
}

/**
 * Drops every cached list, count and in-memory index of this database: the next use reads it afresh,
 * here and, when several instances share the database, in the others too (server/cluster/invalidation.ts).
 */
export function clearCatalogCaches(db: object): void {
  clearCatalogCachesHere(db);
  for (const announce of announcers.get(db) ?? []) announce();
}

/** The same, in this process only: what an instance does when another announces a clear. */
export function clearCatalogCachesHere(db: object): void {
  for (const cache of caches.get(db)?.values() ?? []) cache.clear();
  refreshing.delete(db);
  for (const hook of clearHooks.get(db) ?? []) hook();
}

const announcers = new WeakMap<object, Array<() => void>>();

/** Tells the other instances of a clear made here (server/cluster/invalidation.ts registers it). */
export function announceCatalogClears(db: object, announce: () => void): () => void {
  announcers.set(db, [...(announcers.get(db) ?? []), announce]);
  return () => announcers.set(db, (announcers.get(db) ?? []).filter((one) => one !== announce));
}

const clearHooks = new WeakMap<object, Array<() => void>>();

/** Something else built from the catalog (the app's page cache) is dropped with the catalog's caches. */
export function whenCatalogCachesClear(db: object, hook: () => void): void {
  clearHooks.set(db, [...(clearHooks.get(db) ?? []), hook]);
}
