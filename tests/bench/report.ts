import type { LoadResult } from './load';
import type { PageScore } from './lighthouse-run';

export type BenchReport = {
  date: string;
  machine: string;
  durationSeconds?: number;
  load: { connections: number; seconds: number };
  api: { database: 'postgres' | 'pglite'; query: string; ours: LoadResult; anchor: LoadResult }[];
  sizes: { anchorKb: number; signInKb: number; propertyHomeKb: number };
  lighthouse: Record<string, PageScore>;
  startup: Partial<Record<'postgres' | 'pglite', number>>;
  memory: Partial<Record<'postgres' | 'pglite', { idleMb: number; peakMb: number }>>;
};

const yes = (ok: boolean) => (ok ? 'met' : '**not met**');

/** The bench as one Markdown table: our figure, the anchor from the same run, the target, and whether it is met. */
export function printTable(r: BenchReport): string {
  const rows: string[][] = [];
  for (const a of r.api) {
    const share = Math.round((a.ours.rps / a.anchor.rps) * 100);
    const p99Target = a.database === 'postgres';
    const ok = share >= 50 && (!p99Target || a.ours.p99 <= 50) && a.ours.errors + a.ours.non2xx === 0;
    rows.push([
      `${a.query}, ${a.database === 'postgres' ? 'PostgreSQL' : 'PGlite'}`,
      `${a.ours.rps} req/s, p50 ${a.ours.p50} ms, p99 ${a.ours.p99} ms${a.ours.errors + a.ours.non2xx ? `, ${a.ours.errors + a.ours.non2xx} failed` : ''}`,
      `${a.anchor.rps} req/s, p99 ${a.anchor.p99} ms (${share} %)`,
      p99Target ? '≥ 50 %; p99 ≤ 50 ms' : '≥ 50 %', yes(ok),
    ]);
  }
  rows.push(['JS (gzip) before /sign-in is interactive', `${r.sizes.signInKb} kB`, `${r.sizes.anchorKb} kB (plain antd Form)`, '≤ 180 kB', yes(r.sizes.signInKb <= 180)]);
  rows.push(['JS (gzip) for a property home, cold', `${r.sizes.propertyHomeKb} kB`, '—', '≤ 450 kB', yes(r.sizes.propertyHomeKb <= 450)]);
  for (const [page, s] of Object.entries(r.lighthouse)) {
    rows.push([`Lighthouse ${page} (mobile)`, `score ${s.score}, LCP ${(s.lcpMs / 1000).toFixed(1)} s, TBT ${s.tbtMs} ms`, '—', 'score ≥ 95; LCP ≤ 2.5 s', yes(s.score >= 95 && s.lcpMs <= 2500)]);
  }
  for (const [db, ms] of Object.entries(r.startup)) rows.push([`Start to first answer, ${db === 'postgres' ? 'PostgreSQL' : 'existing PGlite directory'}`, `${ms} ms`, '—', '≤ 2 s', yes((ms ?? 0) <= 2000)]);
  for (const [db, m] of Object.entries(r.memory)) {
    rows.push([`Server RSS, ${db === 'postgres' ? 'PostgreSQL' : 'PGlite'}`, `idle ${m!.idleMb} MB, under load ${m!.peakMb} MB`, '—', db === 'pglite' ? '≤ 400 MB' : 'report', db === 'pglite' ? yes(m!.peakMb <= 400) : '—']);
  }
  const head = `Bench ${r.date.slice(0, 10)} on ${r.machine}; load: ${r.load.connections} connections × ${r.load.seconds} s per row; run took ${r.durationSeconds ?? '?'} s.\n\n`;
  const table = [['row', 'ours', 'anchor (same run)', 'target', ''], ['---', '---', '---', '---', '---'], ...rows].map((c) => `| ${c.join(' | ')} |`).join('\n');
  return `${head}${table}\n`;
}
