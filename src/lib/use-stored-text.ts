import { useCallback, useSyncExternalStore } from 'react';

/** What a tab changed for a key (the `storage` event only tells the other tabs). */
const listeners = new Map<string, Set<() => void>>();
/** A value kept for this page where the browser keeps none (private mode). */
const kept = new Map<string, string>();

function read(key: string): string | null {
  try {
    return localStorage.getItem(key) ?? kept.get(key) ?? null;
  } catch {
    return kept.get(key) ?? null;
  }
}

/**
 * A text this browser keeps (spec §3 local UI state: a separator chosen, a note closed, rate plans
 * expanded), and its setter. The server's drawing of a page (src/first-screen) knows none of them:
 * it draws with none, and so does the portal's first render where it takes that drawing over; the
 * kept value follows at once (React reads the store again after it). Other tabs' changes are followed too.
 */
export function useStoredText(key: string): [string | null, (next: string) => void] {
  const subscribe = useCallback(
    (changed: () => void) => {
      const mine = listeners.get(key) ?? new Set();
      listeners.set(key, mine.add(changed));
      const elsewhere = (event: StorageEvent) => {
        if (event.key === key) changed();
      };
      addEventListener('storage', elsewhere);
      return () => {
        mine.delete(changed);
        removeEventListener('storage', elsewhere);
      };
    },
    [key],
  );
  const value = useSyncExternalStore(
    subscribe,
    () => read(key),
    () => null,
  );
  const store = useCallback(
    (next: string) => {
      try {
        localStorage.setItem(key, next);
      } catch {
        kept.set(key, next);
      }
      for (const changed of listeners.get(key) ?? []) changed();
    },
    [key],
  );
  return [value, store];
}
