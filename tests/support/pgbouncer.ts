import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Debian's package puts it here; `.ci/run` installs it. */
export const PGBOUNCER_BIN = process.env.PGBOUNCER_BIN ?? '/usr/sbin/pgbouncer';
export const pgbouncerInstalled = existsSync(PGBOUNCER_BIN);

export type PgBouncer = {
  url: string;
  /** Transactions PgBouncer has passed to the database (its admin console's SHOW STATS). */
  transactions: () => Promise<number>;
  stop: () => Promise<void>;
};

const isFree = (port: number) =>
  new Promise<boolean>((resolve) => {
    const s = createServer();
    s.once('error', () => resolve(false));
    s.listen(port, '127.0.0.1', () => s.close(() => resolve(true)));
  });

const accepts = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = createConnection({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

/**
 * A PgBouncer in transaction mode in front of the database `directUrl` names (issue 32): each
 * statement outside a transaction may run on a different server connection, so named prepared
 * statements and session state would not survive. Trust auth, as the local server has.
 */
export async function startPgBouncer(directUrl: string): Promise<PgBouncer> {
  const target = new URL(directUrl);
  const dir = mkdtempSync(join(tmpdir(), 'pgbouncer-'));
  chmodSync(dir, 0o755); // readable once it has dropped to the postgres user
  let port = 0;
  for (let i = 0; i < 50 && !port; i++) {
    const p = 20000 + Math.floor(Math.random() * 12000); // below the kernel's ephemeral range
    if (await isFree(p)) port = p;
  }
  if (!port) throw new Error('PgBouncer: no free port below 32768');
  const user = decodeURIComponent(target.username || 'postgres');
  writeFileSync(join(dir, 'userlist.txt'), `"${user}" ""\n`);
  writeFileSync(
    join(dir, 'pgbouncer.ini'),
    [
      '[databases]',
      `* = host=${target.hostname} port=${target.port || 5432}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'unix_socket_dir =',
      'auth_type = trust',
      `admin_users = ${user}`,
      `auth_file = ${join(dir, 'userlist.txt')}`,
      'pool_mode = transaction',
      'max_client_conn = 500',
      'default_pool_size = 20',
      'ignore_startup_parameters = extra_float_digits,options',
      '',
    ].join('\n'),
  );
  // PgBouncer will not run as root; it drops to the database's owner instead.
  const asRoot = process.getuid?.() === 0;
  const child: ChildProcess = spawn(
    PGBOUNCER_BIN,
    [...(asRoot ? ['-u', 'postgres'] : []), join(dir, 'pgbouncer.ini')],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr?.on('data', (d) => {
    stderr = (stderr + String(d)).slice(-4000);
  });
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGINT');
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  };
  for (let i = 0; i < 100; i++) {
    if (child.exitCode !== null) break;
    if (await accepts(port)) {
      target.port = String(port);
      target.hostname = '127.0.0.1';
      const database = target.pathname.slice(1);
      const transactions = async () => {
        const { default: pg } = await import('pg');
        const admin = new pg.Client({
          connectionString: Object.assign(new URL(target), { pathname: '/pgbouncer' }).toString(),
        });
        await admin.connect();
        try {
          // The admin console speaks only the simple query protocol.
          const { rows } = await admin.query({ text: 'show stats', queryMode: 'simple' } as never);
          const row = (rows as { database: string; total_xact_count: string }[]).find((r) => r.database === database);
          return Number(row?.total_xact_count ?? 0);
        } finally {
          await admin.end();
        }
      };
      return { url: target.toString(), transactions, stop };
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  await stop();
  throw new Error(`PgBouncer did not start: ${stderr.trim() || 'no output'}`);
}
