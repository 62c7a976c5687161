import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { chromiumArgs, chromiumPath } from './e2e/support/chromium';

const port = Number(process.env.E2E_PORT ?? 3197);
// The e2e server's DATA_DIR, made once in the main process; workers inherit the variable, so tests can
// read the mail outbox and run `npm run admin` against the same server (see e2e/support/server.ts).
process.env.E2E_PORT = String(port);
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), 'kasuwa-e2e-'));
// The server's whole log (info and above) goes to this file too; the teardown scans it for secrets.
process.env.E2E_LOG_FILE ??= `${process.env.E2E_DATA_DIR}-server.log`;
const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: './e2e',
  testMatch: '**/*.spec.ts',
  globalTeardown: './e2e/support/global-teardown.ts',
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  // Two cores shared by the server, its PostgreSQL and two browsers: journeys of 20–30 s on a quiet
  // run took over 30 s when the machine was busy, so the limits leave room; a hang still fails.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME
    ? [['list'], ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME }]]
    : [['list']],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: chromiumPath, args: chromiumArgs },
  },
  projects: [
    {
      name: 'phone',
      // Journeys tagged for one viewport only (sign-ups are rate limited per address) run once.
      grepInvert: /@desktop-only/,
      use: { ...devices['Pixel 7'], launchOptions: { executablePath: chromiumPath, args: chromiumArgs } },
    },
    {
      name: 'desktop',
      grepInvert: /@phone-only/,
      // Journeys whose screens are the same on both sizes run on the phone only (a seller's main
      // device), to keep CI on two shared cores near a quarter of an hour. Every screen's desktop
      // layout is still walked (routes.spec.ts), and the specs whose layouts differ (the shell, lists
      // as tables, the product editor, orders, settings) run on both.
      testIgnore: [
        '**/blip-buyer.spec.ts',
        '**/blips.spec.ts',
        '**/campaigns.spec.ts',
        '**/checkout.spec.ts',
        '**/coupons.spec.ts',
        '**/help-connect.spec.ts',
        '**/kyc.spec.ts',
        '**/live-scheduling.spec.ts',
        '**/messages.spec.ts',
        '**/returns.spec.ts',
      ],
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: { executablePath: chromiumPath, args: chromiumArgs },
      },
    },
  ],
  webServer: {
    command: 'node scripts/e2e-server.mjs',
    url: `${baseURL}/api/health`,
    // PUBLIC_URL is the origin the browsers use: pay links and payment returns are built from it, and
    // a return to another origin (localhost for 127.0.0.1) would find none of the buyer's storage.
    env: {
      PORT: String(port),
      SEED_DEMO: '1',
      DATA_DIR: process.env.E2E_DATA_DIR,
      PUBLIC_URL: baseURL,
      LOG_FILE: process.env.E2E_LOG_FILE,
    },
    reuseExistingServer: false,
    timeout: 90_000,
    stdout: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
  },
});
