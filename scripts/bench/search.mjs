// Name search on the seeded rows: `ILIKE '%text%'` on both names, answered through the API one at a time.
import { figure, load, percentile, request } from './lib.mjs';

// Matches a dozen of the seeded "Category <n>" / "分类<n>" rows.
const TERM = '12345';

/**
 * The search's statement on the database itself (before the app starts): its execution time as the engine
 * reports it (EXPLAIN ANALYZE), median of 20, so waiting for a busy machine's CPU is left out.
 */
export async function searchSql(ctx, pool) {
  const times = [];
  for (let i = 0; i < 21; i++) {
    const { rows } = await pool.query(
      `explain (analyze, format json)
       select id from categories where name_zh ilike $1 or name_en ilike $1 order by sort_order, id limit 20`,
      [`%${TERM}%`],
    );
    times.push(rows[0]['QUERY PLAN'][0]['Execution Time']);
  }
  ctx.floors.searchSql = percentile(times.slice(1), 50);
}

export async function search(ctx) {
  const { base, headers } = ctx;
  const found = await load(
    () => request(`${base}/categories?pageNo=1&pageSize=20&name=${TERM}`, { headers }),
    {
      concurrency: 1,
      seconds: 2,
    },
  );
  const p50 = percentile(found.latencies, 50);
  const statement = ctx.floors.searchSql;
  return [
    figure(`name search statement at ${ctx.rows} rows, execution median`, statement, 'ms', {
      budget: '<= 10 ms',
      pass: statement <= 10,
      note: `whole request (sign-in check, page, no count) p50 ${p50.toFixed(1)} ms, p99 ${percentile(found.latencies, 99).toFixed(1)} ms`,
    }),
  ];
}
