/**
 * Reads every request repeats (who the caller is, a property's facts for the permission check),
 * kept in memory until anything changes:
 * - any write through this process's Db ends every entry at once (`changed()`, called by the
 *   client after each write statement and each commit), so a role change or sign-out applies to
 *   the very next request;
 * - writes from other processes (the CLI, a second server) reach it as a NOTIFY from triggers on
 *   the tables these reads use (migration 0006), within milliseconds;
 * - an entry lives at most `ttlMs` in any case, and the cache holds at most `maxEntries`.
 * A read that started before a change is never kept past it: entries carry the generation they
 * were read in, and a change starts a new one.
 */
export type ReadCache = {
  get<T>(key: string, load: () => Promise<T>): Promise<T>;
  changed(): void;
  /** While off (say, the NOTIFY listener is down), every get loads afresh. */
  setEnabled(on: boolean): void;
  readonly size: number;
};

type Entry = { generation: number; at: number; value: Promise<unknown> };

export function createReadCache(
  options: { ttlMs?: number; maxEntries?: number; onFirstUse?: () => void } = {},
): ReadCache {
  const ttlMs = options.ttlMs ?? 30_000;
  const maxEntries = options.maxEntries ?? 10_000;
  const entries = new Map<string, Entry>();
  let generation = 0;
  let enabled = true;
  let onFirstUse = options.onFirstUse;
  return {
    get<T>(key: string, load: () => Promise<T>): Promise<T> {
      if (onFirstUse) {
        onFirstUse();
        onFirstUse = undefined;
      }
      if (!enabled) return load();
      const now = Date.now();
      const hit = entries.get(key);
      if (hit && hit.generation === generation && now - hit.at < ttlMs) return hit.value as Promise<T>;
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
      const entry: Entry = { generation, at: now, value: load() };
      entries.set(key, entry);
      entry.value.catch(() => {
        if (entries.get(key) === entry) entries.delete(key);
      });
      return entry.value as Promise<T>;
    },
    changed() {
      generation++;
      entries.clear();
    },
    setEnabled(on) {
      enabled = on;
      generation++;
      entries.clear();
    },
    get size() {
      return entries.size;
    },
  };
}

/** Statements that cannot change anything: a plain select without row locks. Everything else counts as a write. */
export function isReadOnly(sql: string): boolean {
  return /^\s*select\b/i.test(sql) && !/\b(insert|update|delete)\b/i.test(sql);
}

/** Ends the read cache after each write statement: which texts write is decided once per text. */
export function writeTracker(cache: ReadCache) {
  const readOnly = new Map<string, boolean>();
  return (sql: string) => {
    let known = readOnly.get(sql);
    if (known === undefined) readOnly.set(sql, (known = isReadOnly(sql)));
    if (!known) cache.changed();
  };
}
