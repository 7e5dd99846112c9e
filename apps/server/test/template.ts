/**
 * Vitest globalSetup of the `api` project, after scripts/vitest-postgres.mjs: migrates and seeds one template
 * database per run, which helpers.ts copies for each test file instead of migrating and seeding its own.
 *
 * - PGlite: an in-memory engine, dumped by PGlite (`dumpDataDir`) twice: empty (just made) and migrated and
 *   seeded; a test file's in-memory database loads a dump (`fromDump`), skipping initdb too.
 * - PostgreSQL (TEST_DATABASE_URL): a database of its own, which `CREATE DATABASE ... TEMPLATE` copies.
 *
 * The test workers start after this and inherit TEST_TEMPLATE_DUMPS (the dumps' directory) or
 * TEST_TEMPLATE_DATABASE (the template's name); without them helpers.ts makes each database from scratch.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type Database, migrateDatabase, openDatabase } from '../src/db/database.ts';
import type { Embedded } from '../src/db/pglite.ts';
import { seed } from '../src/seed.ts';

/** The admin's password in every seeded test database. */
export const ADMIN_PASSWORD = 'admin-test-password';
/** The dumps' files in TEST_TEMPLATE_DUMPS. */
export const EMPTY_DUMP = 'empty.tar';
export const SEEDED_DUMP = 'seeded.tar';

async function migrateAndSeed(database: Database) {
  try {
    await migrateDatabase(database);
    await seed(database.db, { adminPassword: ADMIN_PASSWORD });
  } finally {
    await database.close();
  }
}

/**
 * The engine runs on this thread (the app's worker thread, pglite-worker.mjs, serves the same socket), so it
 * is dumped as it is, without closing and starting it again.
 */
async function pgliteTemplate() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cool-test-template-'));
  const remove = () => fs.rmSync(dir, { recursive: true, force: true });
  process.once('exit', remove);
  // Loaded here only: the test files reach PGlite through the app's worker thread.
  const [{ PGlite }, { pg_trgm }, { PGLiteSocketServer }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('@electric-sql/pglite-socket'),
  ]);
  const engine = await PGlite.create({ extensions: { pg_trgm } });
  // Uncompressed: each test file loads one.
  const dump = async (file: string) =>
    fs.writeFileSync(
      path.join(dir, file),
      Buffer.from(await (await engine.dumpDataDir('none')).arrayBuffer()),
    );
  try {
    await dump(EMPTY_DUMP);
    const port = 5432;
    const server = new PGLiteSocketServer({ db: engine, path: path.join(dir, `.s.PGSQL.${port}`) });
    await server.start();
    const embedded: Embedded = {
      host: dir,
      port,
      ping: () => engine.query('SELECT 1').then(() => 0),
      stop: () => server.stop(),
    };
    await migrateAndSeed(await openDatabase({ embedded: Promise.resolve(embedded) }));
    await dump(SEEDED_DUMP);
  } catch (error) {
    remove();
    throw error;
  } finally {
    await engine.close();
  }
  process.env.TEST_TEMPLATE_DUMPS = dir;
  return () => {
    delete process.env.TEST_TEMPLATE_DUMPS;
    remove();
  };
}

async function adminQuery(serverUrl: string, statement: string) {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

async function postgresTemplate(serverUrl: string) {
  const name = `cool_template_${randomBytes(6).toString('hex')}`;
  const drop = () => adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await adminQuery(serverUrl, `CREATE DATABASE ${name}`);
  try {
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    // Closing it ends every connection: a template being copied must have none.
    await migrateAndSeed(await openDatabase({ url: url.toString() }));
  } catch (error) {
    await drop();
    throw error;
  }
  process.env.TEST_TEMPLATE_DATABASE = name;
  return async () => {
    delete process.env.TEST_TEMPLATE_DATABASE;
    await drop().catch(() => {
      // The throwaway cluster may already be gone.
    });
  };
}

export default async function setup() {
  const serverUrl = process.env.TEST_DATABASE_URL;
  return serverUrl ? postgresTemplate(serverUrl) : pgliteTemplate();
}
