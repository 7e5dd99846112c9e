import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from './helpers.ts';

let server: TestServer;
let admin: string;
let categoryIds: Record<string, number>;

beforeAll(async () => {
  server = await createTestServer();
  admin = await server.login();
  const list = await api('GET', '/categories?pageSize=100');
  categoryIds = Object.fromEntries(list.body.result.data.map((c: any) => [c.nameEn, c.id]));
});
afterAll(() => server.close());

const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  server.call(admin, { method, url: `/api${url}`, ...(payload && { payload }) });

const builtin = async (key: string) => {
  const res = await api('GET', '/tests?pageSize=100');
  return res.body.result.data.find((t: any) => t.builtinKey === key);
};

const newTest = async (fields: object = {}) => {
  const res = await api('POST', '/tests', {
    title: { zh: '睡眠质量', en: 'Sleep quality' },
    categoryIds: [categoryIds['Emotional health']],
    ...fields,
  });
  expect(res.status).toBe(201);
  return res.body.result;
};

const likert = (stem: string, scores: (number | null)[]) => ({
  stem: { en: stem },
  type: 'likert',
  options: scores.map((score, i) => ({ label: String(i + 1), text: { en: `Option ${i + 1}` }, score })),
});

describe('test list', () => {
  it('lists the seeded built-in scales with derived counts and categories, in sort order', async () => {
    const res = await api('GET', '/tests?pageSize=10');
    expect(res.status).toBe(200);
    const rows = res.body.result.data;
    expect(rows.map((t: any) => t.builtinKey)).toEqual([
      'phq-9',
      'gad-7',
      'zung-sds',
      'zung-sas',
      'mini-ipip',
      'typology-demo',
    ]);
    expect(rows[0]).toMatchObject({
      title: { zh: '患者健康问卷抑郁量表（PHQ-9）', en: 'Patient Health Questionnaire (PHQ-9)' },
      status: 'on_shelf',
      version: 1,
      questionCount: 9,
      participantCount: 0,
      priceFen: 0,
      categories: [{ nameEn: 'Emotional health', nameZh: '情绪健康' }],
    });
    expect(new Date(rows[0].createTime).toISOString()).toBe(rows[0].createTime);
  });

  it('filters by title in either language, category, status and free/paid', async () => {
    const keys = async (query: string) =>
      (await api('GET', `/tests?pageSize=100&${query}`)).body.result.data.map((t: any) => t.builtinKey);
    expect(await keys(`title=${encodeURIComponent('焦虑')}`)).toEqual(['gad-7', 'zung-sas']);
    expect(await keys('title=zung')).toEqual(['zung-sds', 'zung-sas']);
    expect(await keys(`categoryId=${categoryIds.Personality}`)).toEqual(['mini-ipip', 'typology-demo']);
    expect(await keys('pricing=paid')).toEqual(['typology-demo']);
    expect(await keys('pricing=free&title=phq')).toEqual(['phq-9']);
    expect(await keys('status=draft&title=phq')).toEqual([]);
    expect((await api('GET', '/tests?title=%25')).body.result.totalCount).toBe(0);
  });

  it('sorts by a chosen column and pages in SQL', async () => {
    const res = await api('GET', '/tests?sortField=questionCount&sortOrder=descend&pageSize=100');
    const counts = res.body.result.data.map((t: any) => t.questionCount);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    const page = await api('GET', '/tests?pageNo=2&pageSize=4');
    expect(page.body.result).toMatchObject({ pageNo: 2, pageSize: 4, totalPage: 2 });
    expect(page.body.result.data).toHaveLength(page.body.result.totalCount - 4);
    expect((await api('GET', '/tests?sortField=password')).status).toBe(400);
  });

  it('exports the filtered list as CSV with a BOM, quoting and no formulas', async () => {
    await newTest({ title: { zh: '', en: '=HYPERLINK("x"), quoted' }, categoryIds: [categoryIds.Career] });
    const res = await server.call(admin, {
      method: 'GET',
      url: `/api/tests/export?categoryId=${categoryIds.Career}`,
    });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="tests-.*\.csv"$/);
    const text = res.body as string;
    expect(text.startsWith('\uFEFFid,title_zh,title_en,status')).toBe(true);
    const lines = text.trim().split('\r\n');
    expect(lines).toHaveLength(3); // header, typology demo, the new test
    // Default order: sort order (the new test has 0), then id.
    expect(lines[1]).toContain(`"'=HYPERLINK(""x""), quoted"`);
    expect(lines[2]).toContain('四维性格类型');
  });
});

describe('creating and editing a test', () => {
  it('creates a draft with defaults, records who did it, and edits it', async () => {
    const created = await newTest({ priceFen: 1990, minutes: 8, subtitle: { en: 'Seven nights' } });
    expect(created).toMatchObject({
      status: 'draft',
      version: 0,
      questionCount: 0,
      priceFen: 1990,
      subtitle: { zh: '', en: 'Seven nights' },
      createdBy: 'Administrator',
      updatedBy: 'Administrator',
      scoring: { dimensions: [], typology: null, alerts: [] },
      publishTime: null,
    });
    const edited = await api('PUT', `/tests/${created.id}`, {
      title: { zh: '睡眠', en: 'Sleep' },
      categoryIds: [categoryIds['Emotional health'], categoryIds['Anxiety and stress']],
      coverUrl: '/uploads/0123456789abcdef0123456789abcdef.png',
    });
    expect(edited.status).toBe(200);
    expect(edited.body.result).toMatchObject({
      title: { en: 'Sleep' },
      priceFen: 0,
      coverUrl: expect.any(String),
    });
    expect(edited.body.result.categories.map((c: any) => c.nameEn)).toEqual([
      'Emotional health',
      'Anxiety and stress',
    ]);
    expect((await api('GET', `/tests/${created.id}`)).body.result.title.zh).toBe('睡眠');
  });

  const bad: [string, object, string][] = [
    ['no title in either language', { title: { zh: ' ', en: '' }, categoryIds: [1] }, 'title'],
    ['no category', { title: { en: 'A' }, categoryIds: [] }, 'categoryIds'],
    ['a negative price', { title: { en: 'A' }, categoryIds: [1], priceFen: -1 }, 'priceFen'],
    ['a fractional price', { title: { en: 'A' }, categoryIds: [1], priceFen: 9.9 }, 'priceFen'],
    ['an unknown field', { title: { en: 'A' }, categoryIds: [1], colour: 'red' }, 'colour'],
    ['a script cover', { title: { en: 'A' }, categoryIds: [1], coverUrl: 'javascript:alert(1)' }, 'coverUrl'],
    ['an unknown category', { title: { en: 'A' }, categoryIds: [99999] }, 'categoryIds'],
  ];
  for (const [what, payload, field] of bad) {
    it(`answers 400 naming ${field} for ${what}, writing nothing`, async () => {
      const before = (await api('GET', '/tests?pageSize=1')).body.result.totalCount;
      const res = await api('POST', '/tests', payload);
      expect(res.status).toBe(400);
      expect(res.body.result.errors.map((e: any) => e.field)).toContain(field);
      expect((await api('GET', '/tests?pageSize=1')).body.result.totalCount).toBe(before);
    });
  }

  it('refuses scoring saved over a test that changed since the editor loaded it (If-Match), so alerts stay on their question', async () => {
    const test = await newTest();
    for (const stem of ['A', 'B', 'C'])
      expect((await api('POST', `/tests/${test.id}/questions`, likert(stem, [0, 1]))).status).toBe(201);
    const alertOn = (question: number) => ({
      dimensions: [{ key: 'total', name: { en: 'Total' }, bands: [] }],
      alerts: [
        { question, operator: 'gte', score: 1, severity: 'severe', message: { en: `about ${question}` } },
      ],
    });
    const put = (scoring: object, version?: string) =>
      server.call(admin, {
        method: 'PUT',
        url: `/api/tests/${test.id}/scoring`,
        payload: scoring,
        headers: { ...(version && { 'if-match': `"${version}"` }), 'accept-language': 'zh-CN' },
      });
    const saved = await put(alertOn(3));
    expect(saved.status).toBe(200);
    const opened = saved.body.result.updateTime as string;
    // Meanwhile someone deletes question 1: the alert moves with its question, to position 2.
    const questions = (await api('GET', `/tests/${test.id}/questions?pageSize=100`)).body.result.data;
    expect((await api('DELETE', `/questions/${questions[0].id}`)).status).toBe(200);
    // The editor opened before saves what it has: refused, nothing changes.
    const stale = await put(alertOn(3), opened);
    expect(stale.status).toBe(412);
    expect(stale.body.result.error).toBe('test.changedMeanwhile');
    expect(stale.body.message).toMatch(/[\u4e00-\u9fff]/);
    const now = (await api('GET', `/tests/${test.id}`)).body.result;
    expect(now.scoring.alerts.map((a: { question: number }) => a.question)).toEqual([2]);
    // With the test as it is now, the save goes through.
    expect((await put(alertOn(2), now.updateTime)).status).toBe(200);
  });

  it('refuses scoring that is not well formed, naming the field', async () => {
    const test = await newTest();
    const res = await api('PUT', `/tests/${test.id}/scoring`, {
      dimensions: [
        { key: 'total', name: { en: 'Total' } },
        { key: 'total', name: { en: 'Again' } },
      ],
    });
    expect(res.status).toBe(400);
    expect(res.body.result.errors.map((e: any) => e.field)).toContain('dimensions.1.key');
  });

  it('answers 404 for a missing test', async () => {
    expect((await api('GET', '/tests/99999')).status).toBe(404);
    expect((await api('PUT', '/tests/99999', { title: { en: 'A' }, categoryIds: [1] })).status).toBe(404);
    expect((await api('POST', '/tests/99999/publish')).status).toBe(404);
  });
});

describe('publishing', () => {
  it('refuses, naming each problem, until the test is complete; then increments the version', async () => {
    const test = await newTest();
    const empty = await api('POST', `/tests/${test.id}/publish`);
    expect(empty.status).toBe(409);
    expect(empty.body.result).toMatchObject({
      error: 'test.cannotPublish',
      problems: [{ error: 'publish.noQuestions' }, { error: 'publish.nothingScored' }],
    });
    expect(empty.body.message).toBe(
      'The test cannot be published: The test has no questions; ' +
        'The scoring defines no dimension (add at least "total") and no typology',
    );

    await api('POST', `/tests/${test.id}/questions`, likert('Only one option', [0]));
    await api('POST', `/tests/${test.id}/questions`, likert('Unscored', [0, 1, null]));
    const scoring = (bands: object[]) =>
      api('PUT', `/tests/${test.id}/scoring`, {
        dimensions: [{ key: 'total', name: { en: 'Total' }, bands }],
      });
    const band = (min: number, max: number, level: string) => ({
      min,
      max,
      level,
      label: { en: level },
      colour: 'normal',
    });
    expect((await scoring([band(0, 0, 'low'), band(2, 5, 'high')])).status).toBe(200);
    const problems = (await api('POST', `/tests/${test.id}/publish`)).body.result.problems;
    expect(problems).toEqual([
      { error: 'publish.tooFewOptions', params: { question: 1 } },
      { error: 'publish.unscored', params: { question: 2, option: '3' } },
      { error: 'publish.bandGap', params: { key: 'total', from: '1', to: '1' } },
    ]);
    expect((await api('GET', `/tests/${test.id}/publish-check`)).body.result.problems).toEqual(problems);

    const questions = (await api('GET', `/tests/${test.id}/questions`)).body.result.data;
    await api('PUT', `/questions/${questions[0].id}`, likert('Two options now', [0, 1]));
    await api('PUT', `/questions/${questions[1].id}`, likert('Scored', [0, 1, 2]));
    expect((await api('POST', `/tests/${test.id}/publish`)).body.result.problems).toEqual([
      { error: 'publish.bandGap', params: { key: 'total', from: '1', to: '1' } },
    ]);
    await scoring([band(0, 2, 'low'), band(2, 2, 'high')]);
    expect((await api('POST', `/tests/${test.id}/publish`)).body.result.problems).toEqual([
      { error: 'publish.bandsOverlap', params: { key: 'total', from: '2', to: '2' } },
      { error: 'publish.highestUncovered', params: { key: 'total', score: '3' } },
    ]);
    expect((await api('GET', `/tests/${test.id}`)).body.result.status).toBe('draft');
    await scoring([band(0, 1, 'low'), band(2, 3, 'high')]);
    const published = await api('POST', `/tests/${test.id}/publish`);
    expect(published.status).toBe(200);
    expect(published.body.result).toMatchObject({ status: 'on_shelf', version: 1 });
    expect(published.body.result.publishTime).not.toBeNull();
    expect((await api('POST', `/tests/${test.id}/publish`)).status).toBe(409);

    // On the shelf its questions and scoring stay as published.
    const locked = await api('PUT', `/questions/${questions[0].id}`, likert('Changed', [0, 1]));
    expect(locked.status).toBe(409);
    expect(locked.body.message).toMatch(/off the shelf/);
    expect((await scoring([band(0, 3, 'all')])).status).toBe(409);

    const off = await api('POST', `/tests/${test.id}/unpublish`);
    expect(off.body.result).toMatchObject({ status: 'off_shelf', version: 1 });
    expect((await api('POST', `/tests/${test.id}/unpublish`)).status).toBe(409);
    expect((await api('POST', `/tests/${test.id}/publish`)).body.result).toMatchObject({
      status: 'on_shelf',
      version: 2,
    });
  });

  it('names the problems in the language asked for', async () => {
    const test = await newTest();
    const zh = { 'accept-language': 'zh-CN,zh;q=0.9' };
    const refused = await server.call(admin, {
      method: 'POST',
      url: `/api/tests/${test.id}/publish`,
      headers: zh,
    });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      '测试无法上架：测试还没有题目; 计分未定义任何维度（至少添加 "total"），也未定义类型',
    );
    expect(refused.body.result.problems).toEqual([
      { error: 'publish.noQuestions' },
      { error: 'publish.nothingScored' },
    ]);
  });
});

describe('scoring a test', () => {
  it('returns the PHQ-9 report with its band and the item-9 alert', async () => {
    const phq = await builtin('phq-9');
    const res = await api('POST', `/tests/${phq.id}/score`, { answers: [3, 3, 3, 3, 3, 3, 3, 3, 3] });
    expect(res.status).toBe(200);
    expect(res.body.result).toMatchObject({
      totalRaw: 27,
      finalScore: 27,
      band: { level: 'severe', colour: 'severe' },
      type: null,
      alerts: [{ question: 9, severity: 'severe' }],
    });
    const mild = await api('POST', `/tests/${phq.id}/score`, { answers: [1, 1, 1, 1, 1, 0, 0, 0, 0] });
    expect(mild.body.result).toMatchObject({ finalScore: 5, band: { level: 'mild' }, alerts: [] });
  });

  it('computes the Zung standard score and a typology type', async () => {
    const sds = await builtin('zung-sds');
    const res = await api('POST', `/tests/${sds.id}/score`, { answers: Array(20).fill(0) });
    expect(res.body.result).toMatchObject({ totalRaw: 50, finalScore: 63, band: { level: 'moderate' } });
    const typology = await builtin('typology-demo');
    const type = await api('POST', `/tests/${typology.id}/score`, { answers: [0, 1, 1, 1, 1, 0, 1, 1] });
    expect(type.body.result.type).toMatchObject({ code: 'ENTP' });
    expect(type.body.result.type.axes[0]).toMatchObject({ tie: true, left: { percent: 50 } });
  });

  it('answers 400 naming the question for a missing required answer or an option that does not exist', async () => {
    const phq = await builtin('phq-9');
    const missing = await api('POST', `/tests/${phq.id}/score`, { answers: [0, 0, null, 0, 7, 0, 0, 0, 0] });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('answers.2: Required; answers.4: Option 7 does not exist');
    expect(missing.body.result.errors).toEqual([
      { field: 'answers.2', error: 'field.required', message: 'Required' },
      {
        field: 'answers.4',
        error: 'answer.noSuchOption',
        params: { option: 7 },
        message: 'Option 7 does not exist',
      },
    ]);
    const short = await api('POST', `/tests/${phq.id}/score`, { answers: [0] });
    expect(short.status).toBe(400);
    expect(short.body.result.errors).toEqual([
      {
        field: 'answers',
        error: 'answer.countMismatch',
        params: { expected: 9, received: 1 },
        message: 'Expected 9 answers, one per question, got 1',
      },
    ]);
    expect((await api('POST', `/tests/${phq.id}/score`, { answers: ['a'] })).status).toBe(400);
  });
});

describe('duplicating, deleting, moving between installations', () => {
  it('duplicates a test as a draft with its questions, scoring and categories', async () => {
    const gad = await builtin('gad-7');
    const res = await api('POST', `/tests/${gad.id}/duplicate`);
    expect(res.status).toBe(201);
    expect(res.body.result).toMatchObject({
      title: {
        zh: '广泛性焦虑量表（GAD-7）（副本）',
        en: 'Generalized Anxiety Disorder scale (GAD-7) (copy)',
      },
      status: 'draft',
      version: 0,
      builtinKey: null,
      questionCount: 7,
      categories: [{ nameEn: 'Anxiety and stress' }],
    });
    expect(res.body.result.scoring.dimensions[0].bands).toHaveLength(4);
    const score = await api('POST', `/tests/${res.body.result.id}/score`, { answers: Array(7).fill(2) });
    expect(score.body.result).toMatchObject({ finalScore: 14, band: { level: 'moderate' } });
  });

  it('deletes a test that has no records or orders, with its questions', async () => {
    const test = await newTest();
    await api('POST', `/tests/${test.id}/questions`, likert('Q', [0, 1]));
    const res = await api('DELETE', `/tests/${test.id}`);
    expect(res.status).toBe(200);
    expect((await api('GET', `/tests/${test.id}`)).status).toBe(404);
    expect((await api('DELETE', `/tests/${test.id}`)).status).toBe(404);
  });

  it('exports a whole test as one JSON document and imports it as a draft elsewhere', async () => {
    const phq = await builtin('phq-9');
    const exported = await api('GET', `/tests/${phq.id}/document`);
    expect(exported.status).toBe(200);
    expect(exported.headers['content-disposition']).toBe(`attachment; filename="test-${phq.id}.json"`);
    const document = exported.body;
    expect(document).toMatchObject({ format: 'cool-evaluation/test', formatVersion: 1 });
    expect(document.questions).toHaveLength(9);
    expect(document.scoring.alerts).toHaveLength(1);
    document.test.categories.push({ nameZh: '不存在', nameEn: 'Nowhere' });
    const imported = await api('POST', '/tests/import', document);
    expect(imported.status).toBe(201);
    expect(imported.body.result.skippedCategories).toEqual(['Nowhere']);
    const copy = imported.body.result.test;
    expect(copy).toMatchObject({ status: 'draft', version: 0, questionCount: 9, builtinKey: null });
    expect(copy.categories.map((c: any) => c.nameEn)).toEqual(['Emotional health']);
    const again = await api('GET', `/tests/${copy.id}/document`);
    expect(again.body).toEqual({
      ...document,
      test: { ...document.test, categories: document.test.categories.slice(0, 1) },
    });
  });

  it('imports a large document (300 long questions, over the usual 1 MB body limit)', async () => {
    const long = 'x'.repeat(1000);
    const document = {
      format: 'cool-evaluation/test',
      formatVersion: 1,
      test: { title: { en: 'Large' } },
      questions: Array.from({ length: 300 }, () => ({
        stem: { zh: long, en: long },
        options: [0, 1, 2].map((score) => ({
          text: { zh: long.slice(0, 500), en: long.slice(0, 500) },
          score,
        })),
      })),
      scoring: { dimensions: [{ key: 'total', name: { en: 'Total' } }] },
    };
    expect(JSON.stringify(document).length).toBeGreaterThan(1024 * 1024);
    const res = await api('POST', '/tests/import', document);
    expect(res.status).toBe(201);
    expect(res.body.result.test.questionCount).toBe(300);
  });

  it('refuses a malformed document naming the field, importing nothing', async () => {
    const before = (await api('GET', '/tests?pageSize=1')).body.result.totalCount;
    const res = await api('POST', '/tests/import', {
      format: 'cool-evaluation/test',
      formatVersion: 1,
      test: { title: { en: 'X' } },
      questions: [{ stem: { en: 'Q' }, type: 'ranking' }],
      scoring: {},
    });
    expect(res.status).toBe(400);
    expect(res.body.result.errors.map((e: any) => e.field)).toContain('questions.0.type');
    expect((await api('GET', '/tests?pageSize=1')).body.result.totalCount).toBe(before);
  });
});

describe('permissions per action', () => {
  it('lets finance read and preview tests but not change them', async () => {
    const finance = (await server.accountWithRole('finance')).token;
    const phq = await builtin('phq-9');
    const as = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
      server.call(finance, { method, url: `/api${url}`, ...(payload && { payload }) });
    expect((await as('GET', '/tests')).status).toBe(200);
    expect((await as('POST', `/tests/${phq.id}/score`, { answers: Array(9).fill(0) })).status).toBe(200);
    expect((await as('POST', `/tests/${phq.id}/unpublish`)).status).toBe(403);
    expect((await as('GET', '/tests/export')).status).toBe(403);
    expect((await as('GET', `/tests/${phq.id}/questions`)).status).toBe(403);
    const create = await as('POST', '/tests', { title: { en: 'X' }, categoryIds: [1] });
    expect(create.status).toBe(403);
    expect(create.body.message).toContain('tests.add');
  });
});
