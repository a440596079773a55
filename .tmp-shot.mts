import { chromium } from 'playwright';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startProcess, httpOk } from '/work/main/tests/bench/processes';
import { signIn } from '/work/main/tests/bench/sessions';
const port = 3872; const base = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'shot-'));
const s = await startProcess('dist-server/main.mjs', { PORT: String(port), HOST: '127.0.0.1', NODE_ENV: 'production', DEPLOYMENT: 'demo', LOG_LEVEL: 'warn', ANTISPAM_PROVIDER: 'off', DATA_DIR: dataDir, DATABASE_URL: '' }, httpOk(`${base}/healthz`), () => {});
const cookie = await signIn(base, path.join(dataDir, 'outbox'), 'admin@harbourview.example');
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu','--disable-background-networking'] });
for (const [w, h] of [[1440, 900], [390, 844]]) {
  const ctx = await browser.newContext({ viewport: { width: w, height: h } });
  await ctx.addCookies(cookie.split('; ').map((p) => { const i = p.indexOf('='); return { name: p.slice(0, i), value: p.slice(i + 1), url: base }; }));
  const page = await ctx.newPage();
  for (const route of process.argv.slice(2)) {
    await page.goto(`${base}${route}`);
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(500);
    await page.screenshot({ path: `/work/main/.tmp/shots/page-${route.replace(/\W+/g, '_')}-${w}.png`, fullPage: true });
  }
}
await browser.close(); await s.stop();
