import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { E2E_WORKERS, serverOf } from './e2e/servers.ts';

// Workers inherit the main process's env, so the temp dir and password are created once per run.
process.env.E2E_ADMIN_PASSWORD ??= 'e2e-Admin-pass-1';
process.env.E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'cool-e2e-'));
// Debian's chromium-headless-shell (the old headless mode Playwright itself runs by default) takes about 15%
// less CPU than the full browser in headless mode; the full browser serves when only it is installed.
const CHROMIUM =
  process.env.CHROMIUM_PATH ||
  ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((file) => fs.existsSync(file)) ||
  '/usr/bin/chromium';
const SERVERS = Array.from({ length: E2E_WORKERS }, (_, slot) => serverOf(slot));
// The JSON report and traces are named by the first port when E2E_PORT is set, so runs sharing a machine
// (each on its own ports) do not overwrite each other's.
const RUN = process.env.E2E_PORT ? `-${serverOf(0).port}` : '';

export default defineConfig({
  testDir: './e2e',
  // Per port, so runs sharing a machine do not wipe each other's traces.
  outputDir: `.test-output/playwright-artifacts${RUN}`,
  // A spec's tests run in order, on one worker; each worker has its own server (e2e/servers.ts).
  fullyParallel: false,
  workers: E2E_WORKERS,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: `.test-output/playwright${RUN}.json` }]],
  use: {
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
      executablePath: CHROMIUM,
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
  webServer: SERVERS.map((server, slot) => ({
    command: 'node apps/server/dist/main.js',
    url: `${server.baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    env: {
      PORT: String(server.port),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(process.env.E2E_DATA_DIR!, String(slot)),
      ADMIN_PASSWORD: process.env.E2E_ADMIN_PASSWORD!,
      // Mailed links and third-party sign-in come back to the address the browser uses (a session is per origin).
      PUBLIC_URL: server.baseURL,
      // The local fakes the specs start while they run (e2e/payments.ts, e2e/third-party.spec.ts).
      WECHATPAY_API_BASE: `http://127.0.0.1:${server.wechatPayPort}`,
      WECOM_LOGIN_BASE: `http://127.0.0.1:${server.wecomPort}`,
      WECOM_API_BASE: `http://127.0.0.1:${server.wecomPort}`,
      // The specs' SMTP server listens on 127.0.0.1.
      SMTP_ALLOW_PRIVATE: 'true',
    },
  })),
});
