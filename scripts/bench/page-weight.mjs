// Page weight in Chromium: the JavaScript each screen downloads (needs /usr/bin/chromium).
import fs from 'node:fs';
import zlib from 'node:zlib';
import { figure } from './lib.mjs';

const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;

/**
 * JavaScript each screen downloads, gzipped as a server or CDN would send it: the login page alone, then the
 * first console page after signing in (the shell plus the category list). Needs /usr/bin/chromium.
 */
export async function pageWeights(ctx) {
  const { token, origin } = ctx;
  if (!fs.existsSync('/usr/bin/chromium')) return [figure('page JS (gzip)', 'skipped: no /usr/bin/chromium')];
  const { chromium } = await import('@playwright/test');
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  try {
    const page = await browser.newPage();
    const seen = new Map();
    page.on('response', async (response) => {
      if (!response.url().endsWith('.js')) return;
      const body = await response.body().catch(() => null);
      if (body) seen.set(response.url(), zlib.gzipSync(body, { level: 9 }).length);
    });
    const total = () => [...seen.values()].reduce((a, b) => a + b, 0);
    await page.goto(`${origin}/user/login`, { waitUntil: 'networkidle' });
    const login = { bytes: total(), files: seen.size };
    await page.evaluate(
      (value) =>
        localStorage.setItem('Authorization', JSON.stringify({ value, expire: Date.now() + 3_600_000 })),
      token,
    );
    await page.goto(`${origin}/user`, { waitUntil: 'networkidle' });
    await page.locator('tbody tr.ant-table-row').first().waitFor();
    return [
      figure('login page JS (gzip)', `${kib(login.bytes)} in ${login.files} files`),
      figure('first console page JS, shell + category list (gzip)', `${kib(total())} in ${seen.size} files`),
    ];
  } finally {
    await browser.close();
  }
}
