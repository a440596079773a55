import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { CHROMIUM, CHROME_FLAGS } from './page-weight';

/**
 * Lighthouse's figures for a page from its median run, the scripts that took that run's main thread
 * longest ('bootup-time'), and every run's score.
 */
export type PageScore = {
  score: number;
  lcpMs: number;
  tbtMs: number;
  scripts: { name: string; ms: number }[];
  scores: number[];
};
type OneRun = Omit<PageScore, 'scores'>;
/** Runs per page: one run's score moves by 10 points from run to run on this machine. */
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
/** A page Lighthouse could not measure: the row says so (and the bench exits non-zero) instead of printing a zero. */
export type PageScoreFailure = { error: string };

/**
 * Lighthouse's performance category with its default mobile emulation and simulated throttling, in
 * Debian's Chromium, RUNS times; the median run by score is the page's. A run that ends without a
 * score (a runtime error, no LCP) is tried once more; a second one is answered as a failure with
 * Lighthouse's reason.
 */
export async function lighthouseScore(url: string, cookie?: string): Promise<PageScore | PageScoreFailure> {
  const runs: OneRun[] = [];
  for (let i = 0; i < RUNS; i++) {
    const run = await measured(url, cookie);
    if ('error' in run) return run;
    runs.push(run);
  }
  runs.sort((a, b) => a.score - b.score);
  return { ...runs[Math.floor(runs.length / 2)], scores: runs.map((r) => r.score) };
}

/** One run with a score, or Lighthouse's reason after a second try. */
async function measured(url: string, cookie?: string): Promise<OneRun | PageScoreFailure> {
  const first = await lighthouseOnce(url, cookie);
  if ('score' in first) return first;
  const again = await lighthouseOnce(url, cookie);
  return 'score' in again ? again : { error: `Lighthouse could not measure ${url}: ${again.error}` };
}

async function lighthouseOnce(url: string, cookie?: string): Promise<OneRun | PageScoreFailure> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless=new', ...CHROME_FLAGS],
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      onlyCategories: ['performance'],
      logLevel: 'error',
      output: 'json',
      ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
    });
    const lhr = result?.lhr;
    if (!lhr) return { error: 'no report' };
    const score = lhr.categories.performance?.score;
    const lcp = lhr.audits['largest-contentful-paint'];
    const tbt = lhr.audits['total-blocking-time'];
    if (lhr.runtimeError || score == null || !Number.isFinite(lcp?.numericValue) || !Number.isFinite(tbt?.numericValue))
      return {
        error: [
          lhr.runtimeError?.code,
          lhr.runtimeError?.message ?? lcp?.errorMessage ?? tbt?.errorMessage ?? 'no score',
        ]
          .filter(Boolean)
          .join(': '),
      };
    const bootup = (lhr.audits['bootup-time']?.details as { items?: { url: string; total: number }[] } | undefined)
      ?.items;
    return {
      scripts: (bootup ?? []).slice(0, 3).map((i) => ({
        name: i.url.replace(/^https?:\/\/[^/]+/, '') || i.url,
        ms: Math.round(i.total),
      })),
      score: Math.round(score * 100),
      lcpMs: Math.round(lcp.numericValue!),
      tbtMs: Math.round(tbt.numericValue!),
    };
  } finally {
    await chrome.kill();
  }
}
