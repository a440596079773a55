import { spawnSync } from 'node:child_process';

/**
 * How fast this machine runs at the moment: a fixed single-thread workload, timed in a fresh Node
 * process. The machine is shared, and the same build ran every row about twice as slowly at one hour
 * as at another (the intake, a media upload, the one-at-a-time reads, start-up), where no anchor
 * runs beside a row to show it. The bench times this before each section and prints the median and
 * the range, so a table can be read against the README's run: twice its time here is a slow hour.
 *
 * The work is the server's kind: JSON answers built, written and read back, a sort, string
 * matching, SHA-256. Each sample is the median of five repetitions.
 */
const WORK = `
const { createHash } = require('node:crypto');
const rows = Array.from({ length: 2000 }, (_, i) => ({ id: String(i), propertyId: 1, name: 'Rate plan ' + i, minStay: i % 7, days: [i, i + 1, i + 2] }));
const times = [];
for (let rep = 0; rep < 5; rep++) {
  const start = process.hrtime.bigint();
  let check = 0;
  for (let k = 0; k < 25; k++) {
    const back = JSON.parse(JSON.stringify({ data: { nodes: rows } }));
    back.data.nodes.sort((a, b) => (a.name < b.name ? 1 : -1));
    check += back.data.nodes.filter((r) => /5$/.test(r.name)).length;
    check += createHash('sha256').update(JSON.stringify(back)).digest()[0];
  }
  if (!check) throw new Error('no work done');
  times.push(Number(process.hrtime.bigint() - start) / 1e6);
}
times.sort((a, b) => a - b);
process.stdout.write(String(times[2]));
`;

/** One sample: the workload's median time in ms. Throws when it cannot run (a bench never prints a zero). */
export function machineSpeedMs(): number {
  const run = spawnSync(process.execPath, ['-e', WORK], { encoding: 'utf8', timeout: 60_000 });
  const ms = Number(run.stdout);
  if (run.status !== 0 || !Number.isFinite(ms) || ms <= 0)
    throw new Error(`machine speed sample failed: ${run.stderr?.split('\n')[0] || run.error?.message || run.stdout}`);
  return Math.round(ms);
}
