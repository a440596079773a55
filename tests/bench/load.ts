import autocannon from 'autocannon';
import { rssMb } from './processes';

export type LoadResult = {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  peakRssMb?: number;
  ids: number;
};
export type Query = {
  name: string;
  operationName: string;
  query: string;
  variables: Record<string, unknown>;
  cookie: string;
};

export const CONNECTIONS = 50;

/** The headers the portal's GraphQL client sends (urql's Accept), so the load takes the path real pages take. */
const PORTAL_HEADERS = (cookie: string, correlationId: string) => ({
  'content-type': 'application/json',
  accept:
    'application/graphql-response+json, application/graphql+json, application/json, text/event-stream, multipart/mixed',
  cookie,
  'x-correlation-id': correlationId,
});
export const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
export const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);

/** One bounded load run on loopback: 50 connections for SECONDS, stopping by itself; samples the server's RSS meanwhile. */
export async function load(url: string, q: Query, pid?: number): Promise<LoadResult> {
  const body = JSON.stringify({ operationName: q.operationName, query: q.query, variables: q.variables });
  const check = await fetch(url, { method: 'POST', headers: PORTAL_HEADERS(q.cookie, 'bench-check'), body });
  const first = await check.json();
  if (!check.ok || first.errors || !first.data)
    throw new Error(`${q.name} at ${url} does not answer: ${JSON.stringify(first).slice(0, 300)}`);
  // Both sides get the same warm-up, unmeasured: the JIT compiles the hot path and pools fill before the clock starts.
  await autocannon({
    url,
    method: 'POST',
    connections: CONNECTIONS,
    duration: WARMUP_SECONDS,
    body,
    headers: PORTAL_HEADERS(q.cookie, 'bench-warmup'),
  });
  let peak = 0;
  const sampler = pid
    ? setInterval(() => {
        peak = Math.max(peak, rssMb(pid));
      }, 250)
    : null;
  const result = await autocannon({
    url,
    method: 'POST',
    connections: CONNECTIONS,
    duration: SECONDS,
    body,
    headers: PORTAL_HEADERS(q.cookie, 'bench'),
  });
  if (sampler) clearInterval(sampler);
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    ...(pid ? { peakRssMb: peak } : {}),
    ids: countIds(first.data),
  };
}

/** How many objects with an id an answer holds, to check that ours and the anchor's did comparable work. */
export function countIds(value: unknown): number {
  if (Array.isArray(value)) return value.reduce((n: number, v) => n + countIds(v), 0);
  if (!value || typeof value !== 'object') return 0;
  return Object.entries(value).reduce((n, [k, v]) => n + (k === 'id' ? 1 : countIds(v)), 0);
}
