#!/usr/bin/env node
// The bench's floor: bare Fastify + pg answering a category page with the same SQL as the app (page the ids
// on the sort index, then read those rows with their test count) and nothing else: no sign-in, no
// validation, no count. DATABASE_URL, or DATA_DIR's embedded database run as the app runs it.
import Fastify from 'fastify';
import { connect } from './lib.mjs';

const db = await connect(
  process.env.DATABASE_URL ? { url: process.env.DATABASE_URL } : { dataDir: process.env.DATA_DIR },
);
const app = Fastify({ logger: false });

app.get('/ready', async () => ({ ok: true }));

app.get('/categories', async (request) => {
  const pageNo = Number(request.query.pageNo ?? 1);
  const pageSize = Number(request.query.pageSize ?? 20);
  const ids = await db.pool.query(
    'select id from categories order by sort_order asc, id asc limit $1 offset $2',
    [pageSize, (pageNo - 1) * pageSize],
  );
  const rows = await db.pool.query(
    `select c.*, (select count(*)::int from test_categories tc where tc.category_id = c.id) as test_count
     from categories c where c.id = any($1) order by c.sort_order asc, c.id asc`,
    [ids.rows.map((r) => r.id)],
  );
  return { pageNo, pageSize, data: rows.rows };
});

await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
const stop = async () => {
  await app.close();
  await db.close();
  process.exit(0);
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
