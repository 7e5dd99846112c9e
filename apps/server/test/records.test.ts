import { readSheet } from 'read-excel-file/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from './helpers.ts';
import { builtinId, participant, phq, take } from './takers.ts';

let server: TestServer;
let admin: string;
let phqId: number;
let gadId: number;
const ids: Record<string, number> = {};
let aliceId: number;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const staff = (method: Method, url: string, payload?: object, token = admin) =>
  server.call(token, { method, url: `/api${url}`, ...(payload && { payload }) });

beforeAll(async () => {
  server = await createTestServer();
  admin = await server.login();
  phqId = await builtinId(server, admin, 'phq-9');
  gadId = await builtinId(server, admin, 'gad-7');
  const alice = await participant(server, 'Alice Wang');
  const bob = await participant(server, 'Bob');
  const carol = await participant(server);
  ids.aliceAlert = (await take(alice, phqId, phq(3))).id;
  ids.aliceCalm = (await take(alice, phqId, phq(0))).id;
  ids.bob = (await take(bob, gadId, [3, 3, 3, 3, 3, 3, 3])).id;
  ids.carol = (await carol('POST', '/records', { testId: phqId })).body.result.id;
  aliceId = (await alice('GET', '/me')).body.result.id;
});
afterAll(() => server.close());

const listIds = async (query: string) => {
  const res = await staff('GET', `/records?pageSize=100&${query}`);
  expect(res.status).toBe(200);
  return res.body.result.data.map((r: any) => r.id);
};

describe('the records list', () => {
  it("lists every participant's records newest first, with participant, band and alert", async () => {
    const res = await staff('GET', '/records');
    expect(res.body.result.totalCount).toBe(4);
    const rows = res.body.result.data;
    expect(rows.map((r: any) => r.id)).toEqual([ids.carol, ids.bob, ids.aliceCalm, ids.aliceAlert]);
    expect(rows[3]).toMatchObject({
      participant: { id: aliceId, nickname: 'Alice Wang', erased: false },
      testId: phqId,
      testVersion: 1,
      title: { en: 'Patient Health Questionnaire (PHQ-9)' },
      status: 'submitted',
      unlocked: true,
      finalScore: 3,
      band: { level: 'minimal', colour: 'normal', label: { en: 'Minimal or none' } },
      alertCount: 1,
      alert: { status: 'new' },
      answeredCount: 9,
      questionCount: 9,
    });
    expect(rows[1]).toMatchObject({ finalScore: 21, band: { colour: 'severe' }, alertCount: 0, alert: null });
    expect(rows[0]).toMatchObject({
      status: 'in_progress',
      participant: { nickname: null },
      finalScore: null,
      band: null,
      submitTime: null,
    });
  });

  it('filters by participant, test, status, band colour, alert and start date, and sorts', async () => {
    expect(await listIds('participant=alice')).toEqual([ids.aliceCalm, ids.aliceAlert]);
    expect(await listIds(`participantId=${aliceId}`)).toEqual([ids.aliceCalm, ids.aliceAlert]);
    expect(await listIds(`testId=${gadId}`)).toEqual([ids.bob]);
    expect(await listIds('status=in_progress')).toEqual([ids.carol]);
    expect(await listIds('bandColour=severe')).toEqual([ids.bob]);
    expect(await listIds('hasAlert=true')).toEqual([ids.aliceAlert]);
    expect(await listIds('hasAlert=false')).toHaveLength(3);
    expect(await listIds(`from=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`)).toEqual(
      [],
    );
    expect(
      await listIds(`to=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`),
    ).toHaveLength(4);
    expect(await listIds('sortField=finalScore&sortOrder=descend')).toEqual([
      ids.bob,
      ids.aliceAlert,
      ids.aliceCalm,
      ids.carol,
    ]);
    expect(await listIds('sortField=submitTime&sortOrder=ascend')).toEqual([
      ids.carol,
      ids.aliceAlert,
      ids.aliceCalm,
      ids.bob,
    ]);
    // Keyset pages walk the same order.
    const first = await staff('GET', '/records?pageSize=2&sortField=finalScore&sortOrder=descend');
    const second = await staff(
      'GET',
      `/records?pageSize=2&pageNo=2&sortField=finalScore&sortOrder=descend&cursor=${first.body.result.nextCursor}`,
    );
    expect(second.body.result.data.map((r: any) => r.id)).toEqual([ids.aliceCalm, ids.carol]);
    expect((await staff('GET', '/records?bandColour=purple')).status).toBe(400);
    expect((await staff('GET', '/records?from=yesterday')).status).toBe(400);
  });

  it('shows a record with each answer next to its question and scores, and the stored report', async () => {
    const res = await staff('GET', `/records/${ids.aliceAlert}`);
    expect(res.status).toBe(200);
    expect(res.body.result).toMatchObject({
      id: ids.aliceAlert,
      answers: phq(3),
      engineVersion: '1',
      report: { finalScore: 3, alerts: [{ question: 9, severity: 'severe' }] },
    });
    expect(res.body.result.questions).toHaveLength(9);
    expect(res.body.result.questions[8].options.map((o: any) => o.score)).toEqual([0, 1, 2, 3]);
    const open = (await staff('GET', `/records/${ids.carol}`)).body.result;
    expect(open).toMatchObject({ report: null, engineVersion: null, answers: [] });
    const missing = await staff('GET', '/records/999999');
    expect(missing.status).toBe(404);
    expect(missing.body.result.error).toBe('record.notFound');
  });

  it('lets a viewer look but not export', async () => {
    const viewer = await server.accountWithRole('viewer');
    expect((await staff('GET', '/records', undefined, viewer.token)).status).toBe(200);
    expect((await staff('GET', `/records/${ids.bob}`, undefined, viewer.token)).status).toBe(200);
    expect((await staff('GET', '/records/export', undefined, viewer.token)).status).toBe(403);
  });
});

describe('exporting records', () => {
  it('streams the filtered list as CSV, header first', async () => {
    const res = await server.call(admin, { method: 'GET', url: `/api/records/export?testId=${phqId}` });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="records-\d{4}-\d\d-\d\d\.csv"$/,
    );
    const lines = String(res.body)
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toMatch(
      /^id,participant_id,participant_nickname,test_id,title_zh,title_en,test_version,status/,
    );
    expect(lines).toHaveLength(4);
    expect(lines[3]).toContain(`${ids.aliceAlert},${aliceId},Alice Wang,${phqId}`);
    expect(lines[3]).toContain(',minimal,无或极轻微,Minimal or none,normal,1,new,9,9,');
  });

  it('builds XLSX for the same list', async () => {
    const res = await server.app.inject({
      method: 'GET',
      url: '/api/records/export?format=xlsx&hasAlert=false',
      headers: { authorization: admin },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    const rows = (await readSheet(res.rawPayload)) as unknown[][];
    expect(rows[0]?.slice(0, 3)).toEqual(['id', 'participant_id', 'participant_nickname']);
    expect(rows.slice(1).map((r) => r[0])).toEqual([ids.carol, ids.bob, ids.aliceCalm]);
  });

  it('refuses a bad filter with a 400 envelope before any file byte', async () => {
    for (const query of ['bandColour=purple', 'format=pdf', 'from=soon']) {
      const res = await server.call(admin, { method: 'GET', url: `/api/records/export?${query}` });
      expect(res.status).toBe(400);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.body).toMatchObject({ success: false, result: { error: 'request.invalid' } });
    }
  });
});

describe('test usage', () => {
  it('counts real participants on the tests list and refuses to delete a test with records', async () => {
    const tests = (await staff('GET', '/tests?pageSize=100')).body.result.data;
    const count = (id: number) => tests.find((t: any) => t.id === id).participantCount;
    // Alice twice and Carol (in progress) on PHQ-9: two people.
    expect(count(phqId)).toBe(2);
    expect(count(gadId)).toBe(1);
    const refused = await staff('DELETE', `/tests/${gadId}`);
    expect(refused.status).toBe(409);
    expect(refused.body.result.error).toBe('test.inUse');
    expect(refused.body.message).toContain('records (1)');
    await staff('POST', `/tests/${gadId}/unpublish`);
    expect((await staff('DELETE', `/tests/${gadId}`)).status).toBe(409);
  });

  it('deletes a published and withdrawn test nobody took, with its stored versions', async () => {
    const copy = (await staff('POST', `/tests/${phqId}/duplicate`)).body.result;
    expect((await staff('POST', `/tests/${copy.id}/publish`)).status).toBe(200);
    await staff('POST', `/tests/${copy.id}/unpublish`);
    expect((await staff('DELETE', `/tests/${copy.id}`)).status).toBe(200);
  });
});
