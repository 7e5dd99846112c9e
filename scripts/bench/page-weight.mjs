// Page weight in Chromium: the JavaScript each screen downloads (needs /usr/bin/chromium).
import fs from 'node:fs';
import zlib from 'node:zlib';
import { figure } from './lib.mjs';

const KIB = 1024;
/**
 * Floors from issue 8, measured the same way on bare builds: React with an antd form in a card, and a bare antd
 * console (layout, menu, table, modal form, tabs, dropdown).
 */
const LOGIN = { floor: 188.7, budget: 220 };
const CONSOLE = { floor: 330.8, budget: 360 };

export const launchChromium = async () => {
  const { chromium } = await import('@playwright/test');
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
};

const weight = (name, kib, files, { floor, budget }) =>
  figure(name, kib, 'KiB', {
    floor,
    budget: `<= ${budget} KiB`,
    pass: kib <= budget,
    note: `${files} files`,
  });

/**
 * JavaScript each screen downloads, gzipped as a server or CDN would send it: the login page alone, then the
 * first console page after signing in (the shell plus the category list). BENCH_CHUNKS=1 also prints each
 * file's share (the table issue 8's closing note shows).
 */
export async function pageWeights(ctx) {
  const { token, origin } = ctx;
  if (!fs.existsSync('/usr/bin/chromium')) return [figure('page JS (gzip)', 'skipped: no /usr/bin/chromium')];
  const browser = await launchChromium();
  try {
    const page = await browser.newPage();
    const seen = new Map();
    page.on('response', async (response) => {
      if (!response.url().endsWith('.js')) return;
      const body = await response.body().catch(() => null);
      if (body) seen.set(response.url(), zlib.gzipSync(body, { level: 9 }).length);
    });
    const total = () => [...seen.values()].reduce((a, b) => a + b, 0) / KIB;
    await page.goto(`${origin}/user/login`, { waitUntil: 'networkidle' });
    const login = { kib: total(), files: new Set(seen.keys()) };
    await page.evaluate(
      (value) =>
        localStorage.setItem('Authorization', JSON.stringify({ value, expire: Date.now() + 3_600_000 })),
      token,
    );
    await page.goto(`${origin}/user`, { waitUntil: 'networkidle' });
    await page.locator('tbody tr.ant-table-row').first().waitFor();
    if (process.env.BENCH_CHUNKS) {
      console.log('\n| file | KiB gzip | login page |');
      for (const [url, bytes] of [...seen].sort((a, b) => b[1] - a[1]))
        console.log(
          `| ${url.split('/').pop()} | ${(bytes / KIB).toFixed(1)} | ${login.files.has(url) ? 'x' : ''} |`,
        );
    }
    return [
      weight('login page JS (gzip)', login.kib, login.files.size, LOGIN),
      weight('first console page JS, shell + category list (gzip)', total(), seen.size, CONSOLE),
    ];
  } finally {
    await browser.close();
  }
}
