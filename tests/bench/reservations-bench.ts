import { openDb } from '../../server/db/client';
import { seedReservations } from '../../server/db/seed-reservations';
import { createApiKey } from '../../server/reservations/api-keys';
import { EXPORT_PATH } from '../../server/reservations/export-reservations';
import { RESERVATION_DOCS } from '../../resources/reservations/reservations.documents';
import { rssMb, type Running } from './processes';
import { benchIntake, countIntake } from './intake-bench';

/**
 * Issue 16's rows: the reservations list of a property holding 10,000 bookings (a mix of sorts and
 * filters, one read at a time: p50/p95, ours and the anchor running the same SQL), the CSV export
 * of all 10,000 (first byte, whole file, server RSS around it), and the booking intake under
 * concurrent clients, each booking sent twice, with the rows counted afterwards.
 */
export const LIST_ROWS = 10_000;
const LIST_ROUNDS = 20;
const EXPORT_RUNS = 3;

type Env = Record<string, string>;
export type { IntakeScope, ReservationsBench, Samples } from './reservations-bench-types';
import type { IntakeScope, ReservationsBench, Samples } from './reservations-bench-types';

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
/** The list's mix: each sort both ways, each filter, paging, and searches. */
const LIST_VARIANTS: Record<string, unknown>[] = [
  {},
  { sort: 'check_in', direction: 'asc', page: 5 },
  { sort: 'check_out', direction: 'desc', limit: 50 },
  { sort: 'created_at', direction: 'desc', limit: 100 },
  { sort: 'created_at', direction: 'asc', state: 'reserved' },
  { state: 'cancelled', dateField: 'check_in', from: day(-90), to: day(90) },
  { dateField: 'created_at', from: day(-60), sort: 'created_at' },
  { dateField: 'check_out', from: day(0), to: day(30), sort: 'check_out', direction: 'asc' },
  { q: 'olivia' },
  { q: 'smith', state: 'reserved', page: 3 },
];

/**
 * With the server stopped: property 1's demo bookings replaced by 10,000, and an API key for the
 * next property with rate plans, which the intake sends to (so the list keeps its 10,000).
 */
export async function prepareReservations(env: Env): Promise<IntakeScope> {
  const db = await openDb({ databaseUrl: env.DATABASE_URL || undefined, dataDir: env.DATA_DIR });
  try {
    const scope = await db.transaction(async (tx) => {
      await tx.query('delete from reservations where property_id = 1');
      await seedReservations(tx, 1, LIST_ROWS);
      const [{ n }] = await tx.query<{ n: string }>(
        'select count(*)::text as n from reservations where property_id = 1',
      );
      if (Number(n) !== LIST_ROWS) throw new Error(`bench seed made ${n} reservations, not ${LIST_ROWS}`);
      const sells = await tx.query<{ room: string; plan: string; property_id: number; currency: string }>(
        `select rt.id::text as room, rp.id::text as plan, rt.property_id, trim(p.currency_code) as currency
           from room_types rt
           join rate_plan_room_types l on l.ref_id = rt.id
           join rate_plans rp on rp.id = l.owner_id and rp.property_id = rt.property_id
           join properties p on p.id = rt.property_id
          where rt.property_id = (select min(property_id) from rate_plans where property_id <> 1)`,
      );
      if (!sells.length) throw new Error('bench: no second property sells a room type');
      const propertyId = sells[0].property_id;
      const { key } = await createApiKey(tx, {
        name: 'Bench booking system',
        allProperties: false,
        propertyIds: [propertyId],
      });
      return { propertyId, currency: sells[0].currency, key, sells: sells.map(({ room, plan }) => ({ room, plan })) };
    });
    // As a live database would have by then: the planner knows the table's size.
    await db.query('analyze reservations');
    return scope;
  } finally {
    await db.close();
  }
}

export const percentiles = (times: number[]): Samples => {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q: number) => Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] * 10) / 10;
  return { p50: at(0.5), p95: at(0.95), samples: sorted.length };
};

/** One request at a time over the mix, after one unmeasured round; every answer is checked, and its page returned for comparison. */
export async function listLatency(url: string, cookie: string): Promise<{ samples: Samples; pages: string[] }> {
  const times: number[] = [];
  const pages: string[] = [];
  for (let round = 0; round <= LIST_ROUNDS; round++) {
    for (const query of LIST_VARIANTS) {
      const t = performance.now();
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie, 'x-correlation-id': `bench-reservations-${round}` },
        body: JSON.stringify({
          operationName: 'Reservations',
          query: RESERVATION_DOCS.list,
          variables: { propertyId: 1, query },
        }),
      });
      const body = await res.json();
      const elapsed = performance.now() - t;
      const page = body.data?.reservations;
      if (!res.ok || body.errors || !page?.totalCount || !page.items.length)
        throw new Error(`reservations list ${JSON.stringify(query)} at ${url}: ${JSON.stringify(body).slice(0, 300)}`);
      if (round === 0)
        pages.push(
          `${page.totalCount} ${page.roomNights} ${page.revenue} ${page.items.map((i: { hotelRef: string }) => i.hotelRef).join(',')}`,
        );
      else times.push(elapsed);
    }
  }
  return { samples: percentiles(times), pages };
}

/** The CSV of all 10,000 rows, EXPORT_RUNS times: medians of first byte and whole file, RSS before, at peak and after. */
export async function timeExport(base: string, cookie: string, pid: number): Promise<ReservationsBench['csv']> {
  const rssBeforeMb = rssMb(pid);
  let rssPeakMb = rssBeforeMb;
  const sampler = setInterval(() => (rssPeakMb = Math.max(rssPeakMb, rssMb(pid))), 20);
  const runs: { first: number; whole: number; bytes: number }[] = [];
  try {
    for (let i = 0; i < EXPORT_RUNS; i++) {
      const t = performance.now();
      const res = await fetch(`${base}${EXPORT_PATH}?propertyId=1&sort=check_in&direction=asc`, {
        headers: { cookie },
      });
      if (res.status !== 200 || !res.body)
        throw new Error(`export answered ${res.status}: ${(await res.text()).slice(0, 200)}`);
      let first = 0;
      let bytes = 0;
      let lines = 0;
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        first ||= performance.now() - t;
        bytes += chunk.length;
        for (const b of chunk) if (b === 10) lines++;
      }
      const total = Number(res.headers.get('x-total-count'));
      if (total !== LIST_ROWS || lines !== total + 1)
        throw new Error(`export: ${lines} lines for X-Total-Count ${total}, expected ${LIST_ROWS} rows and a header`);
      runs.push({ first, whole: performance.now() - t, bytes });
    }
  } finally {
    clearInterval(sampler);
  }
  await new Promise((r) => setTimeout(r, 500));
  const median = (f: (r: (typeof runs)[number]) => number) =>
    Math.round(runs.map(f).sort((a, b) => a - b)[runs.length >> 1]);
  return {
    firstByteMs: median((r) => r.first),
    wholeMs: median((r) => r.whole),
    kb: Math.round(runs[0].bytes / 1024),
    rssBeforeMb,
    rssPeakMb,
    rssAfterMb: rssMb(pid),
  };
}

export type BenchDeps = {
  base: string;
  anchorUrl: string;
  startOurs: () => Promise<Running>;
  startAnchor: () => Promise<Running>;
  signIn: () => Promise<string>;
  seconds: number;
  log: (line: string) => void;
};

/** The three rows on one database: a fresh install, 10,000 bookings added while it is stopped, then ours and the anchor. */
export async function reservationsBench(env: Env, deps: BenchDeps): Promise<ReservationsBench> {
  await (await deps.startOurs()).stop(); // first start: migrations and demo data
  deps.log(`reservations: ${LIST_ROWS} bookings in property 1, an API key for the intake`);
  const scope = await prepareReservations(env);
  const ours = await deps.startOurs();
  let result: Omit<ReservationsBench, 'list'> & { list: Awaited<ReturnType<typeof listLatency>> };
  let admin: string;
  try {
    admin = await deps.signIn();
    deps.log('reservations: the list, one read at a time');
    const list = await listLatency(`${deps.base}/graphql`, admin);
    deps.log('reservations: the CSV export');
    const csv = await timeExport(deps.base, admin, ours.child.pid!);
    deps.log(`reservations: the intake, ${deps.seconds} s`);
    result = { list, csv, intake: await benchIntake(deps.base, scope, deps.seconds) };
  } finally {
    await ours.stop();
  }
  await countIntake(env, result.intake);
  const anchor = await deps.startAnchor();
  try {
    deps.log('reservations: the list on the anchor');
    const same = await listLatency(deps.anchorUrl, admin);
    const differs = same.pages.findIndex((page, i) => page !== result.list.pages[i]);
    if (differs >= 0)
      throw new Error(
        `the anchor's list ${JSON.stringify(LIST_VARIANTS[differs])} differs from ours: ${same.pages[differs].slice(0, 200)}`,
      );
    return { ...result, list: { ours: result.list.samples, anchor: same.samples, variants: LIST_VARIANTS.length } };
  } finally {
    await anchor.stop();
  }
}
