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
};

/** An HttpError that keeps what the server said: the code, the field errors, every message. */
export type GraphqlHttpError = HttpError & {
  code?: string;
  messages: string[];
  /** The first error's extensions, e.g. what is stored now when a save is refused with STALE. */
  extensions?: Record<string, unknown>;
};

/** Maps urql's CombinedError to an HttpError that Refine's forms and auth provider understand. */
export function toHttpError(error: CombinedError): GraphqlHttpError {
  if (error.networkError && !error.graphQLErrors.length) {
    return { message: FORM_MESSAGES.network, statusCode: 503, messages: [FORM_MESSAGES.network] };
  }
  const first = error.graphQLErrors[0];
  warnGraphqlErrors(error.graphQLErrors as never);
  if (!first) return { message: FORM_MESSAGES.unknown, statusCode: 500, messages: [FORM_MESSAGES.unknown] };
  const code = typeof first.extensions?.code === 'string' ? first.extensions.code : undefined;
  const errors: Record<string, string[]> = {};
  for (const e of error.graphQLErrors) {
    const fields = e.extensions?.fields as Record<string, string[]> | undefined;
    for (const [name, list] of Object.entries(fields ?? {})) errors[name] = [...(errors[name] ?? []), ...list];
  }
  const messages = [...new Set(error.graphQLErrors.map((e) => e.message))];
  return {
    message: messages.join(' '),
    statusCode: (code && STATUS_BY_CODE[code]) || 500,
    code,
    messages,
    errors,
    extensions: first.extensions as Record<string, unknown> | undefined,
  };
}
