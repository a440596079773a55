import type { ScopeUsersQuery } from '../generated/graphql-types';

/** One row of a users page: a membership or an open invitation. */
export type UserRow = ScopeUsersQuery['scopeUsers']['nodes'][number];
