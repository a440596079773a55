import { useState, type ReactNode } from 'react';
import { hydrate, useQueryClient, type Query } from '@tanstack/react-query';
import { lazyNamed } from '../lib/lazy-component';
import { readFirstReads, type FirstReads } from './drawn-reads';

/** The chunks of the pages a drawn page showed, loaded before the portal's first render (which then shows them at once). */
export function loadDrawnPages(): Promise<unknown> {
  const pages = readFirstReads()?.pages ?? [];
  return Promise.all(pages.map((name) => lazyNamed(name)?.preload()));
}

/** How long a read the server drew with counts as fresh to a page that mounts on it. */
const DRAWN_FRESH_MS = 30_000;
/** When each read the drawing came with was put in the cache (the browser's clock). */
const seededAt = new WeakMap<Query, number>();

/**
 * The portal's `refetchOnMount` (src/portal/portal-queries.ts): a read the server drew the page
 * with moments ago is not read again by the page taking the drawing over (a list's answers are
 * otherwise stale at once, and each page would ask for what it was just sent); any other read
 * is read again on mount when stale, as React Query does by default.
 */
export const readAgainOnMount = (query: Query): boolean => {
  const at = seededAt.get(query);
  return at === undefined || Date.now() - at > DRAWN_FRESH_MS;
};

/**
 * Puts the reads in the portal's query cache before anything below reads it, under the keys the
 * drawing read them by (fresh to the page that takes the drawing over, then read again as any answer is).
 */
export function SeededReads({ reads, children }: { reads: FirstReads | null; children: ReactNode }) {
  const client = useQueryClient();
  useState(() => {
    if (!reads) return;
    hydrate(client, reads.state);
    const now = Date.now();
    for (const { queryHash } of reads.state.queries) {
      const query = client.getQueryCache().get(queryHash);
      if (query) seededAt.set(query, now);
    }
  });
  return <>{children}</>;
}
