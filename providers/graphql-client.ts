import { Client, fetchExchange } from '@urql/core';
import { createGraphqlFetch, type TransportOptions } from './graphql-transport';

export const GRAPHQL_PATH = '/graphql';

/** The one urql client of the portal, going through the batching transport. */
export function createGraphqlClient(options: TransportOptions & { url?: string } = {}) {
  return new Client({
    url: options.url ?? GRAPHQL_PATH,
    exchanges: [fetchExchange],
    fetch: createGraphqlFetch(options),
    preferGetMethod: false,
    requestPolicy: 'network-only',
  });
}
