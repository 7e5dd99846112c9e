import { and, eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, messages } from '../src/db/schema.ts';
import { JOBS } from '../src/jobRegistry.ts';
import { useJobQueue } from '../src/jobs/background.ts';
import { type Jobs, startJobs } from '../src/jobs/jobs.ts';
import { createTestServer, type TestServer } from './helpers.ts';

// Recovery mail through the job queue, as a running server sends it (the other recovery tests run it in-process).
let server: TestServer;
let jobs: Jobs;

beforeAll(async () => {
  server = await createTestServer();
  // The server's own queue settings: nothing here makes it poll faster than a server does.
  jobs = await startJobs(server.database, Fastify({ logger: false }).log, JOBS);
  useJobQueue(jobs);
});
afterAll(async () => {
  useJobQueue(null);
  await jobs.stop();
  await server.close();
});

const recover = async (email: string) => {
  const res = await server.call(null, { method: 'POST', url: '/api/account/recover', payload: { email } });
  expect(res.status).toBe(200);
};
const mailed = async (email: string) =>
  (
    await server.database.db
      .select({ id: messages.id })
      .from(messages)
      .where(and(eq(messages.recipient, email), eq(messages.kind, 'recovery-link')))
  ).length;
const queuedFor = async (email: string) =>
  (
    await server.database.pool.query(
      `select count(*)::int as n from pgboss.job where name = 'recovery-mail' and data->>'email' = $1`,
      [email],
    )
  ).rows[0].n as number;

async function staffWithEmail(email: string) {
  const { id } = await server.accountWithRole('viewer');
  await server.database.db.update(accounts).set({ email }).where(eq(accounts.id, id));
}

describe('recovery mail through the job queue', () => {
  it('mails a real user within seconds, however many requests for other addresses came first', async () => {
    await staffWithEmail('real@example.com');
    for (let i = 0; i < 30; i++) await recover(`stranger${i}@example.com`);
    const asked = Date.now();
    await recover('real@example.com');
    while ((await mailed('real@example.com')) === 0 && Date.now() - asked < 15_000) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(await mailed('real@example.com')).toBe(1);
    expect(Date.now() - asked).toBeLessThan(6000);
  });

  it('queues one mail for many requests for the same address', async () => {
    await staffWithEmail('asked-often@example.com');
    await Promise.all(Array.from({ length: 20 }, () => recover('asked-often@example.com')));
    await recover('ASKED-OFTEN@example.com');
    expect(await queuedFor('asked-often@example.com')).toBe(1);
  });
});
