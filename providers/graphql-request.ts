import { createGraphqlFetch, GRAPHQL_PATH } from './graphql-transport';
import { readCookie } from './browser-cookies';
import { fromGraphqlErrors, networkError } from './graphql-errors';

export { GqlError } from './graphql-errors';

/** The id token is readable only while new-auth is off, so this sends a bearer exactly then (spec §7). */
export const readIdToken = () => readCookie('id_token');

const graphqlFetch = createGraphqlFetch({ getBearerToken: readIdToken });

/** One GraphQL call through the batching transport, light enough for the public screens (no urql, no Refine). */
export async function gqlRequest<T>(query: string, variables?: Record<string, unknown>): Promise<T> {
  let body: {
    data?: T;
    errors?: {
      message: string;
      extensions?: { code?: string; fields?: Record<string, string[]> } & Record<string, unknown>;
    }[];
  };
  try {
    const response = await graphqlFetch(GRAPHQL_PATH, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query, variables }),
    });
    body = await response.json();
  } catch {
    throw networkError();
  }
  if (body.errors?.length) throw fromGraphqlErrors(body.errors);
  return body.data as T;
}

export const toBase64 = (value: string) => btoa(String.fromCharCode(...new TextEncoder().encode(value)));
