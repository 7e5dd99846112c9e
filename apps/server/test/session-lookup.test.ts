import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { createTestServer, type TestServer } from './helpers.ts';

let server: TestServer;
let token: string;

beforeAll(async () => {
  server = await createTestServer();
  token = await server.login();
});
afterAll(() => server.close());

const signedIn = () => server.call(token, { method: 'GET', url: '/api/categories' });

it('looks the session up with a named prepared statement, so each connection plans it once', async () => {
  const query = vi.spyOn(server.database.pool, 'query');
  try {
    expect((await signedIn()).status).toBe(200);
    expect(query.mock.calls.some(([config]) => (config as { name?: string }).name === 'live_session')).toBe(
      true,
    );
  } finally {
    query.mockRestore();
  }
});

it('still finds sessions on a new connection, on the embedded database too (its connections share one engine)', async () => {
  expect((await signedIn()).status).toBe(200);
  // Drop the pool's connection as after a network error: the next one starts without parsed statements.
  const client = await server.database.pool.connect();
  client.release(true);
  expect((await signedIn()).status).toBe(200);
  expect((await signedIn()).status).toBe(200);
});

it('refuses a revoked session on the very next request', async () => {
  const other = await server.login();
  expect((await server.call(other, { method: 'GET', url: '/api/categories' })).status).toBe(200);
  expect((await server.call(other, { method: 'POST', url: '/api/auth/logout' })).status).toBe(200);
  expect((await server.call(other, { method: 'GET', url: '/api/categories' })).status).toBe(401);
});

it('reads the session once for requests that come with one token while its lookup is under way', async () => {
  const query = vi.spyOn(server.database.pool, 'query');
  try {
    const answers = await Promise.all(Array.from({ length: 8 }, signedIn));
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
    const lookups = query.mock.calls.filter(
      ([config]) => (config as { name?: string }).name === 'live_session',
    );
    // Before: one lookup per request.
    expect(lookups.length).toBeLessThan(8);
  } finally {
    query.mockRestore();
  }
});
