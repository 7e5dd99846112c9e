// Page weight in Chromium: the JavaScript each screen downloads (needs /usr/bin/chromium).
import fs from 'node:fs';
import zlib from 'node:zlib';
import { floorWeights } from './floor.mjs';
import { figure } from './lib.mjs';

const KIB = 1024;
/** Where signing in lands (docs/spec.md section 2: `/` redirects to /game; HOME_PATH in packages/shared). */
const HOME_PATH = '/game';
/** Budgets for a build that rewrites none of antd's imports; their floors are built and weighed in the same run (floor.mjs). */
const LOGIN_BUDGET = 230;
const CONSOLE_BUDGET = 400;

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

const weight = (name, kib, files, { floor, budget, note = '' }) =>
  figure(name, kib, 'KiB', {
    floor,
    budget: `<= ${budget} KiB`,
    pass: kib <= budget,
    note: `${files} files${note}`,
  });

/**
 * JavaScript a browser downloads to show `target` (after the login page, in the same tab), gzipped as a server or
 * CDN would send it; with no target, the login page alone.
 */
async function weigh(browser, { origin, token }, target) {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const seen = new Map();
    page.on('response', async (response) => {
      if (!response.url().endsWith('.js')) return;
      const body = await response.body().catch(() => null);
      if (body) seen.set(response.url(), zlib.gzipSync(body, { level: 9 }).length);
    });
    await page.goto(`${origin}/user/login`, { waitUntil: 'networkidle' });
    const login = new Set(seen.keys());
    if (target) {
      await page.evaluate(
        (value) =>
          localStorage.setItem('Authorization', JSON.stringify({ value, expire: Date.now() + 3_600_000 })),
        token,
      );
      await page.goto(`${origin}${target}`, { waitUntil: 'networkidle' });
      await page.locator('tbody tr.ant-table-row').first().waitFor();
    }
    return { kib: [...seen.values()].reduce((a, b) => a + b, 0) / KIB, seen, login };
  } finally {
    await context.close();
  }
}

/**
 * JavaScript each screen downloads: the login page; the console's home (/game, the tests list), where signing in
 * lands; and the category list, the figure earlier runs reported as the first console page. BENCH_CHUNKS=1 also
 * prints each file of the home's and the category list's download, as a table.
 */
export async function pageWeights(ctx) {
  if (!fs.existsSync('/usr/bin/chromium')) return [figure('page JS (gzip)', 'skipped: no /usr/bin/chromium')];
  const floors = await floorWeights();
  // Both console pages beside the bare console's floor, with the stack's in the note.
  const consolePage = {
    floor: floors.console,
    budget: CONSOLE_BUDGET,
    note: `; floor with the stack's libraries (router, query, i18next, zod/mini, zustand, dayjs) ${floors.stack.toFixed(0)} KiB`,
  };
  const browser = await launchChromium();
  try {
    const login = await weigh(browser, ctx);
    const home = await weigh(browser, ctx, HOME_PATH);
    const categories = await weigh(browser, ctx, '/user');
    if (process.env.BENCH_CHUNKS)
      for (const [name, weighed] of [
        ['home', home],
        ['category list', categories],
      ]) {
        console.log(`\n${name}\n| file | KiB gzip | login page |`);
        for (const [url, bytes] of [...weighed.seen].sort((a, b) => b[1] - a[1]))
          console.log(
            `| ${url.split('/').pop()} | ${(bytes / KIB).toFixed(1)} | ${weighed.login.has(url) ? 'x' : ''} |`,
          );
      }
    return [
      weight('login page JS (gzip)', login.kib, login.seen.size, {
        floor: floors.login,
        budget: LOGIN_BUDGET,
      }),
      weight('first console page JS: home, the tests list (gzip)', home.kib, home.seen.size, consolePage),
      weight('console page JS: category list (gzip)', categories.kib, categories.seen.size, consolePage),
    ];
  } finally {
    await browser.close();
  }
}
