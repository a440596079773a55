import { GraphQLError } from 'graphql';

/** Error codes the client relies on (extensions.code). */
export type ErrorCode =
  | 'BAD_USER_INPUT'
  | 'UNAUTHENTICATED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'STALE'
  | 'REFUSED'
  | 'TOO_MANY_REQUESTS'
  | 'TOO_COSTLY';

export type FieldErrors = Record<string, string[]>;

/** An expected error: its message reaches the client as is. Anything else is masked. */
export function userError(message: string, code: ErrorCode | (string & {}), fields?: FieldErrors): GraphQLError {
  return new GraphQLError(message, { extensions: fields ? { code, fields } : { code } });
}
