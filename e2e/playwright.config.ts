import path from 'node:path';
import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3100);
/** E2E_BASE_URL points the journeys at a server already running (e.g. `npm run dev`): no build, no webServer. */
const external = process.env.E2E_BASE_URL;
const root = path.resolve(import.meta.dirname, '..');

/** Run through `npm run test:e2e` (scripts/e2e.mjs), which picks the port, data dir and browser. */
export default defineConfig({
  testDir: './tests',
  outputDir: '../test-results/e2e-artifacts',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  // A page that waits on the server (a sign-up's password hash, a status change, the dashboard's reads) may
  // take more than Playwright's default 5 s on a CI machine running the whole suite; a failing check waits
  // longer before it fails, a passing one does not.
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json']],
  use: {
    baseURL: external ?? `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: external
    ? undefined
    : {
        // scripts/e2e.mjs builds the server bundle and names it here; run by hand, the sources through tsx.
        command: process.env.E2E_SERVER_ENTRY ? `node ${process.env.E2E_SERVER_ENTRY}` : 'node_modules/.bin/tsx apps/server/src/main.ts',
        cwd: root,
        url: `http://127.0.0.1:${port}/api/health`,
        // Migrating and seeding a fresh embedded database takes ~25 s of CPU; on a shared, loaded machine far longer.
        timeout: 240_000,
        reuseExistingServer: false,
        stdout: 'pipe',
        env: {
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: process.env.E2E_DATA_DIR ?? path.join(root, '.e2e-data'),
          NODE_ENV: 'development',
          LOG_LEVEL: 'warn',
          DATABASE_URL: '',
          // The journeys move the business clock themselves (each move runs the days it crosses); the scheduled
          // daily-run job firing on the hour mid-journey would service some of a day's loans behind their back.
          SERVICING_RUN_INTERVAL_MINUTES: '0',
          // The Jobs journey sees an undeliverable e-mail dead-lettered within seconds: one retry, 1 s later.
          MESSAGE_RETRY_LIMIT: '1',
          MESSAGE_RETRY_DELAY_SECONDS: '1',
        },
      },
});
