import { afterAll, describe, expect, it } from 'vitest';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { testDbKind } from '../../support/test-db';

/**
 * Two processes on one PGlite directory: the second server and the CLI must refuse with one clear
 * line while the first runs, and a lock left by a dead process must not block anyone. Real
 * processes (tsx, as `npm run serve` and `npm run cli` run them); PGlite only, so the PostgreSQL pass skips it.
 */
// tsx as a loader keeps one process, so the pid in the lock is the child's own.
const NODE = [process.execPath, '--import', 'tsx'] as const;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'extranet-lock-'));
const env = {
  ...process.env,
  DATA_DIR: dataDir,
  PORT: '0',
  SEED_DEMO_DATA: 'false',
  LOG_LEVEL: 'info',
  DATABASE_URL: '',
};
const children: ChildProcess[] = [];

afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

/** Starts the server and resolves once it listens. */
function startServer(): Promise<ChildProcess> {
  const child = spawn(NODE[0], [...NODE.slice(1), 'server/main.ts'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`server did not start: ${out}`)), 45_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk;
      if (out.includes('Portal listening')) {
        clearTimeout(timer);
        resolve(child);
      }
    });
    child.stderr!.on('data', (chunk: Buffer) => (out += chunk));
    child.once('exit', (code) => reject(new Error(`server exited with ${code}: ${out}`)));
  });
}

/** Runs a process to its end (bounded) and returns its status and output. */
function run(args: string[]) {
  const r = spawnSync(NODE[0], [...NODE.slice(1), ...args], { env, encoding: 'utf8', timeout: 45_000 });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

const stopped = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => {
    if (child.exitCode !== null) return resolve(child.exitCode);
    child.once('exit', (code) => resolve(code));
    child.kill('SIGTERM');
  });

describe.skipIf(testDbKind !== 'pglite')('one process per PGlite directory', () => {
  it('refuses a second server and the CLI while a server holds the directory, then lets them in once it stops', async () => {
    const first = await startServer();
    const lockFile = path.join(dataDir, 'pglite.lock');
    expect(readFileSync(lockFile, 'utf8').trim()).toBe(String(first.pid));

    const second = run(['server/main.ts']);
    expect(second.status).toBe(1);
    const line = `Failed to start: The database directory ${path.join(dataDir, 'pglite')} is in use by process ${first.pid}; stop it first (or delete ${lockFile} if that process is gone).\n`;
    expect(second.stderr).toBe(line);

    const cli = run(['server/cli.ts', 'list-flags']);
    expect(cli.status).toBe(1);
    expect(cli.stderr).toBe(line.replace('Failed to start: ', 'Failed: '));

    expect(await stopped(first)).toBe(0);
    expect(() => readFileSync(lockFile)).toThrow(); // released on a clean stop
    const after = run(['server/cli.ts', 'list-flags']);
    expect(after.status).toBe(0);
  }, 120_000);

  it('takes over a stale lock left by a process that is gone', () => {
    const gone = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
    writeFileSync(path.join(dataDir, 'pglite.lock'), `${gone.stdout}\n`);
    const cli = run(['server/cli.ts', 'list-flags']);
    expect(cli.stderr).toBe('');
    expect(cli.status).toBe(0);
  }, 60_000);
});
