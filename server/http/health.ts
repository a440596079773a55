import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { AppServices } from '../context';
import { describeCause } from '../db/connection-loss';

export type Probe = { ok: boolean; latencyMs: number; detail: string };
export type HealthReport = {
  status: 'ok' | 'degraded';
  database: Probe & { kind: string };
  /** PostgreSQL: whether this instance hears the others (live events, read cache) now; a load balancer waits for it. */
  listener?: 'connected' | 'reconnecting';
  uptimeSeconds: number;
};

const timed = async (fn: () => Promise<string>): Promise<Probe> => {
  const started = performance.now();
  try {
    const detail = await fn();
    return { ok: true, latencyMs: round(performance.now() - started), detail };
  } catch (error) {
    return {
      ok: false,
      latencyMs: round(performance.now() - started),
      detail: describeCause(error).message.slice(0, 200),
    };
  }
};
const round = (ms: number) => Math.round(ms * 10) / 10;

export async function probeDatabase({ db }: AppServices): Promise<Probe> {
  return timed(async () => {
    await db.query('select 1');
    return db.kind === 'pglite' ? 'PGlite (embedded)' : 'PostgreSQL';
  });
}

/** Mail works when the outbox takes a file (or the SMTP server answers) and the latest real delivery did not fail. */
export async function probeMail({ config, mailer }: AppServices): Promise<Probe> {
  return timed(async () => {
    const last = mailer.status();
    if (!last.ok) throw new Error(`the last delivery failed at ${last.at?.toISOString()}: ${last.detail}`);
    if (!config.SMTP_URL) {
      const dir = path.resolve(config.DATA_DIR, 'outbox');
      mkdirSync(dir, { recursive: true });
      const file = path.join(dir, `.probe-${process.pid}`);
      writeFileSync(file, 'ok');
      rmSync(file);
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

/**
 * GET /healthz: cheap and public, the database only, and on PostgreSQL its listener: an instance
 * that cannot hear the others (live events, the read cache's invalidations) is not ready for a load
 * balancer to send it traffic until the listener is back (issue 32). Why the database failed goes
 * to the log, not to the public.
 */
export async function checkHealth(services: AppServices): Promise<HealthReport> {
  const database = await probeDatabase(services);
  if (!database.ok)
    services.log.warn(
      { event: 'health.database_unavailable', detail: database.detail },
      'Health check: database unavailable',
    );
  const live = services.db.live;
  const listening = !live || live.connected;
  return {
    status: database.ok && listening ? 'ok' : 'degraded',
    database: { ...database, detail: database.ok ? database.detail : 'unavailable', kind: services.db.kind },
    ...(live ? { listener: listening ? ('connected' as const) : ('reconnecting' as const) } : {}),
    uptimeSeconds: Math.round(process.uptime()),
  };
}

/** Booking emails the notifier has not delivered yet: failing is visible to staff here and on each booking. */
export async function probeBookingEmails({ db }: AppServices): Promise<Probe> {
  const probe = await timed(async () => {
    const [r] = await db.query<{ pending: string; failed: string }>(
      `select count(*) filter (where status = 'pending' and attempts > 0) as pending, count(*) filter (where status = 'failed') as failed
         from booking_notifications where status <> 'sent'`,
    );
    return `${r.pending} waiting to retry, ${r.failed} failed`;
  });
  return { ...probe, ok: probe.ok && / 0 failed$/.test(probe.detail) && probe.detail.startsWith('0 ') };
}
