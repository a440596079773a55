import { Client, fetchExchange } from '@urql/core';
import { createGraphqlFetch, GRAPHQL_PATH, type TransportOptions } from './graphql-transport';

export { GRAPHQL_PATH };

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
