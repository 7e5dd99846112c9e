// The participant app's first screen (/h5/, the test list) in Chromium at phone size: the JavaScript it
// downloads, gzipped as a server would send it (needs /usr/bin/chromium).
import fs from 'node:fs';
import zlib from 'node:zlib';
import { figure } from './lib.mjs';
import { launchChromium } from './page-weight.mjs';

const KIB = 1024;
/** The budget: the first screen of /h5/ stays within 150 KiB of JavaScript, gzip. */
const BUDGET = 150;

export async function h5Weight(ctx) {
  if (!fs.existsSync('/usr/bin/chromium')) return [figure('/h5/ JS (gzip)', 'skipped: no /usr/bin/chromium')];
  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ viewport: { width: 375, height: 812 }, locale: 'zh-CN' });
    const seen = new Map();
    page.on('response', async (response) => {
      if (!response.url().endsWith('.js')) return;
      const body = await response.body().catch(() => null);
      if (body) seen.set(response.url(), zlib.gzipSync(body, { level: 9 }).length);
    });
    // A first visit: the anonymous session is started, then the shelf is listed.
    await page.goto(`${ctx.origin}/h5/`, { waitUntil: 'networkidle' });
    await page.locator('.h5-cards a').first().waitFor();
    const kib = [...seen.values()].reduce((a, b) => a + b, 0) / KIB;
    if (process.env.BENCH_CHUNKS) {
      console.log('\n| /h5/ file | KiB gzip |');
      for (const [url, bytes] of [...seen].sort((a, b) => b[1] - a[1]))
        console.log(`| ${url.split('/').pop()} | ${(bytes / KIB).toFixed(1)} |`);
    }
    return [
      figure('/h5/ first screen JS, test list (gzip)', kib, 'KiB', {
        budget: `<= ${BUDGET} KiB`,
        pass: kib <= BUDGET,
        note: `${seen.size} files`,
      }),
    ];
  } finally {
    await browser.close();
  }
}
