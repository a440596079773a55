import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openPglite, openPostgres, type Db, type DbEvents } from '../../server/db/client';
import { migrate } from '../../server/db/migrate';

export const testDbKind = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';

const inJsdom = () => typeof (globalThis as { window?: unknown }).window !== 'undefined';
let migrated: Promise<Blob> | undefined;
/**
 * A migrated, empty PGlite database as a tarball, made once per test process (the API files share
 * one): each test database is loaded from it in about 0.5 s, where PGlite's initdb and the
 * migrations took about 3 s a file (2026-11-27).
 */
function migratedSnapshot(): Promise<Blob> {
  migrated ??= (async () => {
    const db = await openPglite(undefined);
    await migrate(db);
    const blob = await db.snapshot!();
    await db.close();
    return blob;
  })();
  return migrated;
}

/**
 * A migrated, empty database of its own: in-memory PGlite, or a new database on TEST_DATABASE_URL's
 * server. `before`: migrated only up to that migration (a test of the migration itself).
 */
export async function openTestDb(
  events?: DbEvents,
  options: { before?: string } = {},
): Promise<Db & { testUrl?: string }> {
  if (testDbKind === 'pglite') {
    if (options.before) {
      const db = await openPglite(undefined);
      await migrate(db, options);
      return db;
    }
    // A file rendered in jsdom has jsdom's Blob, which PGlite cannot read: it starts afresh.
    const db = inJsdom()
      ? await openPglite(undefined)
      : await openPglite(undefined, { from: await migratedSnapshot() });
    await migrate(db); // from the snapshot: finds nothing to do, checking it is current
    return db;
  }
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const name = `t_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  const db = await openPostgres(url.toString(), events);
  await migrate(db, options);
  return {
    ...db,
    /** Where another server instance on this database connects (tests of several instances). */
    testUrl: url.toString(),
    close: async () => {
      await db.close();
      const dropper = new pg.Client({ connectionString: base });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}
