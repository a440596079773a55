import type { HttpError } from '@refinedev/core';
import type { CombinedError } from '@urql/core';
import { FORM_MESSAGES } from '../resources/messages';
import { warnGraphqlErrors } from './graphql-log';

const STATUS_BY_CODE: Record<string, number> = {
  BAD_USER_INPUT: 400,
  BAD_REQUEST: 400,
  GRAPHQL_VALIDATION_FAILED: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  STALE: 409,
  REFUSED: 409,
  TOO_MANY_REQUESTS: 429,
  NETWORK: 503,
};

type ServerError = { message: string; extensions?: Record<string, unknown> };

/**
 * The portal's one error: what the server said (its code, Cognito's names for auth calls; every
 * message; the field errors; the first error's extensions, such as what is stored now on STALE),
 * shaped as Refine's HttpError so its forms, notifications and auth provider read it too.
 */
export class GqlError extends Error implements HttpError {
  readonly statusCode: number;
  /** Field errors by field name: `errors` for Refine, `fields` for the portal's own forms. */
  readonly errors: Record<string, string[]>;
  constructor(
    readonly code: string,
    message: string,
    readonly fields: Record<string, string[]> = {},
    readonly extensions: Record<string, unknown> = {},
    readonly messages: string[] = [message],
  ) {
    super(message);
    this.errors = fields;
    this.statusCode = STATUS_BY_CODE[code] ?? 500;
  }
}

/** The network failed or the answer was not GraphQL: nothing the server said. */
export const networkError = () => new GqlError('NETWORK', FORM_MESSAGES.network);

/** The one normaliser of a GraphQL answer's errors, whichever client read it (logged as warnings, spec §8). */
export function fromGraphqlErrors(errors: readonly ServerError[]): GqlError {
  warnGraphqlErrors(errors);
  const [first] = errors;
  if (!first) return new GqlError('UNKNOWN', FORM_MESSAGES.unknown);
  const code = typeof first.extensions?.code === 'string' ? first.extensions.code : 'UNKNOWN';
  const fields: Record<string, string[]> = {};
  for (const e of errors) {
    const own = e.extensions?.fields as Record<string, string[]> | undefined;
    for (const [name, list] of Object.entries(own ?? {})) fields[name] = [...(fields[name] ?? []), ...list];
  }
  const messages = [...new Set(errors.map((e) => e.message))];
  return new GqlError(code, messages.join(' '), fields, first.extensions ?? {}, messages);
}

/** urql's CombinedError (the data provider's client) through the same normaliser. */
export const toHttpError = (error: CombinedError): GqlError =>
  error.networkError && !error.graphQLErrors.length
    ? networkError()
    : fromGraphqlErrors(error.graphQLErrors as readonly ServerError[]);
