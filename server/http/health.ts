import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { AppServices } from '../context';

export type Probe = { ok: boolean; latencyMs: number; detail: string };
export type HealthReport = {
  status: 'ok' | 'degraded';
  database: Probe & { kind: string };
  uptimeSeconds: number;
};

const timed = async (fn: () => Promise<string>): Promise<Probe> => {
  const started = performance.now();
  try {
    const detail = await fn();
    return { ok: true, latencyMs: round(performance.now() - started), detail };
  } catch (error) {
    return { ok: false, latencyMs: round(performance.now() - started), detail: (error as Error).message.slice(0, 200) };
  }
};
const round = (ms: number) => Math.round(ms * 10) / 10;

export async function probeDatabase({ db }: AppServices): Promise<Probe> {
  return timed(async () => {
    await db.query('select 1');
    return db.kind === 'pglite' ? 'PGlite (embedded)' : 'PostgreSQL';
  });
}

export async function probeMail({ config }: AppServices): Promise<Probe> {
  return timed(async () => {
    if (!config.SMTP_URL) {
      const dir = path.resolve(config.DATA_DIR, 'outbox');
      mkdirSync(dir, { recursive: true });
      return `outbox ${dir}`;
    }
    const transport = nodemailer.createTransport(config.SMTP_URL);
    try {
      await transport.verify();
    } finally {
      transport.close();
    }
    return `SMTP ${new URL(config.SMTP_URL).host}`;
  });
}

export async function probeStorage({ config }: AppServices): Promise<Probe> {
  return timed(async () => {
    const dir = path.resolve(config.DATA_DIR, 'media');
    mkdirSync(dir, { recursive: true });
    const file = path.join(dir, `.probe-${process.pid}`);
    writeFileSync(file, 'ok');
    rmSync(file);
    return `writable ${dir}`;
  });
}

/** GET /healthz: cheap and public, the database only. */
export async function checkHealth(services: AppServices): Promise<HealthReport> {
  const database = await probeDatabase(services);
  return {
    status: database.ok ? 'ok' : 'degraded',
    database: { ...database, kind: services.db.kind },
    uptimeSeconds: Math.round(process.uptime()),
  };
}
