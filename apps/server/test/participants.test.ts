import type { TestVersionSnapshot } from '@cool/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { participantSessions, participants, participantWechat, records } from '../src/db/schema.ts';
import { createTestServer, type TestServer } from './helpers.ts';
import { storedVersion } from './takers.ts';

let server: TestServer;
let admin: string;
let versionId: number;
let testId: number;

const snapshot = {
  title: { zh: '抑郁筛查', en: 'Depression screening' },
  questions: [{}, {}, {}],
} as unknown as TestVersionSnapshot;

beforeAll(async () => {
  server = await createTestServer();
  admin = await server.login();
  ({ testId, versionId } = await storedVersion(server, 99, snapshot));
});
afterAll(() => server.close());

const api = (method: 'GET' | 'POST' | 'PUT', url: string, token: string | null = admin, payload?: object) =>
  server.call(token, { method, url: `/api${url}`, ...(payload && { payload }) });

/** A participant through the client API, with a nickname, a phone number and `recordCount` records. */
async function participant(nickname: string, recordCount = 0) {
  const token = (await api('POST', '/client/session', null, { locale: 'zh-CN' })).body.result.token as string;
  await api('PUT', '/client/me', token, { nickname });
  const id = (await api('GET', '/client/me', token)).body.result.id as number;
  const db = server.database.db;
  await db.update(participants).set({ phone: '13812345678' }).where(eq(participants.id, id));
  for (let i = 0; i < recordCount; i++) {
    await db.insert(records).values({
      participantId: id,
      testId,
      testVersionId: versionId,
      answers: i === 0 ? [0, 1, null] : [],
      priceFen: 0,
      ...(i === 0 && {
        status: 'submitted' as const,
        report: { finalScore: 7 } as never,
        engineVersion: 'test',
        submittedAt: new Date(),
        unlockedAt: new Date(),
      }),
    });
  }
  await db.insert(participantWechat).values({ appId: 'wx1', openid: `openid-${id}`, participantId: id });
  return { id, token };
}

const auditOf = async (id: number) =>
  (await api('GET', `/audit-log?entityType=participant&entityId=${id}&sortField=time&sortOrder=ascend`)).body
    .result.data as { action: string; actorUsername: string; changes: Record<string, unknown> }[];

describe('the participants screen', () => {
  it('lists participants with record counts and masked phone numbers, filtered and sorted', async () => {
    const many = await participant('Many records', 3);
    const none = await participant('No records');
    const list = await api('GET', '/participants?nickname=records&sortField=recordCount&sortOrder=descend');
    expect(list.status).toBe(200);
    expect(list.body.result.data.map((p: { id: number }) => p.id)).toEqual([many.id, none.id]);
    expect(list.body.result.data[0]).toMatchObject({
      nickname: 'Many records',
      phone: '138****5678',
      locale: 'zh-CN',
      status: 'active',
      wechat: true,
      recordCount: 3,
      orderCount: 0,
      erased: false,
    });
    const blocked = await api('GET', '/participants?status=blocked&nickname=records');
    expect(blocked.body.result.totalCount).toBe(0);
    expect((await api('GET', '/participants?sortField=phone')).status).toBe(400);
  });

  it('shows one participant with their newest records', async () => {
    const { id } = await participant('Detail', 2);
    const res = await api('GET', `/participants/${id}`);
    expect(res.status).toBe(200);
    expect(res.body.result).toMatchObject({ id, nickname: 'Detail', phone: '138****5678', recordCount: 2 });
    expect(res.body.result.records).toHaveLength(2);
    expect(res.body.result.records).toContainEqual(
      expect.objectContaining({
        participant: { id, nickname: 'Detail', erased: false },
        testId,
        testVersion: 99,
        title: snapshot.title,
        status: 'submitted',
        answeredCount: 2,
        questionCount: 3,
      }),
    );
    expect((await api('GET', '/participants/999999')).body.result.error).toBe('participant.notFound');
  });

  it('blocks and unblocks, each in the audit log; blocking signs nobody out', async () => {
    const { id, token } = await participant('Blocked');
    const blocked = await api('POST', `/participants/${id}/block`);
    expect(blocked.body.result.status).toBe('blocked');
    expect((await api('GET', '/client/me', token)).status).toBe(403);
    const sessions = await server.database.db
      .select()
      .from(participantSessions)
      .where(eq(participantSessions.participantId, id));
    expect(sessions).toHaveLength(1);
    expect(sessions[0]!.revokedAt).toBeNull();
    expect((await api('POST', `/participants/${id}/unblock`)).body.result.status).toBe('active');
    expect((await api('GET', '/client/me', token)).status).toBe(200);
    expect((await api('POST', '/participants/999999/block')).status).toBe(404);
    expect(await auditOf(id)).toEqual([
      expect.objectContaining({
        action: 'block',
        actorUsername: 'admin',
        changes: { status: { from: 'active', to: 'blocked' } },
      }),
      expect.objectContaining({ action: 'unblock', changes: { status: { from: 'blocked', to: 'active' } } }),
    ]);
  });

  it('exports everything held on a participant as a JSON download, and logs that it did', async () => {
    const { id } = await participant('Exported', 2);
    const res = await api('GET', `/participants/${id}/export`);
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="participant-${id}.json"`);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.body.participant).toMatchObject({ id, nickname: 'Exported', phone: '13812345678' });
    expect(res.body.wechat).toEqual([{ appId: 'wx1', openid: `openid-${id}`, unionid: null }]);
    expect(res.body.sessions).toEqual([
      {
        createdAt: expect.any(String),
        expiresAt: expect.any(String),
        ip: '127.0.0.1',
        userAgent: 'lightMyRequest',
      },
    ]);
    expect(JSON.stringify(res.body)).not.toMatch(/tokenHash|token_hash/);
    expect(res.body.records).toHaveLength(2);
    expect(res.body.records).toContainEqual(
      expect.objectContaining({
        testVersion: 99,
        title: snapshot.title,
        answers: [0, 1, null],
        report: { finalScore: 7 },
        engineVersion: 'test',
      }),
    );
    expect(await auditOf(id)).toEqual([
      expect.objectContaining({ action: 'export', changes: { records: { to: 2 }, wechatIds: { to: 1 } } }),
    ]);
  });

  it('erases a participant: personal data, WeChat ids and sessions gone, records kept, once only', async () => {
    const { id, token } = await participant('Erased', 2);
    const res = await api('POST', `/participants/${id}/erase`);
    expect(res.status).toBe(200);
    expect(res.body.result).toMatchObject({
      id,
      nickname: null,
      phone: null,
      locale: null,
      wechat: false,
      erased: true,
      recordCount: 2,
    });
    const db = server.database.db;
    const [row] = await db.select().from(participants).where(eq(participants.id, id));
    expect(row).toMatchObject({ nickname: null, avatar: null, phone: null, locale: null });
    expect(row!.erasedAt).toBeInstanceOf(Date);
    expect(await db.$count(participantWechat, eq(participantWechat.participantId, id))).toBe(0);
    expect(await db.$count(participantSessions, eq(participantSessions.participantId, id))).toBe(0);
    expect(await db.$count(records, eq(records.participantId, id))).toBe(2);
    expect((await api('GET', '/client/me', token)).status).toBe(401);
    // The records screen shows them anonymised.
    const detail = await api('GET', `/participants/${id}`);
    expect(detail.body.result.records[0].participant).toEqual({ id, nickname: null, erased: true });

    for (const again of [`/participants/${id}/erase`, `/participants/${id}/export`]) {
      const refused = await api(again.endsWith('export') ? 'GET' : 'POST', again);
      expect(refused.status, again).toBe(409);
      expect(refused.body.result.error).toBe('participant.erased');
    }
    const entries = await auditOf(id);
    expect(entries).toEqual([
      expect.objectContaining({
        action: 'erase',
        changes: {
          erased: { from: false, to: true },
          wechatIds: { from: 1, to: 0 },
          sessions: { from: 1, to: 0 },
        },
      }),
    ]);
    expect(JSON.stringify(entries)).not.toMatch(/Erased|138|openid/);
  });

  it('lets a viewer look but not block, export or erase', async () => {
    const { id } = await participant('Viewed');
    const viewer = (await server.accountWithRole('viewer')).token;
    expect((await api('GET', '/participants', viewer)).status).toBe(200);
    expect((await api('GET', `/participants/${id}`, viewer)).status).toBe(200);
    for (const [method, url] of [
      ['POST', 'block'],
      ['POST', 'unblock'],
      ['GET', 'export'],
      ['POST', 'erase'],
    ] as const) {
      expect((await api(method, `/participants/${id}/${url}`, viewer)).status, url).toBe(403);
    }
  });
});
