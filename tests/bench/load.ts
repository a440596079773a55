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

export const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

const bodyOf = (q: Query) => JSON.stringify({ operationName: q.operationName, query: q.query, variables: q.variables });

/** Asks once and checks the answer: a side that answers errors or nothing is not measured. */
async function checked(url: string, q: Query): Promise<Record<string, unknown>> {
  const check = await fetch(url, { method: 'POST', headers: PORTAL_HEADERS(q.cookie, 'bench-check'), body: bodyOf(q) });
  const first = await check.json();
  if (!check.ok || first.errors || !first.data)
    throw new Error(`${q.name} at ${url} does not answer: ${JSON.stringify(first).slice(0, 300)}`);
  return first.data;
}

/** One autocannon run of `seconds` with 50 connections; samples the server's RSS meanwhile when given its pid. */
async function cannon(url: string, q: Query, seconds: number, pid?: number) {
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
    duration: seconds,
    body: bodyOf(q),
    headers: PORTAL_HEADERS(q.cookie, seconds === WARMUP_SECONDS ? 'bench-warmup' : 'bench'),
  });
  if (sampler) clearInterval(sampler);
  return { result, peak };
}

/** One measured run as a result: the rate, latencies, failures, RSS peak when sampled, and the answer's ids. */
const resultOf = (
  { result, peak }: Awaited<ReturnType<typeof cannon>>,
  data: Record<string, unknown>,
  sampled?: number,
): LoadResult => ({
  rps: Math.round(result.requests.average),
  p50: result.latency.p50,
  p99: result.latency.p99,
  errors: result.errors + result.timeouts,
  non2xx: result.non2xx,
  ...(sampled ? { peakRssMb: peak } : {}),
  ids: countIds(data),
});

/** One bounded load run on loopback: 50 connections for SECONDS after an unmeasured warm-up, stopping by itself. */
export async function load(url: string, q: Query, pid?: number): Promise<LoadResult> {
  const data = await checked(url, q);
  // The JIT compiles the hot path and pools fill before the clock starts.
  await cannon(url, q, WARMUP_SECONDS);
  return resultOf(await cannon(url, q, SECONDS, pid), data, pid);
}

const middle = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Rounds of one side folded into one result: the median round's figures, every failure, the highest RSS. */
function folded(rounds: LoadResult[]): LoadResult {
  return {
    rps: middle(rounds.map((r) => r.rps)),
    p50: middle(rounds.map((r) => r.p50)),
    p99: middle(rounds.map((r) => r.p99)),
    errors: rounds.reduce((n, r) => n + r.errors, 0),
    non2xx: rounds.reduce((n, r) => n + r.non2xx, 0),
    ...(rounds[0].peakRssMb !== undefined ? { peakRssMb: Math.max(...rounds.map((r) => r.peakRssMb ?? 0)) } : {}),
    ids: rounds[0].ids,
  };
}

export type Compared = { ours: LoadResult; anchor: LoadResult; shares: number[] };

/**
 * Ours and the anchor, both running, measured alternately: ROUNDS rounds each (ours, anchor, ours, …)
 * after one warm-up each, so a machine that slows for a while slows both. Each round's share of the
 * anchor is kept; the report takes their median and their spread.
 */
export async function compareLoad(oursUrl: string, anchorUrl: string, q: Query, pid: number): Promise<Compared> {
  const [oursData, anchorData] = [await checked(oursUrl, q), await checked(anchorUrl, q)];
  await cannon(oursUrl, q, WARMUP_SECONDS);
  await cannon(anchorUrl, q, WARMUP_SECONDS);
  const ours: LoadResult[] = [];
  const anchor: LoadResult[] = [];
  const round = async (url: string, into: LoadResult[], data: Record<string, unknown>, sampled?: number) => {
    const run = await cannon(url, q, SECONDS, sampled);
    if (!run.result.requests.average)
      throw new Error(`${q.name} at ${url}: no request answered in a ${SECONDS} s round`);
    into.push(resultOf(run, data, sampled));
  };
  for (let i = 0; i < ROUNDS; i++) {
    await round(oursUrl, ours, oursData, pid);
    await round(anchorUrl, anchor, anchorData);
  }
  return {
    ours: folded(ours),
    anchor: folded(anchor),
    shares: ours.map((o, i) => Math.round((o.rps / anchor[i].rps) * 100)),
  };
}

/** How many objects with an id an answer holds, to check that ours and the anchor's did comparable work. */
export function countIds(value: unknown): number {
  if (Array.isArray(value)) return value.reduce((n: number, v) => n + countIds(v), 0);
  if (!value || typeof value !== 'object') return 0;
  return Object.entries(value).reduce((n, [k, v]) => n + (k === 'id' ? 1 : countIds(v)), 0);
}
