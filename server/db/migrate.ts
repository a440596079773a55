import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db } from './client';

const MIGRATIONS = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * Applies every migrations/*.sql not yet recorded, in name order, each whole in its own transaction
 * (under an advisory lock on PostgreSQL, so instances starting together apply each once).
 * `before`: only those whose name sorts before it (a test of one migration over older data);
 * `dir`: another folder of migrations (a test of how files are applied).
 */
export async function migrate(db: Db, options: { before?: string; dir?: string } = {}): Promise<string[]> {
  const dir = options.dir ?? MIGRATIONS;
  await db.exec(`create table if not exists schema_migrations (
    name text primary key, applied_at timestamptz not null default now())`);
  const applied = new Set((await db.query<{ name: string }>('select name from schema_migrations')).map((r) => r.name));
  const pending = readdirSync(dir)
    .filter((f) => f.endsWith('.sql') && !applied.has(f) && (!options.before || f < options.before))
    .sort();
  for (const name of pending) {
    const sql = readFileSync(path.join(dir, name), 'utf8');
    await db.transaction(async (tx) => {
      if (db.kind === 'postgres') await tx.query('select pg_advisory_xact_lock(7261001)');
      const again = await tx.query('select 1 from schema_migrations where name = $1', [name]);
      if (again.length) return;
      await tx.exec(sql); // the file whole: comments, strings and function bodies as PostgreSQL reads them
      await tx.query('insert into schema_migrations (name) values ($1)', [name]);
    });
  }
  return pending;
}
