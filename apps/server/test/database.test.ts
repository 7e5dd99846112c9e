import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { type Database, migrateDatabase, openDatabase } from '../src/db/database.ts';
import { DataDirLockedError } from '../src/db/lock.ts';
import { seed } from '../src/seed.ts';
import { createTestServer, type TestServer } from './helpers.ts';

let server: TestServer;

beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

const snapshot = async () => {
  const { rows } = await server.database.pool.query(`
    SELECT (SELECT count(*) FROM roles) AS roles, (SELECT count(*) FROM accounts) AS accounts,
           (SELECT count(*) FROM categories) AS categories, (SELECT count(*) FROM seed_log) AS steps,
           (SELECT string_agg(password_hash, ',') FROM accounts) AS hashes,
           (SELECT string_agg(grants::text, ',' ORDER BY id) FROM roles) AS grants`);
  return rows[0];
};

describe('migrations and seeding', () => {
  it('a second run changes nothing', async () => {
    const before = await snapshot();
    await migrateDatabase(server.database);
    const report = await seed(server.database.db, { adminPassword: 'another-password' });
    expect(report).toMatchObject({ rolesCreated: 0, rolesUpdated: 0, adminCreated: false, stepsApplied: [] });
    expect(await snapshot()).toEqual(before);
  });

  it('seeds the built-in scales once, on the shelf, filed under the demo categories', async () => {
    const { rows } = await server.database.pool.query(`
      SELECT t.builtin_key, t.status, t.version, count(q.id)::int AS questions,
        (SELECT string_agg(c.name_en, ',' ORDER BY c.name_en) FROM test_categories tc
           JOIN categories c ON c.id = tc.category_id WHERE tc.test_id = t.id) AS categories
      FROM tests t LEFT JOIN questions q ON q.test_id = t.id GROUP BY t.id ORDER BY t.id`);
    expect(rows).toEqual([
      { builtin_key: 'phq-9', status: 'on_shelf', version: 1, questions: 9, categories: 'Emotional health' },
      {
        builtin_key: 'gad-7',
        status: 'on_shelf',
        version: 1,
        questions: 7,
        categories: 'Anxiety and stress',
      },
      {
        builtin_key: 'zung-sds',
        status: 'on_shelf',
        version: 1,
        questions: 20,
        categories: 'Emotional health',
      },
      {
        builtin_key: 'zung-sas',
        status: 'on_shelf',
        version: 1,
        questions: 20,
        categories: 'Anxiety and stress',
      },
      { builtin_key: 'mini-ipip', status: 'on_shelf', version: 1, questions: 20, categories: 'Personality' },
      {
        builtin_key: 'typology-demo',
        status: 'on_shelf',
        version: 1,
        questions: 8,
        categories: 'Career,Personality',
      },
    ]);
  });

  it('never overwrites or brings back a built-in test staff edited or deleted', async () => {
    await server.database.pool.query(
      `UPDATE tests SET title_en = 'Edited by staff' WHERE builtin_key = 'phq-9'`,
    );
    await server.database.pool.query(`DELETE FROM tests WHERE builtin_key = 'gad-7'`);
    await seed(server.database.db, {});
    const { rows } = await server.database.pool.query(
      `SELECT builtin_key, title_en FROM tests WHERE builtin_key IN ('phq-9', 'gad-7')`,
    );
    expect(rows).toEqual([{ builtin_key: 'phq-9', title_en: 'Edited by staff' }]);
  });

  it('does not bring back demo categories that staff deleted', async () => {
    await server.database.db.execute(sql`DELETE FROM test_categories`);
    await server.database.db.execute(sql`DELETE FROM categories`);
    await seed(server.database.db, {});
    const { rows } = await server.database.pool.query('SELECT count(*)::int AS n FROM categories');
    expect(rows[0].n).toBe(0);
  });

  it('generates an admin password when none is configured', async () => {
    const database = await openDatabase({});
    try {
      await migrateDatabase(database);
      const report = await seed(database.db, {});
      expect(report.adminCreated).toBe(true);
      expect(report.generatedAdminPassword).toMatch(/^[\w-]{16}$/);
    } finally {
      await database.close();
    }
  });
});

describe('health', () => {
  it('answers 200 with the database state when ready', async () => {
    const res = await server.call(null, { method: 'GET', url: '/api/health' });
    expect(res.status).toBe(200);
    expect(res.body.result).toMatchObject({ status: 'ok', database: { state: 'up' } });
  });

  it('answers 503 while the database is not ready, and other routes too', async () => {
    const app = await buildApp(loadConfig({}, { webDist: undefined }), { logger: false });
    try {
      const health = await app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(503);
      expect(health.json()).toMatchObject({
        code: 503,
        success: false,
        result: { database: { state: 'down' } },
      });
      const login = await app.inject({
        method: 'POST',
        url: '/api/account/login',
        payload: { username: 'admin', password: 'whatever' },
      });
      expect(login.statusCode).toBe(503);
    } finally {
      await app.close();
    }
  });
});

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('embedded data directory', () => {
  it('persists data across restarts and refuses a second user of the same directory', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cool-data-'));
    try {
      const first = await openDatabase({ dataDir });
      await migrateDatabase(first);
      await seed(first.db, { adminPassword: 'persisted-1' });
      await expect(openDatabase({ dataDir })).rejects.toBeInstanceOf(DataDirLockedError);
      await expect(openDatabase({ dataDir })).rejects.toThrow(/in use by another process/);
      await first.close();

      const second = await openDatabase({ dataDir });
      try {
        const { rows } = await second.pool.query(
          "SELECT count(*)::int AS n FROM accounts WHERE username = 'admin'",
        );
        expect(rows[0].n).toBe(1);
      } finally {
        await second.close();
      }
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('takes over a lock left by a process that died', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cool-data-'));
    try {
      fs.writeFileSync(path.join(dataDir, 'cool-evaluation.lock'), '999999');
      const database = await openDatabase({ dataDir });
      await database.close();
      expect(fs.existsSync(path.join(dataDir, 'cool-evaluation.lock'))).toBe(false);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('migration lock', () => {
  it('lets one server at a time migrate and seed', async () => {
    const other = await openDatabase({ url: (server.database as { url?: string }).url });
    try {
      const steps: string[] = [];
      const hold = (database: typeof other, name: string) =>
        database.exclusive(async () => {
          steps.push(`${name} in`);
          await new Promise((resolve) => setTimeout(resolve, 300));
          steps.push(`${name} out`);
        });
      await Promise.all([hold(server.database, 'a'), hold(other, 'b')]);
      expect([
        ['a in', 'a out', 'b in', 'b out'],
        ['b in', 'b out', 'a in', 'a out'],
      ]).toContainEqual(steps);
    } finally {
      await other.close();
    }
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('PostgreSQL connections', () => {
  it('compile no statement just in time (it cost the year of visits more than it saved)', async () => {
    const { rows } = await server.database.pool.query('show jit');
    expect(rows[0].jit).toBe('off');
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('COPY on PostgreSQL', () => {
  // One connection, so every statement of a test runs on the one the COPY had.
  let database: Database;
  /** Connections the pool threw away instead of taking back. */
  let dropped = 0;
  beforeAll(async () => {
    const { url } = server.database as Database & { url: string };
    database = await openDatabase({ url, poolMax: 1, statementTimeoutMs: 300 });
    database.pool.on('remove', () => dropped++);
  });
  afterAll(() => database.close());

  const copied = async (statement: SQL) => (await buffer((await database.copyOut!(statement))!)).toString();
  const settingOf = async (name: string) => (await database.pool.query(`show ${name}`)).rows[0][name];
  const givenBack = () => vi.waitFor(() => expect(database.pool.idleCount).toBe(1));

  it('streams without the statement timeout, and leaves the connection as it found it', async () => {
    expect(await copied(sql`copy (select 1 from pg_sleep(0.5)) to stdout with (format csv)`)).toBe('1\n');
    await givenBack();
    expect(await settingOf('statement_timeout')).toBe('300ms');
    expect(dropped).toBe(0);
  });

  it('writes its values into the statement as text, whatever standard_conforming_strings is', async () => {
    const text = "O'Brien \\ 50% \\n";
    await database.pool.query('set standard_conforming_strings = off');
    try {
      expect(await copied(sql`copy (select ${text}::text) to stdout with (format csv)`)).toBe(`${text}\n`);
    } finally {
      await database.pool.query('reset standard_conforming_strings');
    }
  });

  it('fails with the statement, and gives the connection back', async () => {
    await expect(copied(sql`copy (select 1 / 0) to stdout`)).rejects.toMatchObject({ code: '22012' });
    await givenBack();
    expect(await settingOf('statement_timeout')).toBe('300ms');
    expect(dropped).toBe(0);
  });

  it('leaves the connections past its share to other requests: a second download meanwhile gets none', async () => {
    const statement = sql`copy (select 1) to stdout with (format csv)`;
    const first = (await database.copyOut!(statement))!;
    expect(database.copyOut!(statement)).toBeUndefined();
    expect((await buffer(first)).toString()).toBe('1\n');
    await givenBack();
    expect(await copied(statement)).toBe('1\n');
  });

  it('destroyed before its end (its reader went away), cancels the COPY and gives the connection back', async () => {
    const out = (await database.copyOut!(
      sql`copy (select repeat('x', 1000) from generate_series(1, 100000)) to stdout with (format csv)`,
    ))!;
    for await (const _ of out) break;
    await givenBack();
    expect(await settingOf('statement_timeout')).toBe('300ms');
    const { rows } = await database.pool.query('select 1 as one');
    expect(rows).toEqual([{ one: 1 }]);
    expect(dropped).toBe(0);
  });
});
