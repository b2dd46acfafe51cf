import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3100);
// A fresh embedded database for every run, seeded with the demo data on first start.
const dataDir = process.env.E2E_DATA_DIR ?? path.join(os.tmpdir(), `aquamall-e2e-${process.pid}-${Date.now()}`);

export default defineConfig({
  testDir: './specs',
  timeout: 60_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list'], ['json']],
  outputDir: './test-results',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    locale: 'zh-CN',
    // The browser's clock runs in UTC, not China: every business date must still be a China day
    // (docs/architecture.md "China time"; the web units run the same flows in Los Angeles and Shanghai).
    timezoneId: 'UTC',
    viewport: { width: 1366, height: 900 },
    // The app honours the system's reduced-motion setting (no antd animations): a click never lands on a modal or
    // a confirmation bubble that is still zooming in, which under CI load could miss it or close it.
    reducedMotion: 'reduce',
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-dev-shm-usage',
      ],
    },
  },
  webServer: {
    command: 'npx tsx ../apps/server/src/main.ts',
    url: `http://127.0.0.1:${port}/api/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // The journeys read codes from the dev outbox and scan with the WeChat sandbox: demo mode, explicitly.
      DEMO: '1',
      SEED_DEMO: '1',
      // The tender journey runs a tender from publishing to the opening in about two minutes: demo mode lowers
      // the sealed-bid windows (platform: 20 and 15 days, decision 0160) to 43 seconds each.
      TENDER_MIN_BID_DAYS: '0.0005',
      TENDER_MIN_CHANGE_DAYS: '0.0005',
      // The 快递100 sandbox plays a parcel's 30-hour route (揽收 → 签收) in about five seconds (docs/operations.md).
      KUAIDI100_SANDBOX_SPEED: '20000',
      DATABASE_URL: '',
      WEB_DIST: process.env.WEB_DIST ?? '',
    },
  },
});
