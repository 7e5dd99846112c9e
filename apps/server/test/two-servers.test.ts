import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { JOBS } from '../src/jobRegistry.ts';
import { defineJob } from '../src/jobs/jobs.ts';
import { REFUSALS_LOGGED_PER_MINUTE } from '../src/modules/orders/notifications.ts';
import { type RunningServer, startServer } from '../src/server.ts';
import { ADMIN_PASSWORD, openTestDatabase } from './helpers.ts';
import { startS3 } from './s3.ts';

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('two servers'),
]);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// Both servers run in this process, so one array sees every run, whichever server took it.
const runs: number[] = [];

let database: Awaited<ReturnType<typeof openTestDatabase>>;
let s3: Awaited<ReturnType<typeof startS3>>;
let servers: RunningServer[] = [];
const base = (server: RunningServer) => {
  const address = server.app.server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
};

describe.skipIf(!process.env.TEST_DATABASE_URL)('two servers on one PostgreSQL', () => {
  beforeAll(async () => {
    [database, s3] = await Promise.all([openTestDatabase(), startS3()]);
    // A job due once an hour, at a minute that has just begun (boot leaves 20 s of it at worst): it must run
    // once in the test, not twice.
    if (new Date().getUTCSeconds() > 40) await sleep((61 - new Date().getUTCSeconds()) * 1000);
    const hourly = defineJob({
      name: 'test-hourly',
      cron: `${new Date().getUTCMinutes()} * * * *`,
      async run() {
        runs.push(Date.now());
      },
    });
    const config = loadConfig(
      {},
      {
        port: 0,
        host: '127.0.0.1',
        databaseUrl: database.url,
        adminPassword: ADMIN_PASSWORD,
        s3: s3.s3,
        webDist: undefined,
        logLevel: 'silent',
      },
    );
    // At the same moment, on a database neither has migrated: they take turns at the migration lock.
    servers = await Promise.all(
      [1, 2].map(() => startServer(config, { jobs: [...JOBS, hourly], jobOptions: { pollSeconds: 1 } })),
    );
  }, 90_000);

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await Promise.all([database?.close(), s3?.close()]);
  });

  it('both boot on one migrated, seeded database', async () => {
    expect(servers).toHaveLength(2);
    const { rows } = await database.pool.query(
      `SELECT (SELECT count(*)::int FROM accounts WHERE username = 'admin') AS admins,
              (SELECT count(*)::int FROM drizzle.__drizzle_migrations) AS migrations`,
    );
    expect(rows[0].admins).toBe(1);
    expect(rows[0].migrations).toBeGreaterThan(0);
  });

  it('a session started on one server works on the other', async () => {
    const [first, second] = servers.map(base) as [string, string];
    const login = await fetch(`${first}/api/account/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }),
    });
    expect(login.status).toBe(200);
    const { token } = ((await login.json()) as { result: { token: string } }).result;
    const me = await fetch(`${second}/api/user/info`, { headers: { authorization: token } });
    expect(me.status).toBe(200);

    const form = new FormData();
    form.append('file', new Blob([PNG], { type: 'image/png' }), 'cover.png');
    const upload = await fetch(`${first}/api/uploads`, {
      method: 'POST',
      headers: { authorization: token },
      body: form,
    });
    expect(upload.status).toBe(201);
    const { url } = ((await upload.json()) as { result: { url: string } }).result;
    const image = await fetch(`${second}${url}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await image.arrayBuffer()).equals(PNG)).toBe(true);
  });

  it('a session signed out on one server is refused by the other on its next request', async () => {
    const [first, second] = servers.map(base) as [string, string];
    const login = await fetch(`${first}/api/account/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }),
    });
    const { token } = ((await login.json()) as { result: { token: string } }).result;
    const headers = { authorization: token };
    expect((await fetch(`${second}/api/user/info`, { headers })).status).toBe(200);
    expect((await fetch(`${first}/api/auth/logout`, { method: 'POST', headers })).status).toBe(200);
    expect((await fetch(`${second}/api/user/info`, { headers })).status).toBe(401);
  });

  it('writes refused notifications to the payment log against one limit, whichever server gets them', async () => {
    // A minute the test cannot run past, so the count is exact.
    await database.pool.query(
      `INSERT INTO pay_log_refusals (operation, minute, count) VALUES ('notify.payment', now() + interval '1 hour', 0)
       ON CONFLICT (operation) DO UPDATE SET minute = excluded.minute, count = 0`,
    );
    const { rows } = await database.pool.query('SELECT coalesce(max(id), 0)::int AS last FROM pay_log');
    const sent = 2 * REFUSALS_LOGGED_PER_MINUTE;
    const answers = await Promise.all(
      Array.from({ length: sent }, (_, i) =>
        fetch(`${base(servers[i % 2]!)}/api/pay/wechat/notify`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{}',
        }),
      ),
    );
    // WeChat Pay is not set up here: each is refused as such.
    expect(new Set(answers.map((answer) => answer.status))).toEqual(new Set([503]));
    const logged = await database.pool.query(
      "SELECT count(*)::int AS n FROM pay_log WHERE operation = 'notify.payment' AND id > $1",
      [rows[0].last],
    );
    expect(logged.rows[0].n).toBe(REFUSALS_LOGGED_PER_MINUTE);
  });

  it('runs a scheduled job once, on one of them', async () => {
    const deadline = Date.now() + 20_000;
    while (runs.length === 0 && Date.now() < deadline) await sleep(250);
    // Long enough for both servers to poll the schedule and the queue several times over.
    await sleep(4000);
    expect(runs).toHaveLength(1);
  });
});
