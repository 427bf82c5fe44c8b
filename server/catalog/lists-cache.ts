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

export function clearCatalogCaches(db: object): void {
  for (const cache of caches.get(db)?.values() ?? []) cache.clear();
}
