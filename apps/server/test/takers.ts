import type { TestVersionSnapshot } from '@cool/shared';
import { expect } from 'vitest';
import { tests, testVersions } from '../src/db/schema.ts';
import type { TestServer } from './helpers.ts';

/** Participants taking tests, for the records, client and alerts API tests. */

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
export type Client = (method: Method, url: string, payload?: object) => ReturnType<TestServer['call']>;

/** A new anonymous participant (POST /api/client/session): its calls under /api/client, and its token. */
export async function participant(
  server: TestServer,
  nickname?: string,
): Promise<Client & { token: string }> {
  const res = await server.call(null, { method: 'POST', url: '/api/client/session', payload: {} });
  expect(res.status).toBe(201);
  const token: string = res.body.result.token;
  const client: Client = (method, url, payload) =>
    server.call(token, { method, url: `/api/client${url}`, ...(payload && { payload }) });
  if (nickname) expect((await client('PUT', '/me', { nickname })).status).toBe(200);
  return Object.assign(client, { token });
}

/** The id of a seeded built-in scale. */
export async function builtinId(server: TestServer, admin: string, key: string): Promise<number> {
  const res = await server.call(admin, { method: 'GET', url: '/api/tests?pageSize=100' });
  return res.body.result.data.find((t: { builtinKey: string }) => t.builtinKey === key).id;
}

/** Starts a record of the test and submits these answers; the submitted record. */
export async function take(client: Client, testId: number, answers: (number | number[] | null)[]) {
  const started = await client('POST', '/records', { testId });
  expect(started.status).toBe(201);
  const submitted = await client('POST', `/records/${started.body.result.id}/submit`, { answers });
  expect(submitted.status).toBe(200);
  return submitted.body.result;
}

/** PHQ-9 answered 0 everywhere but item 9 (thoughts of self-harm), which raises an alert above 0. */
export const phq = (item9: number) => [0, 0, 0, 0, 0, 0, 0, 0, item9];

/** A version of the first test stored as it is given (for records written straight to the database). */
export async function storedVersion(server: TestServer, version: number, snapshot: TestVersionSnapshot) {
  const db = server.database.db;
  const [test] = await db.select({ id: tests.id }).from(tests).limit(1);
  const [stored] = await db
    .insert(testVersions)
    .values({ testId: test!.id, version, snapshot })
    .returning({ id: testVersions.id });
  return { testId: test!.id, versionId: stored!.id };
}
