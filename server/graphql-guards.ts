import { reportError } from './ops/error-reporting';
import {
  GraphQLError,
  Kind,
  type DefinitionNode,
  type DocumentNode,
  type OperationDefinitionNode,
  type SelectionNode,
} from 'graphql';
import { VIEW_AS_TEXTS } from '../resources/users/support';
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

/** The mutations a staff member viewing as someone may still send: stop viewing, sign out, ping. */
const WHILE_VIEWING = new Set(['stopViewAs', 'logout', 'ping']);

/**
 * View as is read-only (issue 30): while staff view the portal as someone, a mutation other than
 * stopping (or signing out) is refused before it runs, whatever path it would take to the database.
 * The command path refuses every write too (run-command.ts), for writes outside GraphQL.
 */
export function useViewAsReadOnly(): Plugin<AppContext> {
  return {
    onExecute({ args, setResultAndStopExecution }) {
      if (!args.contextValue.viewer?.viewAs) return;
      const document = args.document as DocumentNode;
      const operation = document.definitions.find(
        (d: DefinitionNode): d is OperationDefinitionNode =>
          d.kind === Kind.OPERATION_DEFINITION && (!args.operationName || d.name?.value === args.operationName),
      );
      if (operation?.operation !== 'mutation') return;
      const fields = operation.selectionSet.selections.map((s: SelectionNode) =>
        s.kind === Kind.FIELD ? s.name.value : '',
      );
      if (fields.every((f: string) => WHILE_VIEWING.has(f))) return;
      setResultAndStopExecution({
        errors: [
          new GraphQLError(VIEW_AS_TEXTS.readOnly, { extensions: { code: 'REFUSED', reason: VIEW_AS_TEXTS.readOnly } }),
        ],
      });
    },
  };
}
