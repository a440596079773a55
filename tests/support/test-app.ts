import { mediaStoreFor } from '../../server/media/media-store';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig, type Config } from '../../server/config';
import { createGraphqlApp } from '../../server/app';
import { createLogger } from '../../server/logger';
import { createServices, dbEvents } from '../../server/boot';
import { seedDemoData } from '../../server/db/seed';
import type { AppServices } from '../../server/context';
import type { SchemaModule } from '../../server/schema/schema-module';
import { schemaModules } from '../../server/schema';
import { openTestDb } from './test-db';
import { openPostgres, type Db } from '../../server/db/client';
import type { PostgresOptions } from '../../server/db/postgres-db';
import { takeRunDemoPhotos } from './demo-photos';
import { createHttpServer } from '../../server/http/http-server';

/**
 * How the suite reaches the API: `http` (the default, and what npm test uses on both databases)
 * posts to a real server on a loopback port, through the HTTP server's direct lane as production
 * does; `TEST_TRANSPORT=yoga` calls yoga.fetch in process instead. tests/api/graphql-lane.test.ts
 * holds the two paths to the same answers.
 */
/** Node's own fetch, kept before a page test points the global one at this app. */
const nodeFetch = globalThis.fetch;

export const testTransport = process.env.TEST_TRANSPORT === 'yoga' ? 'yoga' : 'http';
import type { ResourceDef } from '../../resources/define-resource';

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

export type GqlResult<T = Record<string, unknown>> = {
  status: number;
  headers: Headers;
  body: { data?: T; errors?: { message: string; extensions?: Record<string, unknown>; path?: string[] }[] };
};

/** The real GraphQL app on a fresh database, reached over the suite's transport (postGraphql). Logs are kept in `logs`. */
export async function createTestApp(
  options: {
    seed?: boolean;
    seedRates?: boolean;
    env?: Record<string, string>;
    modules?: SchemaModule[];
    resources?: ResourceDef[];
    /** A second server instance on the first one's PostgreSQL database (it neither migrates nor drops it). */
    sameDatabaseAs?: { db: { testUrl?: string } };
    /** That second instance's DATABASE_URL when it is not the first one's: a pooler in front of it. */
    via?: string;
    /** How that second instance connects (as DATABASE_PREPARED_STATEMENTS and DATABASE_LISTEN_URL set it). */
    postgres?: PostgresOptions;
  } = {},
) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'extranet-api-'));
  const config: Config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'info',
    DATA_DIR: dataDir,
    ANTISPAM_COST: '10',
    ANTISPAM_MAX_COUNTER: '50',
    ...options.env,
  });
  const logs: Record<string, unknown>[] = [];
  const log = createLogger('info', { write: (line: string) => void logs.push(JSON.parse(line)) });
  const shared = options.sameDatabaseAs?.db.testUrl;
  if (options.sameDatabaseAs && !shared) throw new Error('sameDatabaseAs needs TEST_DB=postgres');
  const db: Db & { testUrl?: string } = shared
    ? await openPostgres(options.via ?? shared, dbEvents(log), options.postgres)
    : await openTestDb(dbEvents(log));
  if (!shared && (options.seed ?? true)) {
    takeRunDemoPhotos();
    await seedDemoData(db, { rates: options.seedRates ?? false, media: mediaStoreFor(dataDir) });
  }
  const services: AppServices = await createServices(config, db, log);
  const yoga = createGraphqlApp(services, options.modules ?? schemaModules, options.resources);
  const http = testTransport === 'http' ? createHttpServer(services, yoga, path.join(dataDir, 'no-client')) : null;
  const base = http ? `http://127.0.0.1:${await http.listen(0, '127.0.0.1')}` : 'http://localhost';

  /** POSTs to /graphql over the suite's transport. */
  /** POSTs to /graphql over the suite's transport; a FormData body is a multipart request. */
  const postGraphql = (init: {
    headers: Record<string, string>;
    body: string | FormData | Uint8Array<ArrayBuffer>;
  }): Promise<Response> =>
    http
      ? nodeFetch(`${base}/graphql`, { method: 'POST', ...init })
      : Promise.resolve(yoga.fetch('http://localhost/graphql', { method: 'POST', ...init }));

  async function gql<T = Record<string, unknown>>(
    query: string,
    variables?: Record<string, unknown>,
    init: { headers?: Record<string, string> } = {},
  ): Promise<GqlResult<T>> {
    const response = await postGraphql({
      headers: { 'content-type': 'application/json', ...init.headers },
      body: JSON.stringify({ query, variables }),
    });
    return { status: response.status, headers: response.headers, body: await response.json() };
  }

  const close = async () => {
    await http?.close();
    services.notifier.stop();
    await services.notifier.idle();
    await services.mailer.idle();
    await db.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
  /** The app's HTTP address (null on the yoga transport, which has no socket: no WebSocket tests there). */
  const httpBase = http ? base : null;
  return { config, services, db, yoga, gql, postGraphql, logs, close, httpBase };
}
