import autocannon from 'autocannon';
import { rssMb } from './processes';

export type LoadResult = { rps: number; p50: number; p99: number; errors: number; non2xx: number; peakRssMb?: number };
export type Query = { name: string; operationName: string; query: string; variables: Record<string, unknown>; cookie: string };

export const CONNECTIONS = 50;
export const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);

/** One bounded load run on loopback: 50 connections for SECONDS, stopping by itself; samples the server's RSS meanwhile. */
export async function load(url: string, q: Query, pid?: number): Promise<LoadResult> {
  const body = JSON.stringify({ operationName: q.operationName, query: q.query, variables: q.variables });
  const check = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', cookie: q.cookie, 'x-correlation-id': 'bench-check' }, body });
  const first = await check.json();
  if (!check.ok || first.errors || !first.data) throw new Error(`${q.name} at ${url} does not answer: ${JSON.stringify(first).slice(0, 300)}`);
  let peak = 0;
  const sampler = pid ? setInterval(() => { peak = Math.max(peak, rssMb(pid)); }, 250) : null;
  const result = await autocannon({
    url, method: 'POST', connections: CONNECTIONS, duration: SECONDS, body,
    headers: { 'content-type': 'application/json', cookie: q.cookie, 'x-correlation-id': 'bench' },
  });
  if (sampler) clearInterval(sampler);
  return {
    rps: Math.round(result.requests.average), p50: result.latency.p50, p99: result.latency.p99,
    errors: result.errors + result.timeouts, non2xx: result.non2xx, ...(pid ? { peakRssMb: peak } : {}),
  };
}
