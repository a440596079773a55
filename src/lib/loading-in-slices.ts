import { useDeferredValue } from 'react';

/**
 * A loading flag whose end is drawn in slices. A query's answer reaches React as a blocking update
 * (TanStack Query reads its cache through useSyncExternalStore), so the page it unlocks would be
 * drawn in one long task that holds up input (Lighthouse's TBT on a phone). Here the blocking pass
 * still says "loading" and keeps the cheap placeholder; the page itself follows at once as a
 * deferred render, which React draws in short slices it can pause for a click or a key.
 */
export function useLoadingInSlices(loading: boolean): boolean {
  const shown = useDeferredValue(loading);
  return loading || shown;
}
