import type { DataProvider } from '@refinedev/core';
import type { Query, QueryClient } from '@tanstack/react-query';
import { GQL_READ, gqlReadCall, type GqlRead } from '../portal/use-gql';

/** A read a drawing had to make (a useGql query): its cache key, and the operation that reads it. */
type Hint = { queryKey: readonly unknown[]; read: GqlRead };

/**
 * The reads the last drawing of an address had to make for a user, so that the next drawing of it
 * makes them before it renders, and a page is drawn in one render where it took two (one to learn
 * what the page asks for, one with the answers). A hint is only what to read, never an answer: every
 * read is made afresh, as the user who asks, and the drawing still renders again for any read the
 * page asks for that the hint did not hold. Kept in this process, the most recent addresses first.
 */
const hints = new Map<string, Hint[]>();
/** Addresses kept: each is a few short lists (the operations' text is the portal's own constants). */
export const HINTED_ADDRESSES = 1000;

const gqlReadOf = (query: Query): GqlRead | undefined => query.meta?.[GQL_READ] as GqlRead | undefined;

/** Makes the reads the last drawing of `key` made, into `client`; answers the cache hashes it read. */
export async function readHinted(key: string, client: QueryClient, provider: DataProvider): Promise<Set<string>> {
  const list = hints.get(key) ?? [];
  const made = await Promise.all(
    list.map(async ({ queryKey, read }) => {
      await client.prefetchQuery({
        queryKey,
        queryFn: () => provider.custom!(gqlReadCall(read)),
        meta: { [GQL_READ]: read },
      });
      return client.getQueryCache().find({ queryKey, exact: true })?.queryHash;
    }),
  );
  return new Set(made.filter((hash) => hash !== undefined));
}

/** Keeps, for `key`, the reads of `client`'s cache whose hash is in `read` (the ones the drawing made and used). */
export function rememberReads(key: string, client: QueryClient, read: Set<string>) {
  const list = client
    .getQueryCache()
    .getAll()
    .filter((query) => read.has(query.queryHash) && query.state.status === 'success')
    .flatMap((query) => {
      const made = gqlReadOf(query);
      return made ? [{ queryKey: query.queryKey, read: made }] : [];
    });
  hints.delete(key);
  if (list.length === 0) return;
  hints.set(key, list);
  if (hints.size > HINTED_ADDRESSES) hints.delete(hints.keys().next().value!);
}

export const forgetReads = (key: string) => hints.delete(key);
