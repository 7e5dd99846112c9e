import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

// E2E_PORT lets several runs share a machine; WEB_DIST (inherited by the server) picks the console build.
const PORT = Number(process.env.E2E_PORT ?? 8123);
const E2E_BASE_URL = `http://127.0.0.1:${PORT}`;

// Workers inherit the main process's env, so the temp dir and password are created once per run.
process.env.E2E_ADMIN_PASSWORD ??= 'e2e-Admin-pass-1';
process.env.E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'cool-e2e-'));
// The server calls WeChat Pay here; e2e/orders.spec.ts starts the local fake on this port while it runs.
process.env.WECHATPAY_API_BASE ??= `http://127.0.0.1:${PORT + 1}`;
// Mailed links and third-party sign-in come back to the address the browser uses (a session is per origin).
process.env.PUBLIC_URL ??= E2E_BASE_URL;
// Staff sign-in through WeChat Work goes here; e2e/third-party.spec.ts starts the local fake while it runs.
process.env.WECOM_LOGIN_BASE ??= `http://127.0.0.1:${PORT + 5}`;
process.env.WECOM_API_BASE ??= `http://127.0.0.1:${PORT + 5}`;

export default defineConfig({
  testDir: './e2e',
  // Per port, so runs sharing a machine do not wipe each other's traces.
  outputDir: `.test-output/playwright-artifacts${process.env.E2E_PORT ? `-${PORT}` : ''}`,
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [
    ['list'],
    ['json', { outputFile: `.test-output/playwright${process.env.E2E_PORT ? `-${PORT}` : ''}.json` }],
  ],
  use: {
    baseURL: E2E_BASE_URL,
    locale: 'en-US',
    timezoneId: 'UTC',
    viewport: { width: 1280, height: 800 },
    // The console then turns antd's animations off (App.tsx): a click never lands on an opening dialog or
    // menu, and a screenshot never catches one half open, so no spec waits for them.
    reducedMotion: 'reduce',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    browserName: 'chromium',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
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
  webServer: {
    command: 'node apps/server/dist/main.js',
    url: `${E2E_BASE_URL}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: process.env.E2E_DATA_DIR,
      ADMIN_PASSWORD: process.env.E2E_ADMIN_PASSWORD,
      // The specs' SMTP server listens on 127.0.0.1.
      SMTP_ALLOW_PRIVATE: 'true',
    },
  },
});
