import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { authRequest } from '../../providers/auth-api';

/** A cached GraphQL query through the portal's batching transport. */
export function useGql<T>(key: readonly unknown[], query: string, variables?: Record<string, unknown>, enabled = true) {
  return useQuery({ queryKey: ['gql', ...key], queryFn: () => authRequest<T>(query, variables), enabled, staleTime: 30_000 });
}

/** A mutation that refreshes the given query keys when it succeeds. */
export function useGqlMutation<T, V extends Record<string, unknown>>(query: string, invalidate: readonly unknown[][] = []) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (variables: V) => authRequest<T>(query, variables),
    onSuccess: () => Promise.all(invalidate.map((key) => client.invalidateQueries({ queryKey: ['gql', ...key] }))),
  });
}
