import { createHash } from 'node:crypto';
import type { Client, Pool, PoolClient } from 'pg';
import { createReadCache, isReadOnly, writeTracker } from './read-cache';
import { DatabaseUnavailableError, describeCause, isConnectionLoss } from './connection-loss';
import type { Db, DbEvents, LiveChannel, Tx } from './db-types';

/** The NOTIFY channel of live events (issue 32); the read cache's is extranet_cache. */
export const LIVE_CHANNEL = 'extranet_live';

/**
 * PostgreSQL through a pg pool. A backend can vanish at any moment (pg_terminate_backend, a
 * restart, a failover, idle_session_timeout, a network reset): the pool and every checked-out
 * client listen for 'error' (an unheard one would end the process), a dead client is destroyed
 * rather than reused, and the next request simply opens a new connection.
 */
export type PostgresOptions = {
  /** The LISTEN connection's own URL (behind a transaction pooler: straight to PostgreSQL); default: `url`. */
  listenUrl?: string;
  /** Named prepared statements (default on); off behind a pooler that cannot keep them. */
  preparedStatements?: boolean;
};

export async function openPostgres(url: string, events: DbEvents = {}, options: PostgresOptions = {}): Promise<Db> {
  const prepared = options.preparedStatements ?? true;
  const { default: pg } = await import('pg');
  // int8 and numeric come back as strings by default; our ids are int4 and money is numeric.
  pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number(v));
  pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
  const pool: Pool = new pg.Pool({
    connectionString: url,
    max: 25, // 10 queued requests behind each other under load; 25 measured 15-25 % more throughput
    // A black-holed network would otherwise hold every request forever.
    connectionTimeoutMillis: 5000,
    keepAlive: true,
  });
  // Every client gets a listener for its whole life, from the moment it connects: pg removes the pool's
  // own listener while a client is checked out, and a FATAL that arrives in the same packet as the
  // client's hand-over would otherwise be an unheard 'error' event, which ends the process.
  const deaths = new WeakMap<PoolClient, Error>();
  pool.on('connect', (client) => {
    client.on('error', (error) => {
      if (deaths.has(client)) return;
      deaths.set(client, error);
      events.onConnectionLost?.(error);
    });
  });
  // The pool re-emits an idle client's error; the listener above has already reported it.
  pool.on('error', () => undefined);
  await pool.query('select 1');
  // Named statements are parsed and planned once per connection, not on every call: our SQL texts are
  // constants or built from a bounded set of parts, so the names stay few.
  const names = new Map<string, string>();
  const nameOf = (sql: string) => {
    let name = names.get(sql);
    if (!name) names.set(sql, (name = `q${createHash('sha1').update(sql).digest('hex').slice(0, 16)}`));
    return name;
  };
  let listener: Client | null = null;
  let listening = false;
  let everListened = false;
  let closed = false;
  const messageHandlers: ((payload: string) => void)[] = [];
  const resyncHandlers: (() => void)[] = [];
  let firstListen!: () => void;
  const ready = new Promise<void>((resolve) => {
    firstListen = resolve;
  });
  const cache = createReadCache({ onFirstUse: () => startListening() });
  const wrote = writeTracker(cache);
  const startListening = () => {
    if (!listener && !closed) listen();
  };
  // Other processes' writes arrive as NOTIFY from migration 0006's triggers, and live events on
  // LIVE_CHANNEL (issue 32). While the listener is not connected, nothing is kept in the cache; a
  // lost listener reconnects after a second, and live subscribers are told they may have missed events.
  function listen() {
    cache.setEnabled(false);
    const client = new pg.Client({
      connectionString: options.listenUrl ?? url,
      connectionTimeoutMillis: 5000,
      keepAlive: true,
    });
    listener = client;
    const retry = () => {
      cache.setEnabled(false);
      if (listener !== client) return;
      listener = null;
      listening = false;
      client.end().catch(() => undefined);
      if (!closed) setTimeout(listen, 1000).unref();
    };
    client.on('notification', (msg) => {
      if (msg.channel !== LIVE_CHANNEL) return cache.changed();
      for (const handler of messageHandlers) handler(msg.payload ?? '');
    });
    client.on('error', retry);
    client.on('end', retry);
    client
      .connect()
      .then(() => client.query(`listen extranet_cache; listen ${LIVE_CHANNEL}`))
      .then(() => {
        if (listener !== client) return;
        cache.setEnabled(true);
        listening = true;
        if (everListened) for (const handler of resyncHandlers) handler();
        everListened = true;
        firstListen();
      }, retry);
  }
  const live: LiveChannel = {
    send: async (payload) => {
      await pool.query('select pg_notify($1, $2)', [LIVE_CHANNEL, payload]);
    },
    onMessage: (handler) => {
      messageHandlers.push(handler);
      startListening();
    },
    onResync: (handler) => {
      resyncHandlers.push(handler);
    },
    get connected() {
      return listening;
    },
    ready,
  };

  /** A pooled client, and whether it died while we held it; a failed connect is tried once more. */
  async function checkOut(): Promise<{
    client: PoolClient;
    died: () => Error | undefined;
    release: (broken?: boolean) => void;
  }> {
    let client: PoolClient;
    try {
      client = await pool.connect();
    } catch (error) {
      if (closed) throw error;
      try {
        client = await pool.connect();
      } catch (again) {
        throw new DatabaseUnavailableError(again);
      }
    }
    return {
      client,
      died: () => deaths.get(client),
      // Releasing with an error destroys the client instead of handing a dead socket to the next request.
      release: (broken) => client.release(deaths.get(client) ?? (broken ? new Error('connection lost') : undefined)),
    };
  }

  const run = (q: Pool | PoolClient, sql: string, params?: unknown[]) =>
    q.query(
      params?.length
        ? prepared
          ? { name: nameOf(sql), text: sql, values: params as unknown[] }
          : { text: sql, values: params as unknown[] }
        : sql,
    );

  /** One statement outside a transaction. A read whose connection died runs once more on a fresh one. */
  async function query(sql: string, params?: unknown[], attempt = 0): Promise<never> {
    const held = await checkOut();
    let broken = false;
    try {
      const result = await run(held.client, sql, params);
      wrote(sql);
      return result.rows as never;
    } catch (error) {
      broken = Boolean(held.died()) || isConnectionLoss(error);
      if (!broken) throw error;
      // A write may or may not have happened: never repeated behind the caller's back.
      if (attempt === 0 && isReadOnly(sql)) return query(sql, params, 1);
      throw new DatabaseUnavailableError(error);
    } finally {
      held.release(broken);
    }
  }

  return {
    kind: 'postgres',
    query,
    cache,
    live,
    async exec(sql) {
      const held = await checkOut();
      let broken = false;
      try {
        await held.client.query(sql);
      } catch (error) {
        broken = Boolean(held.died()) || isConnectionLoss(error);
        throw broken ? new DatabaseUnavailableError(error) : error;
      } finally {
        held.release(broken);
        cache.changed();
      }
    },
    /**
     * A transaction whose connection died before COMMIT was sent was rolled back by the server, so
     * it runs once more from the start; a death during COMMIT leaves the outcome unknown and is reported.
     */
    async transaction(fn) {
      for (let attempt = 0; ; attempt++) {
        const held = await checkOut();
        const tx: Tx = {
          async query(sql, params) {
            const result = await run(held.client, sql, params);
            wrote(sql);
            return result.rows as never;
          },
          // Without parameters pg sends the simple protocol, which runs several statements.
          async exec(sql) {
            await held.client.query(sql);
            cache.changed();
          },
        };
        let committing = false;
        let broken = false;
        try {
          await held.client.query('begin');
          const result = await fn(tx);
          committing = true;
          await held.client.query('commit');
          return result;
        } catch (error) {
          broken = Boolean(held.died()) || isConnectionLoss(error);
          if (!broken) {
            await held.client.query('rollback').catch(() => undefined);
            throw error;
          }
          if (committing || attempt > 0) throw new DatabaseUnavailableError(error);
          events.onRetry?.(describeCause(error));
        } finally {
          held.release(broken);
          cache.changed();
        }
      }
    },
    async close() {
      closed = true;
      const open = listener;
      listener = null;
      await open?.end().catch(() => undefined);
      await pool.end();
    },
  };
}
