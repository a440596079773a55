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
   * Computed fields: the value for a row, and the SQL expression the list filters on. `field(name)`
   * is a field's value as text, wherever the row is stored, and `today` a yyyy-MM-dd parameter, so
   * both agree on the date.
   */
  computed?: Record<
    string,
    {
      value: (row: ResourceRow, today: string) => unknown;
      sql: (field: (name: string) => string, today: string) => string;
    }
  >;
  /** A condition every read adds (over `data`), from the caller's flags; 'false' hides everything. */
  visibleWhen?: (flags: FlagValues) => string | null;
  /**
   * Runs once per loaded page or row, to fetch related data in one query instead of one per row.
   * `flags` are the caller's, so related rows a flag hides stay hidden (absent only outside a request: the bench's anchor).
   */
  afterLoad?: (db: Queryable, rows: ResourceRow[], flags?: FlagValues) => Promise<void>;
  /**
   * Before a row is deleted, under its lock: `refuse` stops it (REFUSED with that message); `confirm`
   * asks first (REFUSED with `extensions.confirm`, until the delete comes again with confirm: true),
   * and what it names goes with the row in the same transaction (the foreign keys cascade).
   */
  deleteCheck?: (tx: Queryable, row: ResourceRow) => Promise<{ refuse?: string; confirm?: string }>;
  /**
   * Before a create or an update is written, with the values the schema passed: `confirm` asks first
   * (REFUSED with `extensions.confirm`, until the save comes again with confirm: true), for what is
   * allowed but probably a mistake (a rate plan named like another). `stored` is the row an update changes.
   */
  /**
   * After a create or an update is written, in its transaction (so what it writes commits or rolls
   * back with the row, under the one history record): a linked rate plan's rates follow its parent.
   */
  afterWrite?: (tx: Queryable, ctx: AppContext, row: ResourceRow, stored: ResourceRow | null) => Promise<void>;
  saveCheck?: (
    db: Queryable,
    values: Record<string, unknown>,
    target: { propertyId: number | null; stored: ResourceRow | null },
  ) => Promise<{ confirm?: string; refuse?: string }>;
};
