import { openDb } from '../../server/db/client';
import { PROPERTY_DOCS } from '../../resources/properties/property.documents';
import { SUPPORT_DOCS } from '../../resources/users/support.documents';
import { WORKLIST_KEYS } from '../../resources/properties/worklist';
import { FINDER_EXPORT_PATH } from '../../resources/properties/finder-export';
import { finderVariables, type FinderQuery } from '../../resources/properties/property-finder';
import type { Running } from './processes';
import { percentiles, type Samples } from './reservations-bench';

/**
 * Issue 17's row: the staff property finder over 10,000 properties, one search at a time (as one
 * person types), a mix of searches by name, suburb and ID, filters, sorts and deep pages.
 */
export const FINDER_PROPERTIES = 10_000;
const ROUNDS = 20;
export type FinderBench = {
  samples: Samples;
  variants: number;
  properties: number;
  worklist: Samples;
  /** Issue 30: the whole list exported as CSV, each run's milliseconds. */
  csv: Samples;
};

const query = (q: Partial<FinderQuery>): FinderQuery => ({
  search: '',
  status: null,
  provider: null,
  attention: null,
  sort: 'NAME_ASC',
  page: 1,
  ...q,
});
/** Each with the least number of matches it must find, so an empty answer fails the bench. */
const VARIANTS: { query: FinderQuery; atLeast: number }[] = [
  { query: query({}), atLeast: FINDER_PROPERTIES },
  { query: query({ page: 250 }), atLeast: FINDER_PROPERTIES },
  { query: query({ sort: 'ID_DESC', page: 3 }), atLeast: FINDER_PROPERTIES },
  { query: query({ sort: 'UPDATED_DESC' }), atLeast: FINDER_PROPERTIES },
  { query: query({ search: 'harbour' }), atLeast: 100 },
  { query: query({ search: 'Bondi', sort: 'NAME_DESC' }), atLeast: 100 },
  { query: query({ search: '#4321' }), atLeast: 1 },
  { query: query({ search: '77' }), atLeast: 1 },
  { query: query({ status: 'PUBLISHED', provider: 'extranet' }), atLeast: 100 },
  { query: query({ search: 'lodge', status: 'ONBOARDING', page: 2 }), atLeast: 21 },
];

const WORDS = ['Harbour', 'Alpine', 'Coral', 'Grand', 'Bay', 'River', 'Summit', 'Garden', 'Ocean', 'Royal'];
const KINDS = ['Hotel', 'Lodge', 'Suites', 'Resort', 'Inn', 'Apartments', 'Retreat'];
const SUBURBS = ['Bondi', 'Manly', 'Fitzroy', 'Southbank', 'Fortitude Valley', 'Glenelg', 'Cottesloe', 'Sandy Bay'];

/** With the server stopped: properties added until there are 10,000, spread over names, suburbs, statuses and providers. */
export async function prepareFinder(env: Record<string, string>): Promise<void> {
  const db = await openDb({ databaseUrl: env.DATABASE_URL || undefined, dataDir: env.DATA_DIR });
  try {
    await db.query(
      `insert into properties (name, suburb, country, status, inventory_provider, updated_at)
       select ($1::text[])[1 + i % array_length($1::text[], 1)] || ' ' || ($2::text[])[1 + (i / 10) % array_length($2::text[], 1)] || ' ' || i,
              ($3::text[])[1 + (i / 3) % array_length($3::text[], 1)], 'Australia',
              (array['PROSPECTIVE','INVITED','ONBOARDING','UNPUBLISHED','PUBLISHED','PUBLISHED','PUBLISHED','ARCHIVED'])[1 + i % 8],
              (array['extranet','siteconnect','derbysoft','expedia','pegasus', null])[1 + i % 6],
              now() - make_interval(mins => i)
         from generate_series(1, $4::int - (select count(*)::int from properties)) i`,
      [WORDS, KINDS, SUBURBS, FINDER_PROPERTIES],
    );
    const [{ n }] = await db.query<{ n: number }>('select count(*)::int as n from properties');
    if (n !== FINDER_PROPERTIES) throw new Error(`bench: ${n} properties, not ${FINDER_PROPERTIES}`);
    await db.query('analyze properties');
  } finally {
    await db.close();
  }
}

/** One search at a time over the mix, after one unmeasured round; every answer's count is checked. */
export async function finderLatency(base: string, cookie: string): Promise<Samples> {
  const times: number[] = [];
  for (let round = 0; round <= ROUNDS; round++) {
    for (const { query: q, atLeast } of VARIANTS) {
      const t = performance.now();
      const res = await fetch(`${base}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie, 'x-correlation-id': `bench-finder-${round}` },
        body: JSON.stringify({
          operationName: 'ViewerProperties',
          query: PROPERTY_DOCS.viewerProperties,
          variables: finderVariables(q),
        }),
      });
      const body = await res.json();
      const elapsed = performance.now() - t;
      const found = body.data?.viewer?.properties;
      if (!res.ok || body.errors || !found?.nodes.length || found.pagination.totalCount < atLeast)
        throw new Error(`finder ${JSON.stringify(q)}: ${JSON.stringify(body).slice(0, 300)}`);
      if (round > 0) times.push(elapsed);
    }
  }
  return percentiles(times);
}

/**
 * Issue 30's row: staff's worklist over the same 10,000 properties, read as the home page reads it
 * (every count, one request), one at a time; an answer without its seven counts fails the bench.
 */
export async function worklistLatency(base: string, cookie: string): Promise<Samples> {
  const times: number[] = [];
  for (let round = 0; round <= ROUNDS * 2; round++) {
    const t = performance.now();
    const res = await fetch(`${base}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie, 'x-correlation-id': `bench-worklist-${round}` },
      body: JSON.stringify({ operationName: 'StaffWorklist', query: SUPPORT_DOCS.worklist }),
    });
    const body = await res.json();
    const elapsed = performance.now() - t;
    if (!res.ok || body.errors || body.data?.staffWorklist?.length !== WORKLIST_KEYS.length)
      throw new Error(`worklist: ${JSON.stringify(body).slice(0, 300)}`);
    if (round > 0) times.push(elapsed);
  }
  return percentiles(times);
}

/**
 * Issue 30's export row: every one of the 10,000 properties as one CSV file, as staff's Export CSV
 * downloads it; a file without a line per property fails the bench.
 */
export async function csvExportLatency(base: string, cookie: string): Promise<Samples> {
  const times: number[] = [];
  for (let round = 0; round <= 5; round++) {
    const t = performance.now();
    const res = await fetch(`${base}${FINDER_EXPORT_PATH}?separator=comma`, { headers: { cookie } });
    const text = await res.text();
    const elapsed = performance.now() - t;
    const lines = text.trim().split('\n').length - 1;
    if (!res.ok || lines < FINDER_PROPERTIES)
      throw new Error(`properties CSV: ${res.status}, ${lines} rows: ${text.slice(0, 200)}`);
    if (round > 0) times.push(elapsed);
  }
  return percentiles(times);
}

export async function finderBench(
  env: Record<string, string>,
  deps: { base: string; startOurs: () => Promise<Running>; signIn: () => Promise<string>; log: (s: string) => void },
): Promise<FinderBench> {
  await (await deps.startOurs()).stop(); // first start: migrations and demo data
  deps.log(`finder: ${FINDER_PROPERTIES} properties`);
  await prepareFinder(env);
  const ours = await deps.startOurs();
  try {
    const staff = await deps.signIn();
    deps.log('finder: searches one at a time');
    const samples = await finderLatency(deps.base, staff);
    deps.log('finder: the staff worklist, one read at a time');
    const worklist = await worklistLatency(deps.base, staff);
    deps.log('finder: every property as CSV');
    const csv = await csvExportLatency(deps.base, staff);
    return { samples, variants: VARIANTS.length, properties: FINDER_PROPERTIES, worklist, csv };
  } finally {
    await ours.stop();
  }
}
