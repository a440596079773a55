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
  /** Live events shared by every process on the database (PostgreSQL); PGlite, one process, has none. */
  live?: LiveChannel;
  /** PGlite: the whole data directory as a tarball, for `openPglite(dir, { from })`. */
  snapshot?: () => Promise<Blob>;
};

/**
 * Messages every server on one PostgreSQL database hears (issue 32), over NOTIFY on a channel of
 * the portal's own, received on the one listener connection the read cache keeps.
 */
export type LiveChannel = {
  /** Sends a message to every process, this one included; rejects when the database cannot take it. */
  send(payload: string): Promise<void>;
  /** Hears every message sent by any process. */
  onMessage(handler: (payload: string) => void): void;
  /** Hears that the listener came back after a loss: messages sent meanwhile were missed. */
  onResync(handler: () => void): void;
  /** Whether the listener is connected now (while it is not, this process's own messages go straight to it). */
  readonly connected: boolean;
  /** Resolves once the listener first connects (the server waits for it, a while, before it takes requests). */
  readonly ready: Promise<void>;
};

/** What the database layer reports to its owner (the server logs it; tests may watch it). */
export type DbEvents = {
  /** A connection died (a terminated backend, a restart, a network reset); the next request opens another. */
  onConnectionLost?: (error: Error) => void;
  /** A transaction lost its connection before COMMIT and runs again from the start. */
  onRetry?: (cause: { state?: string; message: string }) => void;
};
