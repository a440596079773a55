import { defineConfig } from '@playwright/test';
import { SERVER_FLAGS } from './scripts/server-flags';

const port = Number(process.env.E2E_PORT ?? 3900);
const baseURL = `http://localhost:${port}`;
const dataDir = process.env.E2E_DATA_DIR ?? '.tmp/e2e-data';
/** A second portal with LEGACY_APP_URL set, for the spec's legacy redirects. */
/** The built server, as `npm start` runs it. The first web server builds it when stale (a standalone `npm run test:e2e`); Playwright starts them in turn. */
const SERVER = ['node', ...SERVER_FLAGS, 'dist-server/main.mjs'].join(' '); // as `npm start` runs it (package.json)
const BUILD_AND_SERVE = `node scripts/build-server.mjs --if-stale && ${SERVER}`;
export const LEGACY_PORT = port + 1;
export const LEGACY_HOST = 'http://legacy.example.test';

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 1,
  // One retry absorbs a slow machine's timing; a test that fails twice fails the run (and a retry counts as flaky in the report).
  retries: 1,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [['list'], ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? '.tmp/e2e.json' }]],
  outputDir: '.tmp/playwright',
  use: {
    baseURL,
    // Recording every test costs a slow machine minutes; a failure's retry records one.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    // As a user who asked for less motion (src/global.css): a dialog is where it stays from its first
    // frame, so a click lands on what it aims at, not on the mask around a dialog still zooming in.
    reducedMotion: 'reduce',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-dev-shm-usage'],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: [
    {
      command: BUILD_AND_SERVE,
      url: `${baseURL}/healthz`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: serverEnv(port, dataDir),
    },
    {
      command: SERVER,
      url: `http://localhost:${LEGACY_PORT}/healthz`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: { ...serverEnv(LEGACY_PORT, `${dataDir}-legacy`), LEGACY_APP_URL: LEGACY_HOST },
    },
  ],
});

function serverEnv(p: number, dir: string): Record<string, string> {
  return {
    PORT: String(p),
    HOST: '127.0.0.1',
    DATA_DIR: dir,
    NODE_ENV: 'production',
    // A production build with the README's demo accounts (a production deployment would not seed them).
    DEPLOYMENT: 'demo',
    LOG_LEVEL: 'warn',
    // The real widget and check, with a cheaper proof so each sign-in step is quick on 2 cores.
    ANTISPAM_COST: '200',
    ANTISPAM_MAX_COUNTER: '300',
  };
}
