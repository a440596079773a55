import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { bootServices, DEMO_CREDENTIALS_FILE } from '../../server/boot';
import { loadConfig } from '../../server/config';
import { createLogger } from '../../server/logger';
import { DEMO_API_KEY, DEMO_PASSWORD } from '../../server/db/seed';
import { verifyPassword } from '../../server/auth/password-hash';
import { authenticateApiKey } from '../../server/reservations/api-keys';
import { testDbKind } from '../support/test-db';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** Boots the server's services on a fresh embedded database with this environment; answers what it logged. */
async function boot(env: Record<string, string>) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'extranet-deploy-'));
  dirs.push(dir);
  const lines: string[] = [];
  const config = loadConfig({ ...env, DATA_DIR: dir, LOG_LEVEL: 'info' });
  const services = await bootServices(config, createLogger('info', { write: (l: string) => void lines.push(l) }));
  return { dir, services, lines };
}

// Embedded databases of their own: the PostgreSQL pass has nothing to add. Each test boots and seeds
// two or three of them (about 10 s each on an idle core; twice that beside the other API pass).
describe.skipIf(testDbKind === 'postgres')('demo data by deployment', { timeout: 120_000 }, () => {
  it('is off in production unless asked for; asked for, its secrets are generated, kept in a private file and never logged', async () => {
    const off = await boot({ NODE_ENV: 'production' });
    expect(off.services.config).toMatchObject({ DEPLOYMENT: 'production', SEED_DEMO_DATA: false });
    expect(await off.services.db.query('select 1 from users')).toHaveLength(0);
    await off.services.db.close();

    const asked = await boot({ DEPLOYMENT: 'production', SEED_DEMO_DATA: 'true' });
    const { db } = asked.services;
    const [admin] = await db.query<{ password_hash: string }>(
      "select password_hash from users where email = 'admin@harbourview.example'",
    );
    expect(await verifyPassword(admin.password_hash, DEMO_PASSWORD)).toBe(false);
    await expect(authenticateApiKey(db, DEMO_API_KEY)).rejects.toThrow();
    const file = path.join(asked.dir, DEMO_CREDENTIALS_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const text = readFileSync(file, 'utf8');
    const password = /password: (\S+)/.exec(text)![1];
    const key = /API key for property 1: (\S+)/.exec(text)![1];
    expect(await verifyPassword(admin.password_hash, password)).toBe(true);
    expect((await authenticateApiKey(db, key)).propertyIds).toEqual([1]);
    const logged = asked.lines.join('\n');
    expect(logged).toContain(DEMO_CREDENTIALS_FILE);
    expect(logged).not.toContain(password);
    expect(logged).not.toContain(key);
    await db.close();
  });

  it("seeds the README's demo accounts for a local demo (no NODE_ENV, or DEPLOYMENT=demo)", async () => {
    for (const env of [{}, { NODE_ENV: 'production', DEPLOYMENT: 'demo' }] as Record<string, string>[]) {
      const demo = await boot(env);
      expect(demo.services.config).toMatchObject({ DEPLOYMENT: 'demo', SEED_DEMO_DATA: true });
      const [admin] = await demo.services.db.query<{ password_hash: string }>(
        "select password_hash from users where email = 'admin@harbourview.example'",
      );
      expect(await verifyPassword(admin.password_hash, DEMO_PASSWORD)).toBe(true);
      await demo.services.db.close();
    }
  });
});
