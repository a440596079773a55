import { FIRST_READS_ID } from '../../resources/first-screen';
import type { Latency } from './rates-bench';

/** What the server takes to answer a signed-in page drawn (server/http/first-screen.ts), and the same address's plain page. */
export type FirstScreenBench = { address: string; firstMs: number; drawn: Latency; plain: Latency };

const TIMED = 50;
const WARM = 10;

/**
 * A signed-in page's HTML, one request at a time as a browser asks for it (Brotli), against the same
 * address with no session (the built page as it is, sirv): the first drawn answer (the first of all
 * loads the drawer, the first of a page its chunk) on its own, then p50 and p95 of 50 after 10
 * unmeasured. An answer that is not drawn (no reads in it) is a failed measurement, never a time.
 */
export async function firstScreenTimes(base: string, cookie: string, address: string): Promise<FirstScreenBench> {
  const url = `${base}${address}`;
  const once = async (withSession: boolean) => {
    const started = performance.now();
    const res = await fetch(url, { headers: { 'accept-encoding': 'br', ...(withSession ? { cookie } : {}) } });
    const html = await res.text();
    const ms = performance.now() - started;
    const drawn = html.includes(`id="${FIRST_READS_ID}"`);
    if (!res.ok || drawn !== withSession)
      throw new Error(`${url} ${withSession ? 'was not drawn' : 'was drawn with no session'} (${res.status})`);
    return ms;
  };
  const firstMs = Math.round(await once(true));
  const times = async (withSession: boolean): Promise<Latency> => {
    const all: number[] = [];
    for (let i = 0; i < WARM + TIMED; i++) {
      const ms = await once(withSession);
      if (i >= WARM) all.push(ms);
    }
    all.sort((a, b) => a - b);
    const at = (q: number) => Math.round(all[Math.min(all.length - 1, Math.floor(q * all.length))] * 10) / 10;
    return { p50: at(0.5), p95: at(0.95), samples: all.length };
  };
  return { address, firstMs, drawn: await times(true), plain: await times(false) };
}
