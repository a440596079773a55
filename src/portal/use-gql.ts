import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { gqlRequest } from '../../providers/graphql-request';

/**
 * A cached GraphQL query through the portal's batching transport. `keepPrevious`: while a new page
 * or search loads, the last answer stays on screen (and `isPlaceholderData` says it is the old one).
 */
export function useGql<T>(
  key: readonly unknown[],
  query: string,
  variables?: Record<string, unknown>,
  enabled = true,
  keepPrevious = false,
) {
  return useQuery({
    queryKey: ['gql', ...key],
    queryFn: () => gqlRequest<T>(query, variables),
    enabled,
    staleTime: 30_000,
    placeholderData: keepPrevious ? keepPreviousData : undefined,
  });
}

/** A mutation that refreshes the given query keys when it succeeds. */
export function useGqlMutation<T, V extends Record<string, unknown>>(
  query: string,
  invalidate: readonly unknown[][] = [],
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (variables: V) => gqlRequest<T>(query, variables),
    onSuccess: () => Promise.all(invalidate.map((key) => client.invalidateQueries({ queryKey: ['gql', ...key] }))),
  });
}
