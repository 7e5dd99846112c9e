import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import type { Database } from '../src/db/database.ts';
import { prepareDatabase } from '../src/server.ts';
import { ADMIN_PASSWORD, openTestDatabase } from './helpers.ts';

// A server and its PostgreSQL started together: the server waits for it, for a bounded time, and says so.

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A port nothing listens on (yet). */
async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** From `delayMs` on, `port` forwards to PostgreSQL at `target`: PostgreSQL "starting" late. */
function startLate(port: number, target: URL, delayMs: number) {
  const sockets = new Set<net.Socket>();
  const proxy = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => {});
      socket.on('close', () => sockets.delete(socket));
    }
    client.pipe(upstream).pipe(client);
  });
  const timer = setTimeout(() => proxy.listen(port, '127.0.0.1'), delayMs);
  cleanups.push(async () => {
    clearTimeout(timer);
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => proxy.close(resolve));
  });
}

const configFor = (databaseUrl: string, env: NodeJS.ProcessEnv = {}) =>
  loadConfig(env, { databaseUrl, adminPassword: ADMIN_PASSWORD, webDist: undefined, logLevel: 'silent' });

describe('waiting for PostgreSQL at start', () => {
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'waits for a PostgreSQL that starts a few seconds after the server, saying so, then migrates and seeds it',
    async () => {
      const target = await openTestDatabase();
      cleanups.push(() => target.close());
      const late = new URL(target.url!);
      late.hostname = '127.0.0.1';
      late.port = String(await freePort());
      startLate(Number(late.port), new URL(target.url!), 3000);

      const log: string[] = [];
      const started = Date.now();
      const database: Database = await prepareDatabase(configFor(late.toString()), (m) => log.push(m));
      cleanups.push(() => database.close());
      expect(Date.now() - started).toBeGreaterThanOrEqual(2500);
      expect(log[0]).toMatch(
        /PostgreSQL at 127\.0\.0\.1:\d+ is not answering yet .*; trying again for up to 60 s/,
      );
      expect(log).toContainEqual(expect.stringMatching(/PostgreSQL answered after \d+(\.\d)? s/));
      const { rows } = await database.pool.query(
        `SELECT count(*)::int AS n FROM accounts WHERE username = 'admin'`,
      );
      expect(rows[0].n).toBe(1);
    },
    60_000,
  );

  it('gives up after DATABASE_CONNECT_TIMEOUT_S with what it tried', async () => {
    const url = `postgres://cool:secret-password@127.0.0.1:${await freePort()}/nowhere`;
    const log: string[] = [];
    const started = Date.now();
    const failure = await prepareDatabase(configFor(url, { DATABASE_CONNECT_TIMEOUT_S: '2' }), (m) =>
      log.push(m),
    ).catch((error: Error) => error);
    expect(failure).toBeInstanceOf(Error);
    expect((failure as Error).message).toMatch(
      /PostgreSQL at 127\.0\.0\.1:\d+ did not answer within 2 s \(DATABASE_CONNECT_TIMEOUT_S\): .*ECONNREFUSED/,
    );
    expect(Date.now() - started).toBeGreaterThanOrEqual(1900);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(log.join('\n')).not.toContain('secret-password');
    expect((failure as Error).message).not.toContain('secret-password');
  });

  it('refuses a DATABASE_CONNECT_TIMEOUT_S that is not a whole number of seconds', () => {
    expect(() => configFor('postgres://127.0.0.1/x', { DATABASE_CONNECT_TIMEOUT_S: 'soon' })).toThrow(
      /DATABASE_CONNECT_TIMEOUT_S must be an integer/,
    );
  });
});
