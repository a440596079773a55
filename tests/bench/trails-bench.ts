import { openDb } from '../../server/db/client';
import { TRAIL_DOCS } from '../../resources/trails/trail.documents';
import type { Running } from './processes';
import { benchGql } from './sessions';
import { percentiles, type Samples } from './reservations-bench';

/**
 * Issue 29's rows: Trails of a property with 100,000 history records (a year of changes by 40
 * people across every section), a filtered page at a time (section, person, dates, one record and
 * none, deep pages), and the export of one section.
 */
export const BENCH_AUDIT_ROWS = 100_000;
const ROUNDS = 10;
const PROPERTY = 1;
export type TrailsBench = { page: Samples; exportMs: number; exportRows: number; variants: number; rows: number };

const SUBJECTS = [
  'Property',
  'Contact',
  'RoomType',
  'RatePlan',
  'Promotion',
  'RatesInventory',
  'Reservation',
  'Image',
  'User',
];

/** With the server stopped: 100,000 records on property 1 by 40 users, spread over the last year. */
async function prepareTrail(env: Record<string, string>): Promise<{ userId: number }> {
  const db = await openDb({ databaseUrl: env.DATABASE_URL || undefined, dataDir: env.DATA_DIR });
  try {
    await db.query(
      `insert into users (email, first_name, last_name) select 'bench.trail.' || i || '@trails.example', 'Trail', 'User ' || i
         from generate_series(1, 40) i`,
    );
    const [{ id: userId }] = await db.query<{ id: number }>(
      "select min(id) as id from users where email like 'bench.trail.%'",
    );
    await db.query(
      `insert into audit_log (at, actor_user_id, action, subject_type, subject_id, subject_label, property_id, changes)
       select now() - (($1::int - i) * interval '315 seconds'), $2::int + i % 40,
              'bench.update', ($3::text[])[1 + i % $4::int], (i % 500)::text, 'Bench record ' || (i % 500), $5::int,
              jsonb_build_array(jsonb_build_object('field', 'name', 'before', 'A' || i, 'after', 'B' || i))
         from generate_series(1, $1::int) i`,
      [BENCH_AUDIT_ROWS, userId, SUBJECTS, SUBJECTS.length, PROPERTY],
    );
    await db.query('analyze audit_log');
    return { userId };
  } finally {
    await db.close();
  }
}

const post = (base: string, cookie: string, query: string, variables: Record<string, unknown>) =>
  benchGql(base, cookie, 'trails', query, variables);

export async function trailsBench(
  env: Record<string, string>,
  deps: { base: string; startOurs: () => Promise<Running>; signIn: () => Promise<string>; log: (s: string) => void },
): Promise<TrailsBench> {
  await (await deps.startOurs()).stop(); // first start: migrations and demo data
  deps.log(`trails: ${BENCH_AUDIT_ROWS} history records on property ${PROPERTY}`);
  const { userId } = await prepareTrail(env);
  const monthAgo = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
  const weekAgo = new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 10);
  const variants: { filter: Record<string, unknown>; offset?: number; atLeast: number }[] = [
    { filter: {}, atLeast: 50 },
    { filter: {}, offset: 5000, atLeast: 50 },
    { filter: { section: 'ratePlans' }, atLeast: 50 },
    { filter: { section: 'users' }, offset: 2000, atLeast: 50 },
    { filter: { actor: `user:${userId + 7}` }, atLeast: 50 },
    { filter: { actor: `user:${userId + 7}`, section: 'contacts' }, atLeast: 50 },
    { filter: { from: monthAgo, to: weekAgo }, atLeast: 50 },
    { filter: { section: 'promotions', from: monthAgo }, atLeast: 50 },
    { filter: { subjectType: 'RoomType', subjectId: '42' }, atLeast: 1 },
    { filter: { section: 'inclusions' }, atLeast: 0 },
  ];
  const ours = await deps.startOurs();
  try {
    const staff = await deps.signIn();
    deps.log('trails: filtered pages, one read at a time');
    const times: number[] = [];
    const byVariant = new Map<string, number[]>();
    for (let round = 0; round <= ROUNDS; round++)
      for (const v of variants) {
        const t = performance.now();
        const data = await post(deps.base, staff, TRAIL_DOCS.history, {
          propertyId: PROPERTY,
          filter: v.filter,
          limit: 50,
          offset: v.offset ?? 0,
        });
        const elapsed = performance.now() - t;
        if (data.propertyHistory.nodes.length < v.atLeast)
          throw new Error(`trails ${JSON.stringify(v)}: ${data.propertyHistory.nodes.length} rows`);
        if (round > 0) {
          times.push(elapsed);
          const key = JSON.stringify({ ...v.filter, offset: v.offset ?? 0 });
          byVariant.set(key, [...(byVariant.get(key) ?? []), elapsed]);
        }
      }
    for (const [key, list] of byVariant)
      deps.log(`  ${key}: p50 ${percentiles(list).p50} ms, p95 ${percentiles(list).p95} ms`);
    deps.log('trails: export of one section');
    const t = performance.now();
    const res = await fetch(`${deps.base}/exports/trail.csv?propertyId=${PROPERTY}&section=ratePlans`, {
      headers: { cookie: staff },
    });
    const text = await res.text();
    const exportMs = Math.round(performance.now() - t);
    const exportRows = text.split('\n').length - 2;
    if (!res.ok || exportRows < BENCH_AUDIT_ROWS / SUBJECTS.length - 10)
      throw new Error(`trails export: ${res.status}, ${exportRows} rows`);
    return { page: percentiles(times), exportMs, exportRows, variants: variants.length, rows: BENCH_AUDIT_ROWS };
  } finally {
    await ours.stop();
  }
}
