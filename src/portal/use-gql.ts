import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { gqlRequest } from '../../providers/graphql-request';

/** A cached GraphQL query through the portal's batching transport. */
export function useGql<T>(key: readonly unknown[], query: string, variables?: Record<string, unknown>, enabled = true) {
  return useQuery({
    queryKey: ['gql', ...key],
    queryFn: () => gqlRequest<T>(query, variables),
    enabled,
    staleTime: 30_000,
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
