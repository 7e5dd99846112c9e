import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { Grants } from '@cool/shared';
import type { FastifyInstance, InjectOptions } from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/app.ts';
import { type Config, loadConfig } from '../src/config.ts';
import { type Database, migrateDatabase, openDatabase } from '../src/db/database.ts';
import { roles } from '../src/db/schema.ts';
import type { LogStream } from '../src/http/logging.ts';
import { seed } from '../src/seed.ts';
import { ADMIN_PASSWORD, EMPTY_DUMP, SEEDED_DUMP } from './template.ts';

export { ADMIN_PASSWORD };

type TestDatabase = Database & { url?: string };

/** A new database on TEST_DATABASE_URL's server, copied from `template` (else PostgreSQL's empty one). */
async function createPostgresDatabase(serverUrl: string, template?: string): Promise<TestDatabase> {
  const name = `cool_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString() });
  const close = database.close;
  return {
    ...database,
    url: url.toString(),
    async close() {
      await close();
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/** The run's template dump `file` (template.ts), when the run made them. */
const dumpOf = (file: string) => {
  const dir = process.env.TEST_TEMPLATE_DUMPS;
  return dir ? path.join(dir, file) : undefined;
};

/** A fresh, empty database per test file: in-memory PGlite, or a new database on TEST_DATABASE_URL's server. */
export async function openTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) return createPostgresDatabase(serverUrl);
  return openDatabase({ fromDump: dumpOf(EMPTY_DUMP) });
}

/**
 * A fresh database as `migrateDatabase` and `seed` with ADMIN_PASSWORD leave it: a copy of the run's
 * template (template.ts), or made so when the run has none.
 */
export async function openSeededTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  const template = process.env.TEST_TEMPLATE_DATABASE;
  if (serverUrl && template) return createPostgresDatabase(serverUrl, template);
  const dump = dumpOf(SEEDED_DUMP);
  if (!serverUrl && dump) return openDatabase({ fromDump: dump });
  const database = await openTestDatabase();
  await migrateDatabase(database);
  await seed(database.db, { adminPassword: ADMIN_PASSWORD });
  return database;
}

export interface TestServer {
  app: FastifyInstance;
  database: Database;
  /** Signs in and returns the session token. */
  login(username?: string, password?: string): Promise<string>;
  /** `app.inject` with the token in the Authorization header and the body parsed. */
  call(
    token: string | null,
    options: InjectOptions,
  ): Promise<{ status: number; body: any; headers: Record<string, unknown> }>;
  /** Creates an account of the given role (making the role when `grants` is given) and signs it in. */
  accountWithRole(roleId: string, grants?: Grants): Promise<{ id: number; username: string; token: string }>;
  close(): Promise<void>;
}

/** `logStream`: the server logs there (at `info`) instead of not at all. */
export async function createTestServer(
  overrides: Partial<Config> = {},
  { logStream }: { logStream?: LogStream } = {},
): Promise<TestServer> {
  const database = await openSeededTestDatabase();
  // Every injected request comes from one address; the rate limit has its own test.
  const config = loadConfig({}, { webDist: undefined, rateLimitMax: 0, ...overrides });
  const app = await buildApp(config, logStream ? { logStream, database } : { logger: false, database });
  await app.ready();

  const call: TestServer['call'] = async (token, options) => {
    const response = await app.inject({
      ...options,
      headers: { ...(token ? { authorization: token } : {}), ...options.headers },
    });
    let body: unknown = response.body;
    try {
      body = response.json();
    } catch {
      // Not JSON (e.g. HTML); keep the text.
    }
    return { status: response.statusCode, body, headers: response.headers };
  };

  const login: TestServer['login'] = async (username = 'admin', password = ADMIN_PASSWORD) => {
    const res = await call(null, {
      method: 'POST',
      url: '/api/account/login',
      payload: { username, password },
    });
    if (res.status !== 200)
      throw new Error(`login ${username} failed: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.result.token as string;
  };

  let counter = 0;
  const accountWithRole: TestServer['accountWithRole'] = async (roleId, grants) => {
    if (grants)
      await database.db.insert(roles).values({ id: roleId, name: roleId, grants }).onConflictDoNothing();
    const adminToken = await login();
    const username = `${roleId}_${++counter}_${randomBytes(3).toString('hex')}`;
    const res = await call(adminToken, {
      method: 'POST',
      url: '/api/accounts',
      payload: { username, name: username, password: 'secret-pass-1', roleId },
    });
    if (res.status !== 201) throw new Error(`create ${username}: ${res.status} ${JSON.stringify(res.body)}`);
    return { id: res.body.result.id, username, token: await login(username, 'secret-pass-1') };
  };

  return {
    app,
    database,
    login,
    call,
    accountWithRole,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/** A multipart/form-data body with one file field, for `server.call`. */
export function multipart(
  content: Buffer | string,
  filename = 'file.bin',
  contentType = 'application/octet-stream',
  field = 'file',
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----cool${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\n` +
        `Content-Type: ${contentType}\r\n\r\n`,
    ),
    Buffer.isBuffer(content) ? content : Buffer.from(content),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
