import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { seed } from '../src/db/seed.ts';
import { createTestServer, type TestServer } from './helpers.ts';

const hashes = vi.hoisted(() => ({ count: 0 }));
vi.mock('../src/modules/auth/passwords.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('../src/modules/auth/passwords.ts')>();
  return {
    ...original,
    hashPassword: (password: string) => {
      hashes.count++;
      return original.hashPassword(password);
    },
  };
});

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

it('a restart on a seeded database computes no password hash (argon2 is slow on purpose)', async () => {
  const before = hashes.count;
  await seed(server.database.db, { adminPassword: 'another-password-1' });
  expect(hashes.count).toBe(before);
});
