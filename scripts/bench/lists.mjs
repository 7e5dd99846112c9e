// Category list pages on the seeded rows, against the bare route's page 1 (scripts/bench/bare-server.mjs).
import { figure, json, load, percentile, request, timed } from './lib.mjs';

export const PAGE_SIZE = 20;
/**
 * Page 1 is the first load on a freshly started server, for the bare route and the app alike: both warm up
 * this long first, so neither figure holds the one-off work of a cold start (the app's first count of the
 * whole table took 670 ms on the embedded database, longer than the default half-second warm-up). Two seconds
 * still left the app's warm-up in the PostgreSQL figure: page 1 ran 0.67x the bare route, then page 10,000
 * right after it ran faster than page 1 had; warmed up 6 s, the same build ran page 1 at 0.94x.
 */
const PAGE1_WARMUP_SECONDS = 6;

/**
 * Floors: the bare route's page-1 throughput on the same data, and how long a trivial route of the same
 * process takes meanwhile (what this machine allows /api/health under list load).
 */
export async function listFloor(ctx) {
  const pings = [];
  let listing = true;
  const pinger = (async () => {
    while (listing) {
      pings.push(await timed(() => request(`${ctx.bareBase}/ready`)));
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  const page1 = await load(() => request(`${ctx.bareBase}/categories?pageNo=1&pageSize=${PAGE_SIZE}`), {
    warmup: PAGE1_WARMUP_SECONDS,
  });
  listing = false;
  await pinger;
  ctx.floors.listPage1 = page1.rps;
  ctx.floors.healthP99 = percentile(pings, 99);
}

export async function lists(ctx) {
  const { base, headers } = ctx;
  const url = (query) => `${base}/categories?pageSize=${PAGE_SIZE}&${query}`;
  const get = (query) => () => request(url(query), { headers });
  const page1 = await load(get('pageNo=1'), { warmup: PAGE1_WARMUP_SECONDS });
  const lastPage = Math.ceil(ctx.rows / PAGE_SIZE);
  // The console steps page by page with the cursor of the page before: take page (last - 1)'s, once.
  const before = await json(url(`pageNo=${lastPage - 1}`), { headers });
  const byCursor = await load(get(`pageNo=${lastPage}&cursor=${before.result.nextCursor}`));
  const middle = await load(get(`pageNo=${Math.round(lastPage / 2)}`));
  const filtered = await load(get('pageNo=1&status=disabled'));
  const ratio = (r) => page1.rps / r.rps;
  const deep = (name, r) =>
    figure(name, ratio(r), 'x', {
      budget: '<= 1.50 x page 1',
      pass: ratio(r) <= 1.5,
      note: `${r.rps.toFixed(0)} req/s`,
    });
  return [
    figure(`list page 1 of ${ctx.rows} rows (8 in flight)`, page1.rps, 'req/s', {
      floor: ctx.floors.listPage1,
      budget: '>= 0.80 x floor',
      pass: page1.rps >= 0.8 * ctx.floors.listPage1,
      note: `p50 ${percentile(page1.latencies, 50).toFixed(1)} ms, ${(page1.rps / ctx.floors.listPage1).toFixed(2)} x floor, total ${before.result.totalCount}`,
    }),
    deep(`list page ${lastPage} by cursor, cost vs page 1`, byCursor),
    deep(`list page ${Math.round(lastPage / 2)} by number (no cursor), cost vs page 1`, middle),
    deep('list filtered by status (10% of rows) page 1, cost vs page 1', filtered),
  ];
}
