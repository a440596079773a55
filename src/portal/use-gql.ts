import { useCallback, useRef } from 'react';
import { keepPreviousData, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { type BaseRecord, useCustom, useCustomMutation, useDataProvider } from '@refinedev/core';
import type { GqlError } from '../../providers/graphql-errors';
import { useLoadingInSlices } from '../lib/loading-in-slices';

/**
 * The portal's written operations (resources/*.documents.ts) go through the one data provider
 * (@refinedev/graphql over the batching transport) with Refine's useCustom and useCustomMutation,
 * like the defined resources' pages go with useList, useOne and useForm: one client, one error
 * (GqlError), and Refine's auth provider hears every UNAUTHENTICATED. The document and variables
 * travel in meta, where the provider's custom call reads them.
 */
const customCall = (document: string, variables: Record<string, unknown> | undefined, kind: 'query' | 'mutation') => ({
  url: '',
  method: 'post' as const,
  meta: { [kind === 'query' ? 'gqlQuery' : 'gqlMutation']: document, gqlVariables: variables ?? {} },
});

/**
 * A read of useGql as its query keeps it (in the query's meta): the server's drawing of a page reads
 * it again on the next drawing of the same address before it renders (src/first-screen/read-hints.ts).
 */
export type GqlRead = { query: string; variables: Record<string, unknown> };
export const GQL_READ = 'gqlRead';
/** The provider's custom call that makes a read again. */
export const gqlReadCall = (read: GqlRead) => customCall(read.query, read.variables, 'query');

/** The provider's custom mutation for one operation, without Refine's own notices (pages say what happened). */
const mutationCall = (document: string, variables: Record<string, unknown> | undefined) => ({
  ...customCall(document, variables, 'mutation'),
  values: {},
  successNotification: false as const,
  errorNotification: false as const,
});

/** A portal query's cache key; pages refresh what they changed with `refreshGql(client, [...])`. */
export const gqlKey = (key: readonly unknown[]) => ['gql', ...key];
/**
 * Reads the given queries again after a change. A read of them already on its way may have left
 * before the change, and TanStack would hand a query with no answer yet that read: it is cancelled
 * first (the query goes back to where it was), so each is read afresh.
 */
export const refreshGql = (client: QueryClient, ...keys: (readonly unknown[])[]) =>
  Promise.all(
    keys.map(async (key) => {
      await client.cancelQueries({ queryKey: gqlKey(key) });
      return client.invalidateQueries({ queryKey: gqlKey(key) });
    }),
  );

/**
 * A cached query. `keepPrevious`: while a new page or search loads, the last answer stays on screen
 * (and `isPlaceholderData` says it is the old one).
 */
export function useGql<T>(
  key: readonly unknown[],
  query: string,
  variables?: Record<string, unknown>,
  enabled = true,
  keepPrevious = false,
) {
  const { query: result } = useCustom<T & BaseRecord, GqlError>({
    ...customCall(query, variables, 'query'),
    errorNotification: false,
    queryOptions: {
      queryKey: gqlKey(key),
      enabled,
      staleTime: 30_000,
      placeholderData: keepPrevious ? keepPreviousData : undefined,
      meta: { [GQL_READ]: { query, variables: variables ?? {} } satisfies GqlRead },
    },
  });
  const { refetch } = result;
  const client = useQueryClient();
  const queryKey = useRef(gqlKey(key));
  queryKey.current = gqlKey(key);
  const refetchData = useCallback(async () => {
    // A refetch asks for what is there now (after a live event, a save). TanStack hands a refetch the
    // fetch already on its way when the query has no answer yet (its first load, a new page), and that
    // read may have left before the change: it is cancelled first, so the refetch is a read of its own.
    await client.cancelQueries({ queryKey: queryKey.current, exact: true });
    const again = await refetch();
    return { ...again, data: again.data?.data as T | undefined };
  }, [client, refetch]);
  // Read through refs: Refine gives a new provider function whenever <Refine> draws, and a new
  // rereadQuietly would reopen the live subscriptions that hold it.
  const provider = useDataProvider();
  const dataProvider = useRef(provider);
  dataProvider.current = provider;
  const variablesNow = useRef(variables);
  variablesNow.current = variables;
  const quietReads = useRef(0);
  const rereadQuietly = useCallback(async () => {
    // Read afresh without a read in progress on screen: the answer goes into the cache as if fetched,
    // and TanStack keeps the cached value where the answer is the same, so nothing is drawn again
    // unless something changed. Of quiet reads that overlap, the last one sent is kept; an answer is
    // dropped where a fetch has answered since it left. A failed read is read again the usual way,
    // which shows its error (and signs out on UNAUTHENTICATED).
    const at = queryKey.current;
    const mine = ++quietReads.current;
    const leftAt = Date.now();
    try {
      const answer = await dataProvider.current().custom!(customCall(query, variablesNow.current, 'query'));
      const since = client.getQueryState(at)?.dataUpdatedAt ?? 0;
      if (mine === quietReads.current && since <= leftAt) client.setQueryData(at, answer, { updatedAt: leftAt });
    } catch {
      await refetchData();
    }
  }, [client, query, refetchData]);
  const isLoading = useLoadingInSlices(result.isLoading);
  // The rest of the answer (error, isFetching, …) reads through to TanStack's result, which notes what
  // is read and draws the component again only when one of those changes. Spread, it read every
  // field (dataUpdatedAt, fetchStatus, …). Refine's useCustom itself reads isFetching, so a fetch's
  // start and end still draw every component with a query: hence rereadQuietly, which fetches nothing.
  const answer = {
    isLoading,
    data: result.data?.data as T | undefined,
    refetch: refetchData,
    /** Reads afresh without showing a read in progress (after a reconnect, or on taking over a drawn page). */
    rereadQuietly,
  };
  for (const field of Object.keys(result) as (keyof typeof result)[])
    if (!(field in answer)) Object.defineProperty(answer, field, { enumerable: true, get: () => result[field] });
  return answer as Omit<typeof result, keyof typeof answer> & typeof answer;
}

/** What `useGql` has cached under a key (the provider's answer holds it as `data`), if anything. */
export const cachedGql = <T>(client: QueryClient, key: readonly unknown[]) =>
  client.getQueryData<{ data: T }>(gqlKey(key))?.data;

/** Fetches a query ahead into the cache `useGql` reads (the same key and the same provider call). */
export function usePrefetchGql() {
  const client = useQueryClient();
  const dataProvider = useDataProvider();
  return useCallback(
    (key: readonly unknown[], query: string, variables?: Record<string, unknown>) =>
      client.prefetchQuery({
        queryKey: gqlKey(key),
        queryFn: () => dataProvider().custom!({ ...customCall(query, variables, 'query') }),
        staleTime: 30_000,
      }),
    [client, dataProvider],
  );
}

/** Sends one operation from an event handler: resolves to its data, or throws the one GqlError. */
export function useGqlSend() {
  const { mutateAsync } = useCustomMutation<BaseRecord, GqlError>();
  return useCallback(
    async <T>(document: string, variables?: Record<string, unknown>): Promise<T> =>
      (await mutateAsync(mutationCall(document, variables))).data as T,
    [mutateAsync],
  );
}

/** A mutation with its pending state, refreshing the given queries when it succeeds. */
export function useGqlMutation<T, V extends Record<string, unknown>>(
  document: string,
  invalidate: readonly (readonly unknown[])[] = [],
) {
  const client = useQueryClient();
  const { mutation, mutateAsync } = useCustomMutation<T & BaseRecord, GqlError>({
    mutationOptions: { onSuccess: () => refreshGql(client, ...invalidate) },
  });
  const send = useCallback(
    async (variables: V) => (await mutateAsync(mutationCall(document, variables))).data as T,
    [document, mutateAsync],
  );
  const variables = mutation.variables?.meta?.gqlVariables as V | undefined;
  return { mutateAsync: send, isPending: mutation.isPending, variables };
}
