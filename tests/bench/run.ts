import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import pg from 'pg';
import { build as esbuild } from 'esbuild';
import { httpOk, rssMb, startProcess, stopAll, type Running } from './processes';
import { signIn } from './sessions';
import { compareLoad, load, CONNECTIONS, ROUNDS, SECONDS, type Compared, type Query } from './load';
import { anchorPageWeight, launch, scriptWeight, scriptWeightBeforeButton, servePage } from './page-weight';
import { lcpParts, lighthouseScore } from './lighthouse-run';
import { firstScreenTimes } from './first-screen-bench';
import { PROPERTY_DOCS } from '../../resources/properties/property.documents';
import { resourceDocuments } from '../../resources/resource.documents';
import { ratePlanResource } from '../../resources/rate-plans/rate-plan.resource';
import { printTable, type BenchReport } from './report';
import { calendarPage, createCalendar, poster, sequentialLatency, timeBulkUpdates } from './rates-bench';
import { busiestRoomType, overviewPage } from './rates-overview-bench';
import { RATES_DOCS } from '../../resources/rates-inventory/rates-inventory.documents';
import { reservationsBench } from './reservations-bench';
import { finderBench } from './finder-bench';
import { promotionsBench } from './promotions-bench';
import { usersBench } from './users-bench';
import { trailsBench } from './trails-bench';
import { mediaBench } from './media-bench';
import { scaleBench } from './scale-bench';
import { insightsBench } from './insights-bench';
import { summarizeProfile } from './cpu-profile';
import { SERVER_FLAGS } from '../../scripts/server-flags';
import { machineSpeedMs } from './machine-speed';

/**
 * `npm run bench`: our server and a bare anchor, side by side, on PostgreSQL and on PGlite; page
 * weight and Lighthouse in Debian's Chromium; start-up time and memory. Loopback only, bounded.
 */
const PORT = 3800,
  ANCHOR_PORT = 3900;
const base = `http://127.0.0.1:${PORT}`;
const log = (s: string) => process.stderr.write(`${s}\n`);
const pgBase = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const work = mkdtempSync(path.join(os.tmpdir(), 'extranet-bench-'));

/** BENCH_ONLY=reservations (or core, finder, promotions, users, media, trails, scale, insights, overview, profile, pages): only those rows; all but core need no client build and no browser. */
const ONLY = process.env.BENCH_ONLY?.split(',');
const runs = (
  section:
    | 'core'
    | 'reservations'
    | 'finder'
    | 'promotions'
    | 'users'
    | 'media'
    | 'trails'
    | 'scale'
    | 'insights'
    | 'profile',
) => !ONLY || ONLY.includes(section);

const started = Date.now();
if (runs('core') || ONLY?.includes('pages')) {
  log('Building the client…');
  execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
}
// Both servers run built, on plain Node, as `npm start` runs ours.
execFileSync(process.execPath, ['scripts/build-server.mjs'], { stdio: 'inherit' });
const anchorEntry = path.resolve('dist-server/bench-anchor.mjs'); // inside the repo, so its packages resolve from node_modules
await esbuild({
  entryPoints: ['tests/bench/anchor-server.ts'],
  outfile: anchorEntry,
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  packages: 'external',
  logLevel: 'warning',
});
const anchorKb = runs('core') || ONLY?.includes('pages') ? await anchorPageWeight(path.join(work, 'anchor-page')) : 0;

const report: BenchReport = {
  date: new Date().toISOString(),
  machine: `${os.cpus().length} × ${os.cpus()[0]?.model.trim()}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`,
  load: { connections: CONNECTIONS, seconds: SECONDS, rounds: ROUNDS },
  api: [],
  sizes: { anchorKb, signInKb: 0, propertyHomeKb: 0 },
  lighthouse: {},
  startup: {},
  memory: {},
  rates: {},
  reservations: {},
  finder: {},
  promotions: {},
  users: {},
  media: {},
  trails: {},
  insights: {},
  failures: [],
  machineSpeed: [],
};
/** The machine's speed now (see machine-speed.ts): at the start, before each section's database, and at the end. */
const sampleMachine = () => report.machineSpeed.push(machineSpeedMs());
sampleMachine();
/** Sequential calendar reads per side, for p50/p95 as one user sees them. */
const LATENCY_READS = 100;

async function withDatabase(kind: 'postgres' | 'pglite', fn: (env: Record<string, string>) => Promise<void>) {
  sampleMachine();
  const dataDir = path.join(work, kind);
  mkdirSync(dataDir, { recursive: true });
  const env: Record<string, string> = {
    PORT: String(PORT),
    HOST: '127.0.0.1',
    NODE_ENV: 'production',
    DEPLOYMENT: 'demo', // the demo accounts and booking key the bench signs in with
    LOG_LEVEL: 'warn',
    ANTISPAM_PROVIDER: 'off',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
  };
  // A section that throws is a failed measurement: it is named in the table and the run exits non-zero,
  // and the sections after it still run (one section's failure used to lose the whole table).
  const failed = async (error: unknown) => {
    await stopAll(); // what the section left running would answer the next one's start
    const message = (error as Error).message?.split('\n')[0] ?? String(error);
    log(`FAILED on ${kind}: ${(error as Error).stack ?? message}`);
    report.failures.push({ database: kind, error: message });
    process.exitCode = 1;
  };
  if (kind === 'pglite') return fn(env).catch(failed);
  const name = `extranet_bench_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: pgBase });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(pgBase);
  url.pathname = `/${name}`;
  try {
    await fn({ ...env, DATABASE_URL: url.toString() }).catch(failed);
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

// Started as `npm start` starts it: the built server, with its flags from package.json.
const startOurs = (env: Record<string, string>) =>
  startProcess('dist-server/main.mjs', env, httpOk(`${base}/healthz`), log, SERVER_FLAGS);
const startAnchor = (env: Record<string, string>) =>
  startProcess(
    anchorEntry,
    { ...env, PORT: String(ANCHOR_PORT) },
    async () => (await fetch(`http://127.0.0.1:${ANCHOR_PORT}`, { method: 'POST', body: '{}' })).status === 500,
    log,
  );

/** The portal's small reads under load: a property's page, a group's page, a page of rate plans. */
function portalReads(admin: string, groupAdmin: string): Query[] {
  return [
    {
      name: 'ManageProperty',
      operationName: 'ManageProperty',
      query: PROPERTY_DOCS.manageProperty,
      variables: { id: 1 },
      cookie: admin,
    },
    {
      name: 'PropertyGroupPage',
      operationName: 'PropertyGroupPage',
      query: PROPERTY_DOCS.propertyGroupPage,
      variables: { propertyGroupId: 1, limit: 5, offset: 0 },
      cookie: groupAdmin,
    },
    {
      name: 'Rate plan list',
      operationName: 'RatePlans',
      query: resourceDocuments(ratePlanResource).list,
      variables: { input: { propertyId: 1, sort: 'NAME_ASC' }, limit: 10, offset: 0 },
      cookie: admin,
    },
  ];
}

/** Pages whose server-drawn HTML the bench times: the home, the rates calendar, the reservations list. */
const DRAWN_PAGES = (roomTypeId: number | string) => [
  '/properties/1',
  `/properties/1/rates-and-inventory/${roomTypeId}`,
  '/properties/1/reservations',
];
/** The signed-in pages Lighthouse measures on a phone, each as the user who works in it. */
const PHONE_PAGES = (roomTypeId: number | string) => [
  '/properties/1',
  `/properties/1/rates-and-inventory/${roomTypeId}`,
  '/properties/1/reservations',
  '/properties/1/rate-plans/overview',
  '/properties/1/details/overview',
  '/property-groups/1',
];

/** Page weight before /sign-in works and for a cold property home, then Lighthouse on /sign-in and every phone page. */
async function pageRows(admin: string, groupAdmin: string, roomTypeId: number | string) {
  const browser = await launch();
  report.sizes.signInKb = (await scriptWeightBeforeButton(await browser.newPage(), `${base}/sign-in`, 'Sign in')).kb;
  const context = await browser.newContext();
  await context.addCookies(
    admin.split('; ').map((pair) => {
      const i = pair.indexOf('=');
      return { name: pair.slice(0, i), value: pair.slice(i + 1), url: base };
    }),
  );
  // Drawn pages' server time: the home first, before any page has loaded the drawer (its first answer loads it).
  report.firstScreen = [];
  for (const address of DRAWN_PAGES(roomTypeId)) report.firstScreen.push(await firstScreenTimes(base, admin, address));
  report.sizes.propertyHomeKb = (
    await scriptWeight(await context.newPage(), `${base}/properties/1`, (p) => p.waitForLoadState('networkidle'))
  ).kb;
  await browser.close();
  // The hour's reference: the same Lighthouse on the plain antd page. A phone page's TBT moves 3–10×
  // with the machine's hour (sign-in's was 35 ms at one hour and 325 ms at another, on one build).
  const anchorPage = await servePage(path.join(work, 'anchor-page'));
  try {
    report.lighthouseAnchor = await lighthouseScore(anchorPage.url);
  } finally {
    await anchorPage.close();
  }
  if ('error' in report.lighthouseAnchor) {
    log(report.lighthouseAnchor.error);
    process.exitCode = 1;
  }
  for (const page of ['/sign-in', ...PHONE_PAGES(roomTypeId)]) {
    log(`lighthouse: ${page}`);
    const cookie = page === '/sign-in' ? undefined : page.startsWith('/property-groups') ? groupAdmin : admin;
    let score = await lighthouseScore(`${base}${page}`, cookie);
    // Where a signed-in page's LCP goes: the bandwidth, the round trips, the main thread.
    if (!('error' in score) && cookie) {
      const parts = await lcpParts(`${base}${page}`, cookie);
      score = 'error' in parts ? parts : { ...score, lcpParts: parts };
    }
    report.lighthouse[page] = score;
    if ('error' in score) {
      log(score.error);
      process.exitCode = 1; // the other rows still print; the run does not pass as whole
    }
  }
}

const DATABASES = (process.env.BENCH_DATABASES ?? 'postgres,pglite').split(',') as ('postgres' | 'pglite')[];
for (const kind of runs('core') ? DATABASES : []) {
  await withDatabase(kind, async (env) => {
    log(`\n== ${kind} ==`);
    await (await startOurs(env)).stop(); // first start: migrations and demo data
    const ours: Running = await startOurs(env);
    report.startup[kind] = Math.round(ours.startMs);
    await new Promise((r) => setTimeout(r, 2000));
    const idle = rssMb(ours.child.pid!);
    const outbox = path.join(env.DATA_DIR, 'outbox');
    const admin = await signIn(base, outbox, 'admin@harbourview.example');
    const groupAdmin = await signIn(base, outbox, 'group.admin@coastal.example');
    log('rates: a room type with 10 rate plans, 18 months filled by bulk updates');
    const post = poster(base, admin);
    const calendarScope = await createCalendar(post, 1);
    const bulk = await timeBulkUpdates(post, calendarScope, 3);
    const calendarQuery: Query = {
      name: 'Rates calendar',
      operationName: 'RatesCalendar',
      query: RATES_DOCS.calendar,
      variables: { propertyId: 1, roomTypeId: calendarScope.roomTypeId },
      cookie: admin,
    };
    const calendarBody = JSON.stringify({
      operationName: calendarQuery.operationName,
      query: calendarQuery.query,
      variables: calendarQuery.variables,
    });
    const oursLatency = await sequentialLatency(`${base}/graphql`, calendarBody, admin, LATENCY_READS);
    const queries: Query[] = [...portalReads(admin, groupAdmin), calendarQuery];
    // The anchor runs beside ours and the two are loaded in turns. PGlite is one process's database,
    // so the anchor gets a copy of the directory, taken while ours is stopped.
    let anchorEnv = env;
    let running = ours;
    if (kind === 'pglite') {
      await ours.stop();
      const copy = `${env.DATA_DIR}-anchor`;
      cpSync(env.DATA_DIR, copy, { recursive: true });
      anchorEnv = { ...env, DATA_DIR: copy };
      running = await startOurs(env);
    }
    const anchor = await startAnchor(anchorEnv);
    const compared: Compared[] = [];
    for (const q of queries) {
      log(`load: ours and the anchor in turns, ${q.name}`);
      const c = await compareLoad(`${base}/graphql`, `http://127.0.0.1:${ANCHOR_PORT}/`, q, running.child.pid!);
      // The anchor answers whole rows, so at least as many objects as ours; fewer means it skipped work (an empty list, say).
      if (!c.ours.ids || c.anchor.ids < c.ours.ids)
        throw new Error(`${q.name}: the anchor answered ${c.anchor.ids} objects with an id, ours ${c.ours.ids}`);
      compared.push(c);
      report.api.push({ database: kind, query: q.name, ...c });
    }
    const anchorLatency = await sequentialLatency(
      `http://127.0.0.1:${ANCHOR_PORT}/`,
      calendarBody,
      admin,
      LATENCY_READS,
    );
    report.rates[kind] = { bulk, latency: { ours: oursLatency, anchor: anchorLatency } };
    await anchor.stop();
    // Issue 8's memory budget is for the portal's reads; the calendar row (50 clients each taking
    // 18 months at once) is reported on its own.
    const peak = (cs: Compared[]) => Math.max(...cs.map((c) => c.ours.peakRssMb ?? 0));
    report.memory[kind] = {
      idleMb: idle,
      peakMb: peak(compared.filter((_, i) => queries[i] !== calendarQuery)),
      calendarPeakMb: peak(compared.filter((_, i) => queries[i] === calendarQuery)),
    };
    if (kind === 'pglite') {
      const browser = await launch();
      log('rates: the calendar page in Chromium');
      report.ratesPage = await calendarPage(browser, base, admin, calendarScope);
      log('rates: all room types on one grid, and a block edit, in Chromium');
      report.ratesOverview = await overviewPage(browser, base, admin, 1, await busiestRoomType(post, 1));
      await browser.close();
      await pageRows(admin, groupAdmin, calendarScope.roomTypeId);
    }
    await running.stop();
  });
}

// Issue 16 on a fresh install of its own, so its 10,000 bookings and the intake's leave the rows above alone.
for (const kind of runs('reservations') ? DATABASES : []) {
  await withDatabase(kind, async (env) => {
    log(`\n== ${kind}: reservations ==`);
    report.reservations![kind] = await reservationsBench(env, {
      base,
      anchorUrl: `http://127.0.0.1:${ANCHOR_PORT}/`,
      startOurs: () => startOurs(env),
      startAnchor: () => startAnchor(env),
      signIn: () => signIn(base, path.join(env.DATA_DIR, 'outbox'), 'admin@harbourview.example'),
      seconds: SECONDS,
      log,
    });
  });
}

// Issue 17 on a fresh install of its own: 10,000 properties for the staff finder.
for (const kind of runs('finder') ? DATABASES : []) {
  await withDatabase(kind, async (env) => {
    log(`\n== ${kind}: property finder ==`);
    report.finder![kind] = await finderBench(env, {
      base,
      startOurs: () => startOurs(env),
      signIn: () => signIn(base, path.join(env.DATA_DIR, 'outbox'), 'staff@extranet.example'),
      log,
    });
  });
}

// Issue 26 on a fresh install of its own: 500 promotions on property 1, and the price preview.
for (const kind of runs('promotions') ? DATABASES : []) {
  await withDatabase(kind, async (env) => {
    log(`\n== ${kind}: promotions ==`);
    report.promotions![kind] = await promotionsBench(env, {
      base,
      anchorUrl: `http://127.0.0.1:${ANCHOR_PORT}/`,
      startOurs: () => startOurs(env),
      startAnchor: () => startAnchor(env),
      signIn: () => signIn(base, path.join(env.DATA_DIR, 'outbox'), 'admin@harbourview.example'),
      log,
    });
  });
}

/** What a section's bench gets: the server to start on its own fresh install, a signed-in cookie, and the log. */
type SectionDeps = { base: string; startOurs: () => Promise<Running>; signIn: () => Promise<string>; log: typeof log };

/** A section's rows on a fresh install of its own per database, signed in as `email`. */
async function sectionBench<R>(
  name: 'users' | 'media' | 'trails',
  email: string,
  bench: (env: Record<string, string>, deps: SectionDeps) => Promise<R>,
  into: Partial<Record<'postgres' | 'pglite', R>>,
) {
  for (const kind of runs(name) ? DATABASES : [])
    await withDatabase(kind, async (env) => {
      log(`\n== ${kind}: ${name} ==`);
      into[kind] = await bench(env, {
        base,
        startOurs: () => startOurs(env),
        signIn: () => signIn(base, path.join(env.DATA_DIR, 'outbox'), email),
        log,
      });
    });
}

// Issue 28: 300 members and 50 invitations on property 1.
await sectionBench('users', 'admin@harbourview.example', usersBench, report.users!);
// Issue 27: 12-megapixel uploads, and a library of 200 photos.
await sectionBench('media', 'staff@extranet.example', mediaBench, report.media!);
// Issue 29: 100,000 history records on property 1.
await sectionBench('trails', 'staff@extranet.example', trailsBench, report.trails!);

// Issue 34 on a fresh install of its own: 10,000 bookings and 18 months of rates on property 1, a group of 50.
for (const kind of runs('insights') ? DATABASES : []) {
  await withDatabase(kind, async (env) => {
    log(`\n== ${kind}: insights ==`);
    report.insights![kind] = await insightsBench(env, {
      base,
      startOurs: () => startOurs(env),
      signIn: (email) => signIn(base, path.join(env.DATA_DIR, 'outbox'), email),
      log,
    });
  });
}

/** A section alone on a fresh PGlite install: the server started (after its first start has migrated and seeded) and signed in as the property admin. */
async function onFreshPglite(label: string, fn: (admin: string, outbox: string) => Promise<void>) {
  await withDatabase('pglite', async (env) => {
    log(`\n== pglite: ${label} ==`);
    await (await startOurs(env)).stop(); // first start: migrations and demo data
    const ours = await startOurs(env);
    try {
      const outbox = path.join(env.DATA_DIR, 'outbox');
      await fn(await signIn(base, outbox, 'admin@harbourview.example'), outbox);
    } finally {
      await ours.stop();
    }
  });
}

// Page weight and Lighthouse alone (BENCH_ONLY=pages).
if (ONLY?.includes('pages'))
  await onFreshPglite('pages', async (admin, outbox) =>
    pageRows(
      admin,
      await signIn(base, outbox, 'group.admin@coastal.example'),
      (await busiestRoomType(poster(base, admin), 1)).id,
    ),
  );

// Issue 31's overview rows alone (the core run measures them too, beside the calendar page).
if (ONLY?.includes('overview'))
  await onFreshPglite('rates overview', async (admin) => {
    const browser = await launch();
    report.ratesOverview = await overviewPage(browser, base, admin, 1, await busiestRoomType(poster(base, admin), 1));
    await browser.close();
  });

// Issue 32 on a fresh install of its own: two instances on one PostgreSQL database (PGlite is one process by design).
if (runs('scale') && DATABASES.includes('postgres')) {
  await withDatabase('postgres', async (env) => {
    log('\n== postgres: two instances ==');
    const startAt = (port: number, overrides: Record<string, string>) =>
      startProcess(
        'dist-server/main.mjs',
        { ...env, PORT: String(port), ...overrides },
        httpOk(`http://127.0.0.1:${port}/healthz`),
        log,
        SERVER_FLAGS,
      );
    report.scale = await scaleBench(env, [PORT, PORT + 2, PORT + 4], {
      startAt,
      signIn: (at) => signIn(at, path.join(env.DATA_DIR, 'outbox'), 'admin@harbourview.example'),
      log,
    });
  });
}

// Where our server's time goes under each small read's load (PostgreSQL): a CPU profile per read, summarized.
if (runs('profile') && DATABASES.includes('postgres')) {
  await withDatabase('postgres', async (env) => {
    log('\n== postgres: CPU profiles ==');
    await (await startOurs(env)).stop(); // first start: migrations and demo data
    const signing = await startOurs(env);
    const outbox = path.join(env.DATA_DIR, 'outbox');
    const reads = portalReads(
      await signIn(base, outbox, 'admin@harbourview.example'),
      await signIn(base, outbox, 'group.admin@coastal.example'),
    );
    await signing.stop();
    report.profiles = {};
    for (const q of reads) {
      const dir = path.join(work, `profile-${q.operationName}`);
      const ours = await startProcess('dist-server/main.mjs', env, httpOk(`${base}/healthz`), log, [
        ...SERVER_FLAGS,
        '--cpu-prof',
        `--cpu-prof-dir=${dir}`,
      ]);
      log(`profile: ${q.name}`);
      const result = await load(`${base}/graphql`, q);
      await ours.stop();
      report.profiles[q.name] = { rps: result.rps, ...summarizeProfile(dir) };
    }
  });
}

sampleMachine();
report.durationSeconds = Math.round((Date.now() - started) / 1000);
mkdirSync('bench-results', { recursive: true });
const json = JSON.stringify(report, null, 2);
writeFileSync(path.join('bench-results', `bench-${report.date.replace(/[:.]/g, '-')}.json`), json);
writeFileSync(path.join('bench-results', 'latest.json'), json);
rmSync(work, { recursive: true, force: true });
process.stdout.write(printTable(report));
