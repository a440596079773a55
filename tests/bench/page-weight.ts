import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import sirv from 'sirv';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';
import { chromium, type Browser, type Page } from '@playwright/test';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROME_FLAGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking'];
const kb = (bytes: number) => Math.round(bytes / 102.4) / 10;

export const launch = (): Promise<Browser> => chromium.launch({ executablePath: CHROMIUM, args: CHROME_FLAGS });

/** Gzipped JS a page loads: every script response from navigation until `until` resolves, on a cold cache. */
export async function scriptWeight(
  page: Page,
  url: string,
  until: (page: Page) => Promise<unknown>,
): Promise<{ kb: number; files: number }> {
  const sizes: Promise<number>[] = [];
  let counting = true;
  page.on('response', (res) => {
    if (counting && res.request().resourceType() === 'script')
      sizes.push(
        res
          .body()
          .then((b) => gzipSync(b).length)
          .catch(() => 0),
      );
  });
  await page.goto(url);
  await until(page);
  counting = false;
  const all = await Promise.all(sizes);
  return { kb: kb(all.reduce((a, b) => a + b, 0)), files: all.length };
}

/**
 * Gzipped JS a page asked for before it could be used: scripts whose request started before a
 * button named `buttonName` entered the DOM (timed in the page by a MutationObserver, against
 * Resource Timing). What the page fetches after that, it did not need to become interactive.
 */
export async function scriptWeightBeforeButton(
  page: Page,
  url: string,
  buttonName: string,
): Promise<{ kb: number; files: number }> {
  await page.addInitScript((name: string) => {
    const w = window as unknown as { __readyAt?: number };
    new MutationObserver((_, observer) => {
      if ([...document.querySelectorAll('button')].some((b) => b.textContent?.trim() === name)) {
        w.__readyAt = performance.now();
        observer.disconnect();
      }
    }).observe(document, { childList: true, subtree: true });
  }, buttonName);
  const bodies = new Map<string, Promise<number>>();
  page.on('response', (res) => {
    if (res.request().resourceType() === 'script')
      bodies.set(
        res.url(),
        res
          .body()
          .then((b) => gzipSync(b).length)
          .catch(() => 0),
      );
  });
  await page.goto(url);
  await page.getByRole('button', { name: buttonName }).waitFor();
  await page.waitForLoadState('networkidle');
  const early: string[] = await page.evaluate(() => {
    const readyAt = (window as unknown as { __readyAt: number }).__readyAt;
    return performance
      .getEntriesByType('resource')
      .filter((e) => e.startTime <= readyAt && /\.m?js(\?|$)/.test(e.name))
      .map((e) => e.name);
  });
  const sizes = await Promise.all(early.map((u) => bodies.get(u) ?? Promise.resolve(0)));
  return { kb: kb(sizes.reduce((a, b) => a + b, 0)), files: sizes.length };
}

/** The anchor: a plain antd Form page built with our Vite config; all its JS is loaded before it is interactive. */
export async function anchorPageWeight(outDir: string): Promise<number> {
  await build({
    configFile: path.resolve('vite.config.ts'),
    root: path.resolve('tests/bench/anchor-page'),
    base: './',
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true },
  });
  const js = readdirSync(path.join(outDir, 'assets')).filter((f) => f.endsWith('.js'));
  return kb(js.reduce((sum, f) => sum + gzipSync(readFileSync(path.join(outDir, 'assets', f))).length, 0));
}

/**
 * The anchor page's build served on loopback as our server serves the portal (sirv, with the
 * precompressed files), so Lighthouse can measure it beside the portal's pages in the same hour.
 */
export async function servePage(dir: string): Promise<{ url: string; close: () => Promise<void> }> {
  const files = sirv(dir, { single: true, gzip: true, brotli: true });
  const server = createServer((req, res) =>
    files(req, res, () => {
      res.writeHead(404).end();
    }),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
