import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeWechatPay, startFakeWechatPay } from './fakes/wechatpay.ts';
import { createTestServer, type TestServer } from './helpers.ts';
import { configureWechatPay } from './payers.ts';
import { builtinId as builtin, participant as newParticipant, phq } from './takers.ts';

let server: TestServer;
let admin: string;
let fake: FakeWechatPay;

beforeAll(async () => {
  fake = await startFakeWechatPay();
  server = await createTestServer({ wechatPayApiBase: fake.url });
  admin = await server.login();
});
afterAll(async () => {
  await server.close();
  await fake.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const staff = (method: Method, url: string, payload?: object) =>
  server.call(admin, { method, url: `/api${url}`, ...(payload && { payload }) });
const participant = () => newParticipant(server);
const builtinId = (key: string) => builtin(server, admin, key);

/** Every key anywhere in a JSON value. */
const keysOf = (value: unknown): string[] =>
  Array.isArray(value)
    ? value.flatMap(keysOf)
    : value && typeof value === 'object'
      ? Object.entries(value).flatMap(([k, v]) => [k, ...keysOf(v)])
      : [];

const SCORING_KEYS = [
  'score',
  'dimensions',
  'pole',
  'scoring',
  'finalScore',
  'band',
  'bands',
  'raw',
  'final',
];

describe('the shelf', () => {
  it('lists the tests on the shelf from their published version, with categories and counts', async () => {
    const client = await participant();
    const res = await client('GET', '/tests?pageSize=100');
    expect(res.status).toBe(200);
    const phq9 = res.body.result.data.find((t: any) => t.title.en.includes('PHQ-9'));
    expect(phq9).toMatchObject({
      version: 1,
      priceFen: 0,
      minutes: 3,
      questionCount: 9,
      participantCount: 0,
      categories: [{ nameEn: 'Emotional health' }],
    });
    expect(res.body.result.data).toHaveLength(6);
    const emotional = res.body.result.data[0].categories[0].id;
    const filtered = await client('GET', `/tests?categoryId=${emotional}`);
    expect(
      filtered.body.result.data.every((t: any) => t.categories.some((c: any) => c.id === emotional)),
    ).toBe(true);
  });

  it("shows a test's questions and options without anything that scores them", async () => {
    const client = await participant();
    const res = await client('GET', `/tests/${await builtinId('phq-9')}`);
    expect(res.status).toBe(200);
    expect(res.body.result.questions).toHaveLength(9);
    expect(res.body.result.questions[8].options.map((o: any) => o.text.en)).toEqual([
      'Not at all',
      'Several days',
      'More than half the days',
      'Nearly every day',
    ]);
    expect(res.body.result.introduction.en).toContain('PHQ-9');
    expect(keysOf(res.body.result).filter((k) => SCORING_KEYS.includes(k))).toEqual([]);
  });

  it('answers 404 for a test that is not on the shelf', async () => {
    const client = await participant();
    const id = await builtinId('gad-7');
    await staff('POST', `/tests/${id}/unpublish`);
    const res = await client('GET', `/tests/${id}`);
    expect(res.status).toBe(404);
    expect(res.body.result.error).toBe('record.testUnavailable');
    expect((await client('POST', '/records', { testId: id })).status).toBe(404);
    expect((await client('GET', '/tests/999999')).status).toBe(404);
    await staff('POST', `/tests/${id}/publish`);
    expect((await client('GET', `/tests/${id}`)).body.result.version).toBe(2);
  });

  it("gives each test's introduction the participant count and categories its shelf card shows", async () => {
    const [first, second] = [await participant(), await participant()];
    const phq9 = await builtinId('phq-9');
    const gad7 = await builtinId('gad-7');
    for (const client of [first, second]) {
      expect((await client('POST', '/records', { testId: phq9 })).status).toBe(201);
    }
    expect((await first('POST', '/records', { testId: gad7 })).status).toBe(201);
    const shelf = (await first('GET', '/tests?pageSize=100')).body.result.data;
    const counts = new Map(shelf.map((t: any) => [t.id, t.participantCount]));
    expect(counts.get(phq9)).toBe(2);
    expect(counts.get(gad7)).toBe(1);
    for (const t of shelf) {
      const detail = await first('GET', `/tests/${t.id}`);
      const { participantCount, categories } = detail.body.result;
      expect({ id: t.id, participantCount, categories }).toEqual({
        id: t.id,
        participantCount: t.participantCount,
        categories: t.categories,
      });
    }
  });

  it('refuses staff tokens, and participant tokens on staff routes', async () => {
    const client = await participant();
    expect((await staff('GET', '/client/tests')).status).toBe(401);
    expect((await server.call(client.token, { method: 'GET', url: '/api/records' })).status).toBe(401);
    expect((await client('GET', '/records')).status).toBe(200);
  });
});

describe('taking a test', () => {
  it('starts, resumes, saves progress, submits once, and scores with the shared engine', async () => {
    const client = await participant();
    const testId = await builtinId('phq-9');
    const started = await client('POST', '/records', { testId });
    expect(started.status).toBe(201);
    expect(started.body.result).toMatchObject({
      testId,
      testVersion: 1,
      status: 'in_progress',
      answers: [],
      answeredCount: 0,
      questionCount: 9,
      report: null,
    });
    const id = started.body.result.id;

    const resumed = await client('POST', '/records', { testId });
    expect(resumed.status).toBe(200);
    expect(resumed.body.result.id).toBe(id);

    const saved = await client('PUT', `/records/${id}/answers`, { answers: [1, 2, null] });
    expect(saved.status).toBe(200);
    expect(saved.body.result.answeredCount).toBe(2);
    expect((await client('GET', `/records/${id}`)).body.result.answers).toEqual([1, 2, null]);

    const badOption = await client('PUT', `/records/${id}/answers`, { answers: [0, 7] });
    expect(badOption.status).toBe(400);
    expect(badOption.body.result.errors[0]).toMatchObject({
      field: 'answers.1',
      error: 'answer.noSuchOption',
    });
    const tooMany = await client('PUT', `/records/${id}/answers`, { answers: Array(10).fill(0) });
    expect(tooMany.status).toBe(400);
    const listed = await client('PUT', `/records/${id}/answers`, { answers: [[0, 1]] });
    expect(listed.body.result.errors[0].error).toBe('answer.notSingle');

    const incomplete = await client('POST', `/records/${id}/submit`, { answers: [0, 0] });
    expect(incomplete.status).toBe(400);

    const submitted = await client('POST', `/records/${id}/submit`, { answers: [3, 3, 3, 3, 0, 0, 0, 0, 0] });
    expect(submitted.status).toBe(200);
    expect(submitted.body.result).toMatchObject({ status: 'submitted', unlocked: true, answeredCount: 9 });
    expect(submitted.body.result.report).toMatchObject({
      locked: false,
      alerts: [],
      report: { finalScore: 12, band: { level: 'moderate', colour: 'moderate' } },
    });

    const again = await client('POST', `/records/${id}/submit`, { answers: phq(0) });
    expect(again.status).toBe(409);
    expect(again.body.result.error).toBe('record.submitted');
    expect((await client('PUT', `/records/${id}/answers`, { answers: [] })).status).toBe(409);

    // A new go after submitting is a new record.
    expect((await client('POST', '/records', { testId })).status).toBe(201);
    const mine = await client('GET', '/records');
    expect(mine.body.result.data.map((r: any) => r.status)).toEqual(['in_progress', 'submitted']);
    expect(mine.body.result.data[1]).toMatchObject({ id, testVersion: 1, unlocked: true, questionCount: 9 });
    expect((await client('GET', '/records?status=submitted')).body.result.totalCount).toBe(1);
  });

  it('opens one record when a test is started twice at once', async () => {
    const client = await participant();
    const testId = await builtinId('zung-sds');
    const both = await Promise.all([
      client('POST', '/records', { testId }),
      client('POST', '/records', { testId }),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 201]);
    expect(both[0].body.result.id).toBe(both[1].body.result.id);
    expect((await client('GET', '/records')).body.result.totalCount).toBe(1);
  });

  it('never lets a save that races a submit change the submitted answers', async () => {
    const client = await participant();
    const id = (await client('POST', '/records', { testId: await builtinId('phq-9') })).body.result.id;
    const [saved, submitted] = await Promise.all([
      client('PUT', `/records/${id}/answers`, { answers: [1, 1] }),
      client('POST', `/records/${id}/submit`, { answers: phq(2) }),
    ]);
    expect(submitted.status).toBe(200);
    expect([200, 409]).toContain(saved.status);
    const record = await client('GET', `/records/${id}`);
    expect(record.body.result).toMatchObject({ status: 'submitted', answers: phq(2) });
  });

  it("shows a participant only their own records: another's is 404 for every call", async () => {
    const owner = await participant();
    const other = await participant();
    const id = (await owner('POST', '/records', { testId: await builtinId('phq-9') })).body.result.id;
    for (const res of [
      await other('GET', `/records/${id}`),
      await other('PUT', `/records/${id}/answers`, { answers: [0] }),
      await other('POST', `/records/${id}/submit`, { answers: phq(0) }),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body.result.error).toBe('record.notFound');
    }
    expect((await other('GET', '/records')).body.result.totalCount).toBe(0);
    expect((await owner('GET', `/records/${id}`)).status).toBe(200);
  });

  it('raises an alert for PHQ-9 item 9, shown to the participant with the report', async () => {
    const client = await participant();
    const id = (await client('POST', '/records', { testId: await builtinId('phq-9') })).body.result.id;
    const res = await client('POST', `/records/${id}/submit`, { answers: phq(3) });
    expect(res.body.result.report.alerts).toEqual([
      expect.objectContaining({ question: 9, severity: 'severe', crisis: true }),
    ]);
  });
});

/** A paid copy of PHQ-9 on the shelf. */
async function paidPhq() {
  const copy = (await staff('POST', `/tests/${await builtinId('phq-9')}/duplicate`)).body.result;
  const { id, title, subtitle, coverUrl, introduction, instructions, minutes, sortOrder, categories } = copy;
  const input = { title, subtitle, coverUrl, introduction, instructions, minutes, sortOrder };
  const put = await staff('PUT', `/tests/${id}`, {
    ...input,
    priceFen: 1990,
    categoryIds: categories.map((c: any) => c.id),
  });
  expect(put.status).toBe(200);
  expect((await staff('POST', `/tests/${id}/publish`)).status).toBe(200);
  return id as number;
}

describe('a paid test while WeChat Pay is not set up', () => {
  it('is listed and introduced as not payable, and cannot be started; a free test can', async () => {
    const testId = await paidPhq();
    const client = await participant();
    const shelf = (await client('GET', '/tests?pageSize=100')).body.result.data;
    expect(shelf.find((t: any) => t.id === testId)).toMatchObject({
      priceFen: 1990,
      paymentUnavailable: true,
    });
    expect(shelf.filter((t: any) => t.priceFen === 0).every((t: any) => !t.paymentUnavailable)).toBe(true);
    expect((await client('GET', `/tests/${testId}`)).body.result).toMatchObject({ paymentUnavailable: true });

    const refused = await client('POST', '/records', { testId });
    expect(refused.status).toBe(409);
    expect(refused.body.result.error).toBe('record.paymentUnavailable');
    expect((await client('GET', '/records')).body.result.data).toEqual([]);
    expect((await client('POST', '/records', { testId: await builtinId('phq-9') })).status).toBe(201);

    // Staff see the priced tests on the shelf that cannot be paid for.
    const priced = shelf.filter((t: any) => t.priceFen > 0).length;
    const check = await staff('GET', '/tests/shelf-payment');
    expect(check.status).toBe(200);
    expect(check.body.result).toEqual({ pricedOnShelf: priced, wechatPayConfigured: false });

    await configureWechatPay(server, admin, fake);
    expect((await client('GET', `/tests/${testId}`)).body.result).toMatchObject({
      paymentUnavailable: false,
    });
    expect((await client('POST', '/records', { testId })).status).toBe(201);
    expect((await staff('GET', '/tests/shelf-payment')).body.result).toEqual({
      pricedOnShelf: priced,
      wechatPayConfigured: true,
    });
  });
});

describe('a paid test', () => {
  it('keeps the report locked: alerts and the dimensions to come, never a score or band', async () => {
    const testId = await paidPhq();
    const client = await participant();
    const id = (await client('POST', '/records', { testId })).body.result.id;
    const submitted = await client('POST', `/records/${id}/submit`, { answers: [3, 3, 3, 3, 3, 3, 3, 3, 2] });
    expect(submitted.status).toBe(200);
    for (const result of [submitted.body.result, (await client('GET', `/records/${id}`)).body.result]) {
      expect(result).toMatchObject({ status: 'submitted', unlocked: false, priceFen: 1990 });
      expect(result.report).toMatchObject({
        locked: true,
        report: null,
        preview: { dimensions: [{ key: 'total', name: { en: 'Depression severity' } }], hasType: false },
      });
      expect(result.report.alerts).toEqual([expect.objectContaining({ question: 9, severity: 'severe' })]);
      expect(keysOf(result).filter((k) => SCORING_KEYS.includes(k))).toEqual(['dimensions']);
      expect(JSON.stringify(result)).not.toMatch(/severe depressive|"level"|"interpretation"/i);
    }
    const listed = await client('GET', '/records');
    expect(listed.body.result.data[0]).toMatchObject({ id, unlocked: false });
    expect(keysOf(listed.body.result).filter((k) => SCORING_KEYS.includes(k))).toEqual([]);
  });

  it('shows the live price and title, and a record asks the price shown when it starts', async () => {
    const testId = await paidPhq();
    const client = await participant();
    const before = (await client('POST', '/records', { testId })).body.result;
    const test = (await staff('GET', `/tests/${testId}`)).body.result;
    const { title, subtitle, coverUrl, introduction, instructions, minutes, sortOrder, categories } = test;
    const put = await staff('PUT', `/tests/${testId}`, {
      ...{ subtitle, coverUrl, introduction, instructions, minutes, sortOrder },
      title: { ...title, en: 'Mood check' },
      priceFen: 990,
      categoryIds: categories.map((c: any) => c.id),
    });
    expect(put.status).toBe(200);
    const shelf = (await client('GET', '/tests?pageSize=100')).body.result.data.find(
      (t: any) => t.id === testId,
    );
    expect(shelf).toMatchObject({ priceFen: 990, title: { en: 'Mood check' }, version: 1 });
    expect((await client('GET', `/tests/${testId}`)).body.result).toMatchObject({ priceFen: 990 });
    // The record already started keeps the price it was started at; a new participant's asks the new one.
    expect((await client('GET', `/records/${before.id}`)).body.result.priceFen).toBe(1990);
    const later = await participant();
    expect((await later('POST', '/records', { testId })).body.result.priceFen).toBe(990);
  });
});

describe('versions', () => {
  it('scores a record on the version it started on, and never changes a stored report', async () => {
    const copy = (await staff('POST', `/tests/${await builtinId('phq-9')}/duplicate`)).body.result;
    expect((await staff('POST', `/tests/${copy.id}/publish`)).body.result.version).toBe(1);
    const early = await participant();
    const first = (await early('POST', '/records', { testId: copy.id })).body.result;
    expect(first.testVersion).toBe(1);

    // Staff take it off the shelf, double item 1's top score, and publish version 2.
    await staff('POST', `/tests/${copy.id}/unpublish`);
    const questions = (await staff('GET', `/tests/${copy.id}/questions`)).body.result.data;
    const q1 = questions[0];
    const doubled = q1.options.map((o: any) => ({ ...o, score: o.score === 3 ? 6 : o.score }));
    const edit = await staff('PUT', `/questions/${q1.id}`, {
      stem: q1.stem,
      imageUrl: q1.imageUrl,
      type: q1.type,
      required: q1.required,
      options: doubled.map(({ label, text, imageUrl, score, dimensions, pole }: any) => ({
        label,
        text,
        imageUrl,
        score,
        dimensions,
        pole,
      })),
    });
    expect(edit.status).toBe(200);
    // The scoring's band ranges must cover the new maximum of 30 to publish.
    const detail = (await staff('GET', `/tests/${copy.id}`)).body.result;
    const scoring = structuredClone(detail.scoring);
    scoring.dimensions[0].bands.at(-1).max = 30;
    expect((await staff('PUT', `/tests/${copy.id}/scoring`, scoring)).status).toBe(200);
    const republished = await staff('POST', `/tests/${copy.id}/publish`);
    expect(republished.body.result.version).toBe(2);

    const answers = [3, 0, 0, 0, 0, 0, 0, 0, 0];
    const scored = await early('POST', `/records/${first.id}/submit`, { answers });
    expect(scored.status).toBe(200);
    expect(scored.body.result.testVersion).toBe(1);
    expect(scored.body.result.report.report.finalScore).toBe(3);

    const late = await participant();
    const second = (await late('POST', '/records', { testId: copy.id })).body.result;
    expect(second.testVersion).toBe(2);
    expect(
      (await late('POST', `/records/${second.id}/submit`, { answers })).body.result.report.report.finalScore,
    ).toBe(6);

    // Later edits leave the stored report as it was.
    const before = (await early('GET', `/records/${first.id}`)).body.result;
    await staff('POST', `/tests/${copy.id}/unpublish`);
    await staff('PUT', `/questions/${q1.id}`, { stem: { zh: '改了', en: 'Changed' }, options: [] });
    expect((await early('GET', `/records/${first.id}`)).body.result).toEqual(before);
    expect(before.questions[0].stem.en).toBe('Little interest or pleasure in doing things');
  });
});
