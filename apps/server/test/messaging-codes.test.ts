import { CODE_MAX_TRIES, CODE_RESEND_SECONDS } from '@cool/shared';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, verificationCodes } from '../src/db/schema.ts';
import { SYSTEM_ACTOR } from '../src/db/tx.ts';
import { HttpError } from '../src/http/reply.ts';
import { type CodeRequest, checkCode, requireCode, sendCode } from '../src/modules/messaging/codes.ts';
import { MESSAGE_KEEP_DAYS, purgeMessagingJob } from '../src/modules/messaging/jobs.ts';
import { createTestServer, type TestServer } from './helpers.ts';

let server: TestServer;
let phones = 0;

beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

const ctx = (ip = '203.0.113.1') => ({ db: server.database.db, actor: { ...SYSTEM_ACTOR, ip } });
const newPhone = () => `+86139${String(++phones).padStart(8, '0')}`;
const send = (target: string, changes: Partial<CodeRequest> = {}, ip?: string) =>
  sendCode(ctx(ip), { purpose: 'sign-in', channel: 'sms', target, language: 'en-US', ...changes });
const check = (target: string, code: string) =>
  checkCode(ctx(), { purpose: 'sign-in', channel: 'sms', target, code });
/** The code in the newest outbox message to the target. */
const codeIn = async (target: string) => {
  const [row] = await server.database.db
    .select({ body: messages.body })
    .from(messages)
    .where(eq(messages.recipient, target))
    .orderBy(sql`${messages.id} desc`)
    .limit(1);
  return /(\d{6})/.exec(row?.body ?? '')?.[1] ?? '';
};
/** Moves the target's codes back in time, as if sent that long ago. */
const age = (target: string, ms: number) =>
  server.database.db
    .update(verificationCodes)
    .set({ createdAt: sql`${verificationCodes.createdAt} - ${`${ms} milliseconds`}::interval` })
    .where(eq(verificationCodes.target, target));
const failure = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (error) {
    if (error instanceof HttpError) return error;
  }
  throw new Error('expected an HttpError');
};

describe('verification codes', () => {
  it('sends 6 digits that work once', async () => {
    const phone = newPhone();
    expect(await send(phone)).toEqual({ resendAfterSeconds: CODE_RESEND_SECONDS });
    const code = await codeIn(phone);
    expect(code).toMatch(/^\d{6}$/);
    expect(await check(phone, code)).toBe(true);
    expect(await check(phone, code)).toBe(false);
  });

  it('keeps a code for its purpose and target only', async () => {
    const phone = newPhone();
    await send(phone);
    const code = await codeIn(phone);
    expect(await checkCode(ctx(), { purpose: 'recover', channel: 'sms', target: phone, code })).toBe(false);
    expect(await check(newPhone(), code)).toBe(false);
    await expect(
      requireCode(ctx(), { purpose: 'sign-in', channel: 'sms', target: phone, code: '' }),
    ).rejects.toMatchObject({ status: 400, code: 'request.invalid' });
    expect(await check(phone, ` ${code} `)).toBe(true);
  });

  it('expires after 5 minutes', async () => {
    const phone = newPhone();
    await send(phone);
    const code = await codeIn(phone);
    const { db } = server.database;
    const [row] = await db.select().from(verificationCodes).where(eq(verificationCodes.target, phone));
    expect(Math.abs(row!.expiresAt.getTime() - row!.createdAt.getTime() - 5 * 60 * 1000)).toBeLessThan(2000);
    await db
      .update(verificationCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verificationCodes.target, phone));
    expect(await check(phone, code)).toBe(false);
  });

  it(`ends a code after ${CODE_MAX_TRIES} wrong tries, even for the right one then`, async () => {
    const phone = newPhone();
    await send(phone);
    const code = await codeIn(phone);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < CODE_MAX_TRIES; i++) expect(await check(phone, wrong)).toBe(false);
    expect(await check(phone, code)).toBe(false);
  });

  it('refuses another send within 60 s with the seconds left, then allows it', async () => {
    const phone = newPhone();
    await send(phone);
    const error = await failure(send(phone));
    expect(error.status).toBe(429);
    expect(error.code).toBe('code.tooSoon');
    expect(Number(error.params.seconds)).toBeGreaterThan(55);
    expect(Number(error.params.seconds)).toBeLessThanOrEqual(CODE_RESEND_SECONDS);
    expect(error.options.headers?.['retry-after']).toBe(String(error.params.seconds));
    await age(phone, 61_000);
    await send(phone);
  });

  it('allows 10 codes an hour per target', async () => {
    const phone = newPhone();
    for (let i = 0; i < 10; i++) {
      await send(phone, {}, `198.51.100.${i}`);
      await age(phone, 61_000);
    }
    const error = await failure(send(phone, {}, '198.51.100.99'));
    expect([error.status, error.code]).toEqual([429, 'code.tooMany']);
    await age(phone, 60 * 60 * 1000);
    await send(phone, {}, '198.51.100.99');
  });

  it('allows 30 codes an hour per client address', async () => {
    const ip = '192.0.2.77';
    for (let i = 0; i < 30; i++) await send(newPhone(), {}, ip);
    const error = await failure(send(newPhone(), {}, ip));
    expect([error.status, error.code]).toEqual([429, 'code.tooMany']);
    await send(newPhone(), {}, '192.0.2.78');
  });

  it('answers an unknown target alike, throttles it alike, and sends nothing', async () => {
    const phone = newPhone();
    expect(await send(phone, { send: false })).toEqual({ resendAfterSeconds: CODE_RESEND_SECONDS });
    const [kept] = await server.database.db
      .select({ n: count() })
      .from(messages)
      .where(eq(messages.recipient, phone));
    expect(kept!.n).toBe(0);
    expect((await failure(send(phone, { send: false }))).code).toBe('code.tooSoon');
    // No guess can match the code nobody was told.
    expect(await check(phone, '000000')).toBe(false);
  });
});

describe('the purge job', () => {
  it('deletes codes older than a day and messages older than 30 days', async () => {
    const phone = newPhone();
    await send(phone);
    const old = newPhone();
    await send(old);
    await age(old, 25 * 60 * 60 * 1000);
    await server.database.db
      .update(messages)
      .set({ createdAt: new Date(Date.now() - (MESSAGE_KEEP_DAYS + 1) * 24 * 60 * 60 * 1000) })
      .where(eq(messages.recipient, old));
    await purgeMessagingJob.run({}, { database: server.database, log: server.app.log });
    const codes = await server.database.db.select().from(verificationCodes);
    expect(codes.some((row) => row.target === old)).toBe(false);
    expect(codes.some((row) => row.target === phone)).toBe(true);
    const left = await server.database.db.select().from(messages);
    expect(left.some((row) => row.recipient === old)).toBe(false);
    expect(left.some((row) => row.recipient === phone)).toBe(true);
  });
});
