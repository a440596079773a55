// `npm test`: type check, unit tests, the API suite on PGlite (and on PostgreSQL when
// TEST_DATABASE_URL is set), a production build of client and server, then Playwright in Chromium against it.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ensureChromium } from './find-chromium.mjs';

const results = path.resolve('.tmp/test-results');
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });
const totals = { passed: 0, failed: 0, skipped: 0 };

function step(title, command, args, env = {}) {
  process.stdout.write(`\n=== ${title} ===\n`);
  const r = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  return r.status === 0;
}

function vitest(title, project, file, env) {
  const out = path.join(results, file);
  const ok = step(
    title,
    process.execPath,
    [
      'node_modules/vitest/vitest.mjs',
      'run',
      '--project',
      project,
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${out}`,
    ],
    env,
  );
  try {
    const r = JSON.parse(readFileSync(out, 'utf8'));
    totals.passed += r.numPassedTests;
    totals.failed += r.numFailedTests;
    totals.skipped += r.numPendingTests + r.numTodoTests;
    if (r.numTotalTests === 0) return false;
  } catch {
    totals.failed += 1;
  }
  return ok;
}

/** Runs a step in the background with its output kept, so two can run at once and print one after the other. */
function background(title, command, args, env = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    const chunks = [];
    child.stdout.on('data', (d) => chunks.push(d));
    child.stderr.on('data', (d) => chunks.push(d));
    child.on('close', (code) => resolve({ title, ok: code === 0, output: Buffer.concat(chunks).toString() }));
  });
}
const show = ({ title, output }) => process.stdout.write(`\n=== ${title} ===\n${output}`);

/** One API pass in the background; its totals are counted when it is shown. `skip`: test files it leaves out. */
function vitestInBackground(title, file, env, skip = []) {
  const out = path.join(results, file);
  const args = ['node_modules/vitest/vitest.mjs', 'run', '--project', 'api', '--reporter=default', '--reporter=json'];
  for (const f of skip) args.push('--exclude', f);
  return background(title, process.execPath, [...args, `--outputFile.json=${out}`], env).then((run) => {
    let ok = run.ok;
    try {
      const r = JSON.parse(readFileSync(out, 'utf8'));
      totals.passed += r.numPassedTests;
      totals.failed += r.numFailedTests;
      totals.skipped += r.numPendingTests + r.numTodoTests;
      if (r.numTotalTests === 0) ok = false;
    } catch {
      totals.failed += 1;
      ok = false;
    }
    return { ...run, ok };
  });
}

const isFree = (port) =>
  new Promise((resolve) => {
    const s = createServer();
    s.once('error', () => resolve(false));
    s.listen(port, '127.0.0.1', () => s.close(() => resolve(true)));
  });

/** Two consecutive free ports: the portal, and a second one with LEGACY_APP_URL set. They are
 * picked below the kernel's ephemeral range (32768 and up): a port the kernel handed out once was
 * taken by an outgoing connection (to PostgreSQL) before the E2E server could listen on it. */
async function freePortPair() {
  for (let i = 0; i < 50; i++) {
    const p = 20000 + 2 * Math.floor(Math.random() * 6000);
    if ((await isFree(p)) && (await isFree(p + 1))) return p;
  }
  throw new Error('no two consecutive free ports below 32768');
}

let ok = step('Format and lint (Biome)', process.execPath, ['node_modules/@biomejs/biome/bin/biome', 'check', '.']);
if (!ok) totals.failed += 1;
ok = step('Type check', process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.json', '--noEmit']);
if (!ok) totals.failed += 1;
ok = vitest('Unit tests', 'unit', 'unit.json', {}) && ok;
// The two API passes (each one file at a time) and the production build run side by side: on two
// cores that keeps the whole run well under CI's 30 minutes. Their outputs print one after the other.
const build = background('Production build', process.execPath, [
  'node_modules/vite/bin/vite.js',
  'build',
  '--logLevel',
  'warn',
]).then(async (client) =>
  client.ok ? [client, await background('Server build', process.execPath, ['scripts/build-server.mjs'])] : [client],
);
// Test files whose subject is not the database run once when both passes run: the portal's pages
// rendered in jsdom against the API (*-ui.test.tsx) and the permission matrix, shared out so that the
// two passes take about as long (CI, 2026-11-27, files sharing one module graph, beside the build:
// PGlite with every UI file 883 s, PostgreSQL with the matrix 478 s; alone, the UI files took 82 s
// (resource-options), 65 s (rate-plan-form) and 44 s (resource-fixture), the matrix 105 s).
const uiFiles = readdirSync('tests/api')
  .filter((f) => f.endsWith('-ui.test.tsx'))
  .map((f) => `tests/api/${f}`);
const onPostgres = [
  'tests/api/matrix/permission-matrix.test.ts',
  'tests/api/rate-plan-form-ui.test.tsx',
  'tests/api/resource-fixture-ui.test.tsx',
];
const onPglite = uiFiles.filter((f) => !onPostgres.includes(f));
const both = Boolean(process.env.TEST_DATABASE_URL);
const passes = [
  vitestInBackground(
    'API tests on PGlite, over HTTP',
    'api-pglite.json',
    { TEST_DB: 'pglite', TEST_TRANSPORT: 'http' },
    both ? onPostgres : [],
  ),
];
if (both) {
  passes.push(
    vitestInBackground(
      'API tests on PostgreSQL, over HTTP',
      'api-postgres.json',
      { TEST_DB: 'postgres', TEST_TRANSPORT: 'http' },
      onPglite,
    ),
  );
}
for (const pass of await Promise.all(passes)) {
  show(pass);
  ok = pass.ok && ok;
}
if (!process.env.TEST_DATABASE_URL)
  process.stdout.write('\n(TEST_DATABASE_URL is not set: the API suite ran on PGlite only)\n');
const builds = await build;
for (const b of builds) show(b);
if (builds.length < 2 || !builds.every((b) => b.ok)) {
  totals.failed += 1;
  ok = false;
}

let chromium;
try {
  chromium = ensureChromium();
} catch (error) {
  process.stdout.write(`${error.message}\n`);
  totals.failed += 1;
  ok = false;
}
if (chromium) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'extranet-e2e-'));
  const out = path.join(results, 'e2e.json');
  const e2e = step(
    'End-to-end tests (Playwright in Chromium)',
    process.execPath,
    ['node_modules/@playwright/test/cli.js', 'test'],
    {
      CHROMIUM_PATH: chromium,
      E2E_PORT: String(await freePortPair()),
      E2E_DATA_DIR: dataDir,
      PLAYWRIGHT_JSON_OUTPUT_NAME: out,
    },
  );
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(`${dataDir}-legacy`, { recursive: true, force: true });
  try {
    const { stats } = JSON.parse(readFileSync(out, 'utf8'));
    totals.passed += stats.expected;
    totals.failed += stats.unexpected + (e2e ? 0 : stats.unexpected ? 0 : 1);
    totals.skipped += stats.skipped;
    if (stats.expected === 0) ok = false;
  } catch {
    totals.failed += 1;
  }
  ok = e2e && ok;
}

process.stdout.write(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped\n`);
process.exit(ok && totals.failed === 0 ? 0 : 1);
