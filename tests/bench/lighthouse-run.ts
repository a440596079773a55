import lighthouse from 'lighthouse';
import { throttling } from 'lighthouse/core/config/constants.js';
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
  /** A signed-in page's LCP with parts of the simulated network lifted (`lcpParts`). */
  lcpParts?: LcpParts;
};
type OneRun = Omit<PageScore, 'scores'>;

/**
 * Where a page's LCP goes in Lighthouse's simulation of the phone (1.6 Mbit/s, 150 ms round trips,
 * 4× CPU): its LCP with the bandwidth limit lifted (round trips and CPU kept), and with the whole
 * network limit lifted (the CPU's slowdown alone). LCP minus the first is the bandwidth's part; the
 * first minus the second the round trips'; the second the main thread's and the server's.
 */
export type LcpParts = { bandwidthFreeMs: number; networkFreeMs: number };
const PHONE = throttling.mobileSlow4G;
/** The simulation reads `throughputKbps` and `rttMs` (the other fields are for real throttling): 1 Gbit/s and 1 ms it never waits on. */
const BANDWIDTH_FREE = { ...PHONE, throughputKbps: 1_000_000 };
const NETWORK_FREE = { ...BANDWIDTH_FREE, rttMs: 1 };
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

/** One run with a score (on the phone's network, or on `network`), or Lighthouse's reason after a second try. */
async function measured(url: string, cookie?: string, network?: typeof PHONE): Promise<OneRun | PageScoreFailure> {
  const first = await lighthouseOnce(url, cookie, network);
  if ('score' in first) return first;
  const again = await lighthouseOnce(url, cookie, network);
  return 'score' in again ? again : { error: `Lighthouse could not measure ${url}: ${again.error}` };
}

/** One run each with the bandwidth limit and with the whole network limit lifted (see `LcpParts`), or the reason one failed twice. */
export async function lcpParts(url: string, cookie?: string): Promise<LcpParts | PageScoreFailure> {
  const bandwidthFree = await measured(url, cookie, BANDWIDTH_FREE);
  if ('error' in bandwidthFree) return { error: `Lighthouse without the bandwidth limit: ${bandwidthFree.error}` };
  const networkFree = await measured(url, cookie, NETWORK_FREE);
  if ('error' in networkFree) return { error: `Lighthouse without the network limit: ${networkFree.error}` };
  return { bandwidthFreeMs: bandwidthFree.lcpMs, networkFreeMs: networkFree.lcpMs };
}

async function lighthouseOnce(
  url: string,
  cookie?: string,
  network?: typeof PHONE,
): Promise<OneRun | PageScoreFailure> {
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
      ...(network ? { throttling: network } : {}),
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
