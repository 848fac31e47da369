import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import {
  E2E_CHROMIUM,
  E2E_DATA_DIR,
  E2E_PORT,
  E2E_SHOPIFY_API_SECRET,
  E2E_SHOPIFY_ORIGIN,
  E2E_SHOPIFY_PORT,
  E2E_SMTP_INBOX,
  E2E_SMTP_PORT,
} from './e2e/support/env';

const root = path.resolve(import.meta.dirname, '..', '..');

/**
 * Browser journeys in Debian's Chromium (its headless shell: support/env.ts) against the app started the way `npm start` starts
 * it, on a fresh embedded database (DESIGN §3). No browser is downloaded.
 */
export default defineConfig({
  testDir: './e2e',
  outputDir: path.join(root, '.tmp', `e2e-results-${E2E_PORT}`),
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: [
    ['list'],
    [
      'json',
      {
        outputFile:
          process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? path.join(root, '.tmp', 'playwright.json'),
      },
    ],
  ],
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    // No trace: recording one costs a third of the run's time on a 2-core machine. To
    // look into a failure, run again with `--trace retain-on-failure` (or `on`).
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: E2E_CHROMIUM,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: [
    {
      // The mail server the app sends to: every e-mail of the journeys travels over SMTP.
      command: `node apps/web/e2e/support/smtp-peer.mjs ${E2E_SMTP_PORT} "${E2E_SMTP_INBOX}"`,
      cwd: root,
      port: E2E_SMTP_PORT,
      timeout: 30_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      // The stand-in Shopify store (issue 13): the demo store of 240 products, its shipping
      // rates, and the orders the app creates in it.
      command: `npx tsx apps/server/scripts/fake-shopify.ts --port ${E2E_SHOPIFY_PORT}`,
      cwd: root,
      url: `${E2E_SHOPIFY_ORIGIN}/_fake/calls`,
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: `rm -rf "${E2E_DATA_DIR}" && node scripts/start.mjs`,
      cwd: root,
      url: `http://127.0.0.1:${E2E_PORT}/readyz`,
      timeout: 240_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(E2E_PORT),
        HOST: '127.0.0.1',
        DATA_DIR: E2E_DATA_DIR,
        PUBLIC_URL: `http://127.0.0.1:${E2E_PORT}`,
        DATABASE_URL: '',
        SMTP_URL: `smtp://127.0.0.1:${E2E_SMTP_PORT}`,
        // Many logins from one address in one minute: the limit itself is tested in the API tests.
        RATE_LIMIT_MAX: '500',
        LOG_LEVEL: 'warn',
        SHOPIFY_ADMIN_ORIGIN: E2E_SHOPIFY_ORIGIN,
        SHOPIFY_API_SECRET: E2E_SHOPIFY_API_SECRET,
        // A product sync and an order push are picked up within half a second.
        JOBS_POLL_SECONDS: '0.5',
      },
    },
  ],
});
