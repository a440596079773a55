import { reportError } from './ops/error-reporting';
import { GraphQLError } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import type { AppContext } from './context';
import { DatabaseUnavailableError, describeCause, isConnectionLoss } from './db/connection-loss';

/** What a caller gets when the database went away under the request: a clear error it may retry. */
export const databaseUnavailable = (at?: GraphQLError) =>
  new GraphQLError('The service is temporarily unavailable. Please try again.', {
    nodes: at?.nodes,
    source: at?.source,
    positions: at?.positions,
    path: at?.path,
    extensions: { code: 'DATABASE_UNAVAILABLE', retryable: true },
  });

export const isDatabaseLoss = (error: unknown) => error instanceof DatabaseUnavailableError || isConnectionLoss(error);

/** Logs the real cause of every unexpected error with its correlation id; the client sees only a generic message. */
export function useErrorLog(): Plugin<AppContext> {
  return {
    onExecute() {
      return {
        onExecuteDone({ args, result }) {
          const results = Symbol.asyncIterator in result ? [] : [result];
          for (const r of results) {
            for (const error of r.errors ?? []) {
              const original = error.originalError;
              if (!original || original instanceof GraphQLError) continue;
              if (!isDatabaseLoss(original)) reportError(original, args.contextValue.correlationId);
              args.contextValue.log.error(
                isDatabaseLoss(original)
                  ? { event: 'db.unavailable', cause: describeCause(original), path: error.path?.join('.') }
                  : { err: { message: original.message, stack: original.stack }, path: error.path?.join('.') },
                'Unexpected error in resolver',
              );
            }
          }
        },
      };
    },
  };
}
