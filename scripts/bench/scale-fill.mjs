// A year of data of the shapes the service writes, made in SQL (generate_series) in minutes rather than through
// millions of requests. Every record is a copy of a real one: a few records per published test are taken
// through the participant API first (session, start, answers, submit), so answers and reports are what the
// scoring engine writes; the fill then copies them to other participants and days of the year.
import { randomInt } from 'node:crypto';
import { json, request } from './lib.mjs';

/** The sizes of the benchmark's year of data (participants and orders), scaled from the number of records. */
export function yearSizes(records) {
  return {
    records,
    participants: Math.max(1, Math.round(records / 6)),
    orders: Math.round(records / 3),
  };
}

/** Three answer sheets per shelf test, each taken to the end through the client API: first, middle and last options. */
export async function takeTemplates(base) {
  const session = await json(`${base}/client/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ locale: 'zh-CN' }),
  });
  const headers = { authorization: session.result.token, 'content-type': 'application/json' };
  const shelf = await json(`${base}/client/tests?pageSize=100`, { headers });
  const ids = [];
  for (const test of shelf.result.data) {
    const detail = await json(`${base}/client/tests/${test.id}`, { headers });
    for (const pick of ['first', 'middle', 'last']) {
      const answers = detail.result.questions.map((q) => {
        const n = q.options.length;
        const index = pick === 'first' ? 0 : pick === 'last' ? n - 1 : Math.floor(n / 2);
        return q.type === 'multiple' ? [index] : index;
      });
      // One record of a test per participant at a time: a fresh session per sheet.
      const own = await json(`${base}/client/session`, { method: 'POST', headers, body: '{}' });
      const ownHeaders = { ...headers, authorization: own.result.token };
      const started = await json(`${base}/client/records`, {
        method: 'POST',
        headers: ownHeaders,
        body: JSON.stringify({ testId: test.id }),
      });
      const submitted = await request(`${base}/client/records/${started.result.id}/submit`, {
        method: 'POST',
        headers: ownHeaders,
        body: JSON.stringify({ answers }),
      });
      if (submitted.status !== 200)
        throw new Error(`template of test ${test.id}: ${submitted.status} ${submitted.body}`);
      ids.push(started.result.id);
    }
  }
  return ids;
}

const step = async (log, label, pool, text, values = []) => {
  const t = performance.now();
  const result = await pool.query(text, values);
  log(`  ${label}: ${result.rowCount ?? 0} rows in ${((performance.now() - t) / 1000).toFixed(1)} s`);
};

/**
 * Fills `pool` with `sizes` over the year before now: participants, records (85% submitted), alerts for the
 * records whose sheet raised one, orders for records of priced tests (paid, closed, unpaid, refunded,
 * refunding) with their events and refunds. The template records must exist (`takeTemplates`).
 */
export async function fillYear(pool, templateIds, sizes, log = console.log) {
  const seed = randomInt(1_000_000) / 1_000_000;
  await pool.query('select setseed($1)', [seed]);
  await step(
    log,
    'templates',
    pool,
    `create table bench_templates as
       select row_number() over (order by r.test_id, r.id) - 1 as n,
              dense_rank() over (order by r.test_id) - 1 as test_n,
              row_number() over (partition by r.test_id order by r.id) - 1 as variant,
              r.test_id, r.test_version_id, r.price_fen, r.answers, r.report, r.engine_version,
              r.final_score, r.band_level, r.band_colour, r.alert_count,
              (r.report -> 'alerts' -> 0 ->> 'severity') as alert_severity,
              jsonb_build_object('zh', t.title_zh, 'en', t.title_en) as title
       from records r join tests t on t.id = r.test_id where r.id = any($1)`,
    [templateIds],
  );
  const [{ tests }] = (await pool.query('select count(distinct test_id)::int as tests from bench_templates'))
    .rows;
  const [{ first }] = (await pool.query('select coalesce(max(id), 0) + 1 as first from participants')).rows;

  await step(
    log,
    'participants',
    pool,
    `insert into participants (nickname, locale, first_seen_at, last_seen_at, created_at)
     select '参与者' || g, case when g % 4 = 0 then 'en-US' else 'zh-CN' end, t, least(now(), t + (g % 40) * interval '1 day'), t
     from (select g, now() - random() * interval '365 days' as t from generate_series(1, $1) g) s`,
    [sizes.participants],
  );
  // Test by g, sheet by a second draw: 50% first options, 38% middle, 12% last (which raise the alerts).
  await step(
    log,
    'records',
    pool,
    `insert into records (participant_id, test_id, test_version_id, status, answers, report, engine_version,
                          price_fen, unlocked_at, final_score, band_level, band_colour, alert_count,
                          started_at, updated_at, submitted_at)
     select $2::int + ((g::bigint * 7919) % $3)::int, t.test_id, t.test_version_id,
            case when s.submitted then 'submitted' else 'in_progress' end, t.answers,
            case when s.submitted then t.report end, case when s.submitted then t.engine_version end,
            t.price_fen,
            case when s.submitted and (t.price_fen = 0 or s.draw < 0.3) then s.started + interval '6 minutes' end,
            case when s.submitted then t.final_score end, case when s.submitted then t.band_level end,
            case when s.submitted then t.band_colour end, case when s.submitted then t.alert_count else 0 end,
            s.started, s.started + interval '5 minutes', case when s.submitted then s.started + interval '5 minutes' end
     from (select g, now() - random() * interval '365 days' - interval '10 minutes' as started,
                  random() < 0.85 as submitted, random() as draw, random() as sheet
           from generate_series(1, $1) g) s
     join bench_templates t on t.test_n = s.g % $4
      and t.variant = case when s.sheet < 0.5 then 0 when s.sheet < 0.88 then 1 else 2 end`,
    [sizes.records, first, sizes.participants, tests],
  );
  // What each start keeps (records/repository.ts countTaker): who took each test, and how many they are.
  await step(
    log,
    'test takers',
    pool,
    `insert into test_takers (test_id, participant_id)
     select distinct test_id, participant_id from records on conflict do nothing`,
  );
  await step(
    log,
    'test stats',
    pool,
    `insert into test_stats (test_id, participants)
     select test_id, count(*) from test_takers group by test_id
     on conflict (test_id) do update set participants = excluded.participants`,
  );
  await step(
    log,
    'alerts',
    pool,
    `insert into alerts (record_id, severity, status, created_at, updated_at)
     select r.id, coalesce(r.report -> 'alerts' -> 0 ->> 'severity', 'severe'),
            case when r.submitted_at < now() - interval '30 days' then 'closed'
                 when r.id % 3 = 0 then 'contacted' else 'new' end,
            r.submitted_at, r.submitted_at
     from records r
     where r.alert_count > 0 and r.status = 'submitted'
       and not exists (select 1 from alerts a where a.record_id = r.id)`,
  );
  // Orders: the submitted records of priced tests, newest first, up to the size asked.
  await step(
    log,
    'orders',
    pool,
    `insert into orders (order_no, participant_id, record_id, test_id, title, price_fen, amount_fen, channel,
                         status, expires_at, transaction_id, payer_openid, app_id, mch_id, paid_at,
                         refunded_fen, closed_at, created_at, updated_at)
     select 'B' || to_char(o.at, 'YYYYMMDD') || lpad(o.id::text, 12, '0'), o.participant_id, o.id, o.test_id,
            o.title, o.price_fen, o.price_fen, (array['jsapi', 'native', 'h5'])[1 + o.id % 3], o.status,
            o.at + interval '2 hours',
            case when o.status in ('paid', 'refunded', 'refunding') then '42000' || lpad(o.id::text, 23, '0') end,
            case when o.status in ('paid', 'refunded', 'refunding') then 'oBench' || o.participant_id end,
            'wxbench', '1900000001',
            case when o.status in ('paid', 'refunded', 'refunding') then o.at + interval '1 minute' end,
            case when o.status = 'refunded' then o.price_fen else 0 end,
            case when o.status = 'closed' then o.at + interval '2 hours' end,
            o.at, o.at
     from (select r.id, r.participant_id, r.test_id, r.price_fen,
                  jsonb_build_object('zh', t.title_zh, 'en', t.title_en) as title, r.submitted_at as at,
                  case when r.unlocked_at is not null then
                         case when random() < 0.04 then 'refunded' when random() < 0.01 then 'refunding' else 'paid' end
                       when random() < 0.6 or r.submitted_at < now() - interval '2 hours' then 'closed' else 'unpaid' end as status
           from records r join tests t on t.id = r.test_id
           where r.price_fen > 0 and r.status = 'submitted'
           order by r.submitted_at desc limit $1) o`,
    [sizes.orders],
  );
  await step(
    log,
    'order events',
    pool,
    `insert into order_events (order_id, from_status, to_status, cause, notification_id, detail, created_at)
     select id, null, 'unpaid', 'client', null, '{}'::jsonb, created_at from orders where order_no like 'B%'
     union all
     select id, 'unpaid', 'paid', 'notification', 'bench-' || id, '{}'::jsonb, paid_at from orders
      where order_no like 'B%' and paid_at is not null`,
  );
  await step(
    log,
    'refunds',
    pool,
    `insert into refunds (order_id, out_refund_no, refund_id, accepted_at, amount_fen, reason, status,
                          succeeded_at, created_at, updated_at)
     select id, 'R' || order_no, '50300' || lpad(id::text, 24, '0'), paid_at + interval '1 day', amount_fen,
            '用户申请', case when status = 'refunded' then 'success' else 'processing' end,
            case when status = 'refunded' then paid_at + interval '1 day' end,
            paid_at + interval '1 day', paid_at + interval '1 day'
     from orders where order_no like 'B%' and status in ('refunded', 'refunding')`,
  );
  await pool.query('drop table bench_templates');
  await step(log, 'analyze', pool, 'analyze');
}
