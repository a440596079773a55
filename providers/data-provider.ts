import createDataProvider from '@refinedev/graphql';
import { type Client, createRequest, type OperationContext, type OperationResult } from '@urql/core';
import type { DocumentNode } from 'graphql';
import { toHttpError } from './graphql-errors';
import { resourceDataOptions } from './resource-data-options';

/**
 * urql keys a read by its document and variables, and a read whose key is already on its way is
 * not sent: it is handed the answer of the one in flight. A read the portal makes after a save or a
 * live event would then get an answer from before that change. Each read gets a key of its own, so
 * it is sent and answered by itself. The keys start above any document hash (under 2^37 in size),
 * so they never meet one. (Identical reads at once are already one read in TanStack Query's cache.)
 */
let lastReadKey = 2 ** 40;
const ownRead = (query: string | DocumentNode, variables?: Record<string, unknown>) => ({
  ...createRequest(query, variables),
  key: ++lastReadKey,
});

/**
 * @refinedev/graphql turns every GraphQL error into `new Error("[GraphQL] …")`, losing the code and
 * the field errors. We hand it a client whose results throw our HttpError first, so Refine's
 * forms get field errors and the auth provider's onError sees UNAUTHENTICATED. Its reads are each
 * answered by themselves (`ownRead`).
 */
export function withRichErrors(client: Client): Client {
  const rethrow = <T extends { toPromise(): Promise<OperationResult> }>(source: T) => ({
    ...source,
    toPromise: async () => {
      const result = await source.toPromise();
      if (result.error) throw toHttpError(result.error);
      return result;
    },
  });
  return new Proxy(client, {
    get(target, prop, receiver) {
      if (prop === 'query') {
        return (
          query: string | DocumentNode,
          variables?: Record<string, unknown>,
          context?: Partial<OperationContext>,
        ) => rethrow(target.executeQuery(ownRead(query, variables), context));
      }
      if (prop === 'mutation') {
        const original = Reflect.get(target, prop, receiver) as (...a: unknown[]) => {
          toPromise(): Promise<OperationResult>;
        };
        return (...args: unknown[]) => rethrow(original.apply(target, args));
      }
      return Reflect.get(target, prop, receiver);
    },
  });
}

export function createPortalDataProvider(client: Client) {
  return createDataProvider(withRichErrors(client), resourceDataOptions);
}
