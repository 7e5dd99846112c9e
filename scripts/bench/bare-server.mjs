#!/usr/bin/env node
// The bench's floor: bare Fastify + pg answering a category page (and a screening's writes, below) with the same SQL as the app (page the ids
// on the sort index, then read those rows with their test count) and nothing else: no sign-in, no
// validation, no count. DATABASE_URL, or DATA_DIR's embedded database run as the app runs it.
import { randomBytes } from 'node:crypto';
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

// The screening's writes with nothing else (scripts/bench/screening.mjs): a participant and its session, the
// published version read, the record inserted, its answers updated, then marked submitted.
const participantOf = async (token) =>
  (
    await db.pool.query(
      `select participant_id from participant_sessions
       where token_hash = encode(sha256(convert_to($1, 'utf8')), 'hex') and expires_at > now()`,
      [token],
    )
  ).rows[0].participant_id;

app.post('/screen/session', async (_request, reply) => {
  const token = randomBytes(24).toString('base64url');
  await db.pool.query(
    `with p as (insert into participants default values returning id)
     insert into participant_sessions (token_hash, participant_id, expires_at)
     select encode(sha256(convert_to($1, 'utf8')), 'hex'), id, now() + interval '30 days' from p`,
    [token],
  );
  return reply.code(201).send({ result: { token } });
});

app.get('/screen/tests/:id', async (request) => {
  const { rows } = await db.pool.query(
    `select v.snapshot -> 'questions' as questions from tests t
     join test_versions v on v.test_id = t.id and v.version = t.version where t.id = $1`,
    [request.params.id],
  );
  return { result: rows[0] };
});

app.post('/screen/records', async (request, reply) => {
  const participant = await participantOf(request.headers.authorization);
  const { rows } = await db.pool.query(
    `insert into records (participant_id, test_id, test_version_id, answers, price_fen)
     select $1, t.id, v.id, '[]', t.price_fen from tests t
     join test_versions v on v.test_id = t.id and v.version = t.version where t.id = $2 returning id`,
    [participant, request.body.testId],
  );
  return reply.code(201).send({ result: rows[0] });
});

app.put('/screen/records/:id/answers', async (request) => {
  const participant = await participantOf(request.headers.authorization);
  await db.pool.query(
    `update records set answers = $1, updated_at = now()
     where id = $2 and participant_id = $3 and status = 'in_progress'`,
    [JSON.stringify(request.body.answers), request.params.id, participant],
  );
  return { result: { id: Number(request.params.id) } };
});

app.post('/screen/records/:id/submit', async (request) => {
  const participant = await participantOf(request.headers.authorization);
  await db.pool.query(
    `update records set answers = $1, status = 'submitted', submitted_at = now(), updated_at = now()
     where id = $2 and participant_id = $3 and status = 'in_progress'`,
    [JSON.stringify(request.body.answers), request.params.id, participant],
  );
  return { result: { id: Number(request.params.id) } };
});

await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
const stop = async () => {
  await app.close();
  await db.close();
  process.exit(0);
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
