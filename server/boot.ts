import { initErrorReporting } from './ops/error-reporting';
import { mediaStoreFor } from './media/media-store';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Config } from './config';
import { openDb, type Db, type DbEvents } from './db/client';
import { describeCause } from './db/connection-loss';
import { loadAuthKeys } from './auth/secrets';
import { createMailer } from './mail/mailer';
import { migrate } from './db/migrate';
import { checkResourceStorage } from './resources/resource-storage';
import { RESOURCES } from '../resources/registry';
import { DEMO_ACCOUNTS, generatedSecrets, seedDemoData } from './db/seed';
import { createLogger, type Logger } from './logger';
import { createAppPubSub } from './pubsub';
import { createGraphqlApp } from './app';
import { createHttpServer } from './http/http-server';
import type { AppServices } from './context';
import { createNotifier } from './reservations/booking-notifications';

/** Where a production deployment's generated demo secrets are written, in DATA_DIR. */
export const DEMO_CREDENTIALS_FILE = 'demo-credentials.txt';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Opens the database, migrates, seeds an empty one, and builds the services. */
export async function bootServices(config: Config, log: Logger = createLogger(config.LOG_LEVEL)): Promise<AppServices> {
  const db = await openDb({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    events: dbEvents(log),
    postgres: { listenUrl: config.DATABASE_LISTEN_URL, preparedStatements: config.DATABASE_PREPARED_STATEMENTS },
  });
  const applied = await migrate(db);
  if (applied.length) log.info({ applied }, 'Applied migrations');
  // A resource with a table of its own whose migration is missing stops here, named, with its DDL.
  await checkResourceStorage(db, RESOURCES);
  if (config.SEED_DEMO_DATA) await seedDemo(config, db, log);
  return createServices(config, db, log);
}

/** Lost connections are expected weather (restarts, failovers, timeouts): a warning, and the pool opens new ones. */
export function dbEvents(log: Logger): DbEvents {
  return {
    onConnectionLost: (error) =>
      log.warn({ event: 'db.connection_lost', cause: describeCause(error) }, 'Database connection lost'),
    onRetry: (cause) =>
      log.warn(
        { event: 'db.transaction_retry', cause },
        'Transaction lost its connection before COMMIT; running it again',
      ),
  };
}

/** The services every request uses, on a migrated database. */
export async function createServices(config: Config, db: Db, log: Logger): Promise<AppServices> {
  const mailer = createMailer(config, log);
  const pubsub = createAppPubSub(db.live, log);
  // On PostgreSQL, requests wait for the listener that hears the other instances (up to 5 s; /healthz says until then).
  if (db.live) await Promise.race([db.live.ready, new Promise((r) => setTimeout(r, 5000).unref())]);
  return {
    config,
    db,
    log,
    pubsub,
    authKeys: await loadAuthKeys(db),
    mailer,
    notifier: createNotifier({ db, mailer, log, publicUrl: config.PUBLIC_URL }),
  };
}

export async function startServer(config: Config, log?: Logger) {
  const services = await bootServices(config, log);
  if (await initErrorReporting({ dsn: config.SENTRY_DSN, environment: config.DEPLOYMENT }))
    services.log.info('Error reporting on (SENTRY_DSN)');
  const yoga = createGraphqlApp(services);
  const http = createHttpServer(services, yoga, path.join(ROOT, 'dist'));
  const port = await http.listen(config.PORT, config.HOST);
  services.log.info(
    { port, host: config.HOST, database: services.db.kind },
    `Portal listening on http://${config.HOST}:${port}`,
  );
  return {
    port,
    services,
    close: async () => {
      await http.close();
      services.notifier.stop();
      await services.notifier.idle();
      await services.db.close();
    },
  };
}

/**
 * Demo data for an empty database. A local demo uses the README's accounts and booking key; a
 * production deployment that asks for it gets generated ones, written once to a file only this
 * user can read (never to a log line), so nobody can sign in with what the README publishes.
 */
async function seedDemo(config: Config, db: Db, log: Logger) {
  if (config.DEPLOYMENT === 'demo') {
    if (await seedDemoData(db, { media: mediaStoreFor(config.DATA_DIR) }))
      log.info('Seeded demo data into the empty database');
    return;
  }
  const secrets = generatedSecrets();
  const seeded = await seedDemoData(db, { secrets, media: mediaStoreFor(config.DATA_DIR) });
  if (!seeded) return;
  mkdirSync(config.DATA_DIR, { recursive: true });
  const file = path.join(config.DATA_DIR, DEMO_CREDENTIALS_FILE);
  writeFileSync(
    file,
    `Demo accounts (${DEMO_ACCOUNTS.map((a) => a.email).join(', ')} and the others in the README) sign in with:\n` +
      `password: ${secrets.password}\nbooking system API key for property 1: ${seeded.apiKey}\n`,
    { mode: 0o600, flag: 'wx' },
  );
  log.warn(
    { file },
    'Seeded demo data with generated passwords and booking key; they are in this file, readable by this user only',
  );
}
