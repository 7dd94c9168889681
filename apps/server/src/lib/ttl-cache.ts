/**
 * A small in-memory cache: at most `max` entries (the least recently used goes first), each kept for
 * `ttlMs`. A computation in flight is shared, so a burst of identical requests makes one query, and a
 * failed one is not remembered. Ages use the monotonic clock (the app's clock is fixed in tests).
 */
export type TtlCache<V> = {
  get(key: string, compute: () => Promise<V>): Promise<V>;
  /** Drops every entry, and any computation in flight: it may have read what just changed. */
  clear(): void;
  readonly size: number;
};

export function createTtlCache<V>(opts: { max: number; ttlMs: number }): TtlCache<V> {
  const entries = new Map<string, { at: number; value: Promise<V> }>();
  return {
    get(key, compute) {
      const now = performance.now();
      const hit = entries.get(key);
      if (hit && now - hit.at <= opts.ttlMs) {
        // Map order is the recency order: move the entry to the end.
        entries.delete(key);
        entries.set(key, hit);
        return hit.value;
      }
      const entry = { at: now, value: compute() };
      entries.delete(key);
      entries.set(key, entry);
      if (entries.size > opts.max) entries.delete(entries.keys().next().value as string);
      entry.value.catch(() => {
        if (entries.get(key) === entry) entries.delete(key);
      });
      return entry.value;
    },
    clear() {
      entries.clear();
    },
    get size() {
      return entries.size;
    },
  };
}
