import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { createReadCache, writeTracker } from './read-cache';
import type { Db, DbEvents, Tx } from './db-types';
import { openPostgres, type PostgresOptions } from './postgres-db';
import { lockDataDir } from './data-dir-lock';

export { openPostgres };

export type { Db, DbEvents, Queryable, Row } from './db-types';

export async function openDb(options: {
  databaseUrl?: string;
  dataDir: string;
  events?: DbEvents;
  postgres?: PostgresOptions;
}): Promise<Db> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, options.events, options.postgres)
    : openPglite(path.join(options.dataDir, 'pglite'));
}

/** `from`: a data directory saved with `snapshot()` to start from (tests start each database from a migrated one). */
export async function openPglite(dir: string | undefined, options: { from?: Blob } = {}): Promise<Db> {
  const { PGlite } = await import('@electric-sql/pglite');
  if (dir) mkdirSync(dir, { recursive: true });
  // One process per directory: a second server or the CLI refuses to start instead of writing beside the first.
  const unlock = dir ? lockDataDir(dir) : () => undefined;
  // One embedded user needs few buffers: 16 MB instead of Postgres's 128 MB keeps ~130 MB off the server's RSS;
  // the OS caches the files anyway.
  const startParams = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];
  let pg: PGlite;
  try {
    pg = await PGlite.create({
      startParams,
      ...(dir ? { dataDir: dir } : {}),
      ...(options.from ? { loadDataDir: options.from } : {}),
    });
  } catch (error) {
    unlock();
    throw error;
  }
  // One process owns a PGlite directory, so every write passes through here: no listener needed.
  const cache = createReadCache();
  const wrote = writeTracker(cache);
  // PGlite has one connection: transactions are queued behind each other by the library.
  const wrap = (q: Pick<PGlite, 'query' | 'exec'>): Tx => ({
    async query(sql, params) {
      const result = await q.query(sql, params as unknown[]);
      wrote(sql);
      return result.rows as never;
    },
    async exec(sql) {
      await q.exec(sql);
      cache.changed();
    },
  });
  const inner = wrap(pg);
  const turn = oneTurnEach();
  return {
    kind: 'pglite',
    query: (sql, params) => turn(() => inner.query(sql, params)),
    exec: (sql) =>
      turn(async () => {
        await pg.exec(sql);
        cache.changed();
      }),
    // A transaction's own statements run inside its turn (the library holds the connection for it).
    transaction: (fn) =>
      turn(async () => {
        try {
          return await pg.transaction((tx) => fn(wrap(tx)));
        } finally {
          cache.changed();
        }
      }),
    async close() {
      try {
        await pg.close();
      } finally {
        unlock();
      }
    },
    cache,
    snapshot: () => turn(() => pg.dumpDataDir('none')),
  };
}

/**
 * PGlite runs on the server's own thread. Left alone, every request read in one event-loop turn
 * runs its statements in that same turn, one after another on promises, and since libuv accepts
 * one connection per turn, a client connecting while 50 others keep the database busy waited
 * seconds to be accepted (the calendar load row timed out). Here each statement or transaction
 * starts in a turn of its own, after the one before it ended: the loop accepts and reads between
 * them, and waiting is first come, first served. (No statement may wait on another from inside a
 * transaction, which PGlite's own lock already forbids.)
 */
function oneTurnEach() {
  let last: Promise<unknown> = Promise.resolve();
  return <T>(work: () => Promise<T>): Promise<T> => {
    const mine = last.then(() => new Promise<void>((resolve) => setImmediate(resolve))).then(work);
    last = mine.catch(() => undefined);
    return mine;
  };
}
