import { useDeferredValue } from 'react';

/*
 * A query's answer reaches React as a blocking update (TanStack Query reads its cache through
 * useSyncExternalStore), so whatever it unlocks would be drawn in one long task that holds up input
 * (Lighthouse's TBT on a phone). These hooks let the blocking pass keep what is on screen, cheaply,
 * and draw the new content at once after it as a deferred render, which React cuts into short
 * slices it can pause for a click or a key.
 */

/** A loading flag whose end is drawn in slices: it still says "loading" until the page is drawn. */
export function useLoadingInSlices(loading: boolean): boolean {
  const shown = useDeferredValue(loading);
  return loading || shown;
}

/**
 * A value (a table's rows) whose newer versions are drawn in slices: the value on screen, and
 * whether a newer one is being drawn (show it as loading meanwhile, never as empty). The value must
 * keep its identity while it is unchanged (memoize it).
 */
export function useInSlices<T>(value: T): [T, boolean] {
  const shown = useDeferredValue(value);
  return [shown, shown !== value];
}
