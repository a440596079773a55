import type { IResolvers } from '@graphql-tools/utils';
import type { AppContext } from '../context';
import type { Queryable } from '../db/client';
import type { FlagValues } from '../flags/feature-flags';

/** A stored row as resolvers see it: the definition's fields plus id, propertyId, version and times. */
export type ResourceRow = Record<string, unknown> & {
  id: string;
  propertyId: number | null;
  version: number;
  createdAt: string;
  updatedAt: string;
};

/**
 * The server's escape hatch for one resource: what the generic path cannot derive from the
 * definition. Everything is optional; most resources need none of it.
 */
export type ResourceExtension = {
  /** Extra SDL (types, fields on the resource's types) and their resolvers. */
  typeDefs?: string;
  resolvers?: IResolvers<unknown, AppContext>;
  /**
   * Computed fields: the value for a row, and the SQL expression the list filters on. `data` is the
   * row's jsonb column and `today` a yyyy-MM-dd parameter, so both agree on the date.
   */
  computed?: Record<
    string,
    { value: (row: ResourceRow, today: string) => unknown; sql: (data: string, today: string) => string }
  >;
  /** A condition every read adds (over `data`), from the caller's flags; 'false' hides everything. */
  visibleWhen?: (flags: FlagValues) => string | null;
  /**
   * Runs once per loaded page or row, to fetch related data in one query instead of one per row.
   * `flags` are the caller's, so related rows a flag hides stay hidden (absent only outside a request: the bench's anchor).
   */
  afterLoad?: (db: Queryable, rows: ResourceRow[], flags?: FlagValues) => Promise<void>;
};
