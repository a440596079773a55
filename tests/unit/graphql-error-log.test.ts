import { afterEach, describe, expect, it, vi } from 'vitest';
import { CombinedError } from '@urql/core';
import { GraphQLError } from 'graphql';
import { toHttpError } from '../../providers/graphql-errors';

afterEach(() => vi.restoreAllMocks());

describe('GraphQL error logging (spec §8)', () => {
  it('writes each GraphQL error to the console as a warning, and nothing as an error', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const combined = new CombinedError({
      graphQLErrors: [
        new GraphQLError('Property not found.', { extensions: { code: 'NOT_FOUND' } }),
        new GraphQLError('Enter a name', { extensions: { code: 'BAD_USER_INPUT' } }),
      ],
    });
    expect(toHttpError(combined).statusCode).toBe(404);
    expect(warn.mock.calls).toEqual([
      ['GraphQL error: Property not found.', 'NOT_FOUND'],
      ['GraphQL error: Enter a name', 'BAD_USER_INPUT'],
    ]);
    expect(error).not.toHaveBeenCalled();
  });
});
