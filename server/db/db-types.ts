import type { ReadCache } from './read-cache';

/** The database's shape, apart from how it is opened (client.ts), so the drivers need not import their opener. */
export type Row = Record<string, unknown>;

/** What every repository function needs: run a query, get rows. */
export type Queryable = {
  query<T extends Row = Row>(sql: string, params?: unknown[]): Promise<T[]>;
};

/** Inside a transaction: queries, and whole scripts of several statements (a migration file). */
export type Tx = Queryable & { exec(sql: string): Promise<void> };

export type Db = Queryable & {
  kind: 'pglite' | 'postgres';
  /** Runs several statements at once (migrations); no parameters. */
  exec(sql: string): Promise<void>;
  transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /** Per-request reads kept until anything is written (see read-cache.ts). */
  cache: ReadCache;
};

/** What the database layer reports to its owner (the server logs it; tests may watch it). */
export type DbEvents = {
  /** A connection died (a terminated backend, a restart, a network reset); the next request opens another. */
  onConnectionLost?: (error: Error) => void;
  /** A transaction lost its connection before COMMIT and runs again from the start. */
  onRetry?: (cause: { state?: string; message: string }) => void;
};
