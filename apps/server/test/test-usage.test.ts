import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestServer, type TestServer } from './helpers.ts';

// Records and orders arrive with later issues; stand in for them so the delete rule can be seen working.
vi.mock('../src/modules/tests/usage.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('../src/modules/tests/usage.ts')>();
  return {
    ...original,
    testUsage: async (_db: unknown, testId: number) => ({
      records: testId === 1 ? 3 : 0,
      orders: testId === 1 ? 1 : 0,
    }),
  };
});

let server: TestServer;
let admin: string;

beforeAll(async () => {
  server = await createTestServer();
  admin = await server.login();
});
afterAll(() => server.close());

describe('deleting a used test', () => {
  it('is refused with 409 and a clear message; archiving (off the shelf) works instead', async () => {
    const res = await server.call(admin, { method: 'DELETE', url: '/api/tests/1' });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(
      'This test has 3 records and 1 orders, so it cannot be deleted. Take it off the shelf to archive it instead.',
    );
    expect((await server.call(admin, { method: 'GET', url: '/api/tests/1' })).status).toBe(200);
    const off = await server.call(admin, { method: 'POST', url: '/api/tests/1/unpublish' });
    expect(off.body.result.status).toBe('off_shelf');
    expect((await server.call(admin, { method: 'DELETE', url: '/api/tests/2' })).status).toBe(200);
  });
});
