import createDataProvider from '@refinedev/graphql';
import type { Client, OperationResult } from '@urql/core';
import { toHttpError } from './graphql-errors';
import { resourceDataOptions } from './resource-data-options';

/**
 * @refinedev/graphql turns every GraphQL error into `new Error("[GraphQL] …")`, losing the code and
 * the field errors. We hand it a client whose results throw our HttpError first, so Refine's
 * forms get field errors and the auth provider's onError sees UNAUTHENTICATED.
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
      if (prop === 'query' || prop === 'mutation') {
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
