import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { migrateDatabase } from '../src/db/database.ts';
import { seed } from '../src/seed.ts';
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

it('a restart on a seeded database asks the database once, in one statement, before serving', async () => {
  const { pool } = server.database;
  const query = vi.spyOn(pool, 'query');
  const connect = vi.spyOn(pool, 'connect');
  try {
    const report = await seed(server.database.db, { adminPassword: 'another-password-1' });
    expect(report.stepsApplied).toEqual([]);
    expect(query).toHaveBeenCalledTimes(1);
    expect(connect).not.toHaveBeenCalled();
  } finally {
    query.mockRestore();
    connect.mockRestore();
  }
});

it('a restart still brings back a missing built-in role and the admin role grants of this version', async () => {
  await server.database.pool.query(`DELETE FROM roles WHERE id = 'operator'`);
  await server.database.pool.query(`UPDATE roles SET grants = '{}' WHERE id = 'admin'`);
  const report = await seed(server.database.db, {});
  expect(report).toMatchObject({ rolesCreated: 1, rolesUpdated: 1 });
  expect((await seed(server.database.db, {})).rolesCreated).toBe(0);
});

it('a restart on a migrated database learns it in two statements, without a transaction', async () => {
  const { pool } = server.database;
  const query = vi.spyOn(pool, 'query');
  const connect = vi.spyOn(pool, 'connect');
  try {
    await migrateDatabase(server.database);
    expect(query).toHaveBeenCalledTimes(2);
    expect(connect).not.toHaveBeenCalled();
  } finally {
    query.mockRestore();
    connect.mockRestore();
  }
});
