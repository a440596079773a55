import type { AppServices } from '../context';

export type HealthReport = {
  status: 'ok' | 'degraded';
  database: { ok: boolean; kind: string; latencyMs: number };
  uptimeSeconds: number;
};

export async function checkHealth({ db }: AppServices): Promise<HealthReport> {
  const started = performance.now();
  const ok = await db.query('select 1').then(() => true, () => false);
  const latencyMs = Math.round((performance.now() - started) * 10) / 10;
  return {
    status: ok ? 'ok' : 'degraded',
    database: { ok, kind: db.kind, latencyMs },
    uptimeSeconds: Math.round(process.uptime()),
  };
}
