import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Config } from './config';
import { openDb, type Db } from './db/client';
import { loadAuthKeys } from './auth/secrets';
import { createMailer } from './mail/mailer';
import { migrate } from './db/migrate';
import { seedDemoData } from './db/seed';
import { createLogger, type Logger } from './logger';
import { createAppPubSub } from './pubsub';
import { createGraphqlApp } from './app';
import { createHttpServer } from './http/http-server';
import type { AppServices } from './context';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Opens the database, migrates, seeds an empty one, and builds the services. */
export async function bootServices(config: Config, log: Logger = createLogger(config.LOG_LEVEL)): Promise<AppServices> {
  const db = await openDb({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  const applied = await migrate(db);
  if (applied.length) log.info({ applied }, 'Applied migrations');
  if (config.SEED_DEMO_DATA && (await seedDemoData(db))) log.info('Seeded demo data into the empty database');
  return createServices(config, db, log);
}

/** The services every request uses, on a migrated database. */
export async function createServices(config: Config, db: Db, log: Logger): Promise<AppServices> {
  return { config, db, log, pubsub: createAppPubSub(), authKeys: await loadAuthKeys(db), mailer: createMailer(config, log) };
}

export async function startServer(config: Config, log?: Logger) {
  const services = await bootServices(config, log);
  const yoga = createGraphqlApp(services);
  const http = createHttpServer(services, yoga, path.join(ROOT, 'dist'));
  const port = await http.listen(config.PORT, config.HOST);
  services.log.info({ port, host: config.HOST, database: services.db.kind }, `Portal listening on http://${config.HOST}:${port}`);
  return {
    port,
    services,
    close: async () => {
      await http.close();
      await services.db.close();
    },
  };
}
