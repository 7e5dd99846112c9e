import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import writeXlsxFile from 'write-excel-file/node';
import { createTestServer, multipart, type TestServer } from './helpers.ts';

let server: TestServer;
let admin: string;

beforeAll(async () => {
  server = await createTestServer();
  admin = await server.login();
});
afterAll(() => server.close());

const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  server.call(admin, { method, url: `/api${url}`, ...(payload && { payload }) });

const newTest = async () => {
  const res = await api('POST', '/tests', { title: { en: 'Questions test' }, categoryIds: [1] });
  expect(res.status).toBe(201);
  return res.body.result.id as number;
};

const question = (stem: string, scores = [0, 1, 2]) => ({
  stem: { zh: `${stem}（中文）`, en: stem },
  type: 'likert',
  options: scores.map((score, i) => ({ label: String(i + 1), text: { en: `Option ${i + 1}` }, score })),
});

const list = async (testId: number) =>
  (await api('GET', `/tests/${testId}/questions`)).body.result.data as any[];

const addAll = async (testId: number, stems: string[]) => {
  for (const stem of stems)
    expect((await api('POST', `/tests/${testId}/questions`, question(stem))).status).toBe(201);
  return list(testId);
};

const importFile = (testId: number, content: Buffer | string, name: string, mode = 'append') =>
  server.call(admin, {
    method: 'POST',
    url: `/api/tests/${testId}/questions/import?mode=${mode}`,
    ...multipart(content, name),
  });

describe('questions of a test', () => {
  it('adds questions at the end, edits, reads and deletes them, keeping positions 1..n', async () => {
    const testId = await newTest();
    const rows = await addAll(testId, ['A', 'B', 'C']);
    expect(rows.map((q) => [q.position, q.stem.en])).toEqual([
      [1, 'A'],
      [2, 'B'],
      [3, 'C'],
    ]);
    expect(rows[0]).toMatchObject({
      testId,
      type: 'likert',
      required: true,
      imageUrl: null,
      options: [
        {
          label: '1',
          text: { zh: '', en: 'Option 1' },
          score: 0,
          dimensions: [],
          pole: null,
          imageUrl: null,
        },
        {},
        {},
      ],
    });
    const edited = await api('PUT', `/questions/${rows[1].id}`, {
      ...question('B2', [3, 2, 1, 0]),
      required: false,
    });
    expect(edited.body.result).toMatchObject({ position: 2, required: false, stem: { en: 'B2' } });
    expect((await api('GET', `/questions/${rows[1].id}`)).body.result.options).toHaveLength(4);
    expect((await api('GET', `/tests/${testId}`)).body.result.questionCount).toBe(3);

    expect((await api('DELETE', `/questions/${rows[0].id}`)).status).toBe(200);
    expect((await list(testId)).map((q) => [q.position, q.stem.en])).toEqual([
      [1, 'B2'],
      [2, 'C'],
    ]);
    expect((await api('GET', `/questions/${rows[0].id}`)).status).toBe(404);
  });

  it('searches stems and pages', async () => {
    const testId = await newTest();
    await addAll(testId, ['Sleep well', 'Eat well', 'Sleep badly']);
    const res = await api('GET', `/tests/${testId}/questions?keyword=sleep&pageSize=1&pageNo=2`);
    expect(res.body.result).toMatchObject({ totalCount: 2, totalPage: 2 });
    expect(res.body.result.data.map((q: any) => q.stem.en)).toEqual(['Sleep badly']);
    expect((await api('GET', '/tests/99999/questions')).status).toBe(404);
  });

  it('validates a question, naming the field', async () => {
    const testId = await newTest();
    const cases: [object, string][] = [
      [{ stem: { en: '' } }, 'stem'],
      [{ stem: { en: 'Q' }, type: 'ranking' }, 'type'],
      [{ stem: { en: 'Q' }, options: [{ text: { en: 'x' }, score: 'high' }] }, 'options.0.score'],
      [
        { stem: { en: 'Q' }, options: [{ text: { en: 'x' }, dimensions: ['Bad Key'] }] },
        'options.0.dimensions.0',
      ],
      [{ stem: { en: 'Q' }, options: [{ text: { en: 'x' }, pole: 'ab' }] }, 'options.0.pole'],
    ];
    for (const [payload, field] of cases) {
      const res = await api('POST', `/tests/${testId}/questions`, payload);
      expect(res.status, field).toBe(400);
      expect(res.body.result.errors.map((e: any) => e.field)).toContain(field);
    }
    expect(await list(testId)).toEqual([]);
  });

  it('reorders questions, and item alerts follow their question', async () => {
    const testId = await newTest();
    const rows = await addAll(testId, ['A', 'B', 'C']);
    await api('PUT', `/tests/${testId}/scoring`, {
      dimensions: [{ key: 'total', name: { en: 'Total' } }],
      alerts: [{ question: 3, operator: 'gt', score: 0, message: { en: 'C is high' } }],
    });
    const ids = [rows[2].id, rows[0].id, rows[1].id];
    const res = await api('PUT', `/tests/${testId}/questions/order`, { ids });
    expect(res.status).toBe(200);
    expect(res.body.result.map((q: any) => q.stem.en)).toEqual(['C', 'A', 'B']);
    expect((await api('GET', `/tests/${testId}`)).body.result.scoring.alerts[0].question).toBe(1);
    const scored = await api('POST', `/tests/${testId}/score`, { answers: [2, 0, 0] });
    // A rule that does not say whether it shows the crisis text is read by its severity.
    expect(scored.body.result.alerts).toEqual([
      {
        question: 1,
        severity: 'severe',
        crisis: true,
        operator: 'gt',
        score: 0,
        message: { zh: '', en: 'C is high' },
      },
    ]);

    const bad = await api('PUT', `/tests/${testId}/questions/order`, { ids: [rows[0].id, rows[1].id] });
    expect(bad.status).toBe(400);
    expect(bad.body.result.errors[0].field).toBe('ids');
    expect((await list(testId)).map((q) => q.stem.en)).toEqual(['C', 'A', 'B']);

    // Deleting the question drops its alert.
    await api('DELETE', `/questions/${rows[2].id}`);
    expect((await api('GET', `/tests/${testId}`)).body.result.scoring.alerts).toEqual([]);
  });

  it('logs on the test the alerts that deleting one question moves or drops', async () => {
    const testId = await newTest();
    const rows = await addAll(testId, ['A', 'B', 'C']);
    const alert = (question: number, en: string) => ({ question, operator: 'gt', score: 0, message: { en } });
    await api('PUT', `/tests/${testId}/scoring`, {
      dimensions: [{ key: 'total', name: { en: 'Total' } }],
      alerts: [alert(1, 'A is high'), alert(3, 'C is high')],
    });
    const testEntries = async () =>
      (await api('GET', `/audit-log?entityType=test&entityId=${testId}&sortField=time&sortOrder=descend`))
        .body.result.data;
    const logged = (await testEntries()).length;

    // A question after the last alerted one: the alerts stay, and the test gets no entry.
    await api('POST', `/tests/${testId}/questions`, question('D'));
    expect(await testEntries()).toHaveLength(logged);

    expect((await api('DELETE', `/questions/${rows[0].id}`)).status).toBe(200);
    const [entry] = await testEntries();
    expect(entry.action).toBe('update');
    expect(entry.changes.alerts.from.map((a: any) => [a.question, a.message.en])).toEqual([
      [1, 'A is high'],
      [3, 'C is high'],
    ]);
    expect(entry.changes.alerts.to.map((a: any) => [a.question, a.message.en])).toEqual([[2, 'C is high']]);
  });

  it('bulk-deletes questions of the test only, all or nothing', async () => {
    const testId = await newTest();
    const other = await newTest();
    const rows = await addAll(testId, ['A', 'B', 'C', 'D']);
    const [foreign] = await addAll(other, ['X']);
    const refused = await api('POST', `/tests/${testId}/questions/bulk-delete`, {
      ids: [rows[0].id, foreign.id],
    });
    expect(refused.status).toBe(400);
    expect(await list(testId)).toHaveLength(4);
    const res = await api('POST', `/tests/${testId}/questions/bulk-delete`, {
      ids: [rows[0].id, rows[2].id],
    });
    expect(res.body.result).toEqual({ deleted: 2 });
    expect((await list(testId)).map((q) => [q.position, q.stem.en])).toEqual([
      [1, 'B'],
      [2, 'D'],
    ]);
  });

  it('adds many pasted questions in one request, after the existing ones, all or nothing', async () => {
    const testId = await newTest();
    await addAll(testId, ['First']);
    const batch = (questions: object[]) => api('POST', `/tests/${testId}/questions/batch`, { questions });
    const added = await batch([question('Second'), question('Third'), { stem: { zh: '第四题' } }]);
    expect(added.status).toBe(201);
    expect(added.body.result).toEqual({ imported: 3, total: 4 });
    const rows = await list(testId);
    expect(rows.map((q) => [q.position, q.stem.en || q.stem.zh])).toEqual([
      [1, 'First'],
      [2, 'Second'],
      [3, 'Third'],
      [4, '第四题'],
    ]);
    expect(rows[1].options.map((o: any) => o.score)).toEqual([0, 1, 2]);
    // Each added question is audited as a create, as one added alone.
    const entries = (await api('GET', `/audit-log?entityType=question&entityId=${rows[2].id}`)).body.result
      .data;
    expect(entries).toMatchObject([{ action: 'create' }]);

    // One bad question refuses them all, naming its place in the list.
    const refused = await batch([question('Fifth'), { stem: { en: '' } }]);
    expect(refused.status).toBe(400);
    expect(refused.body.result.errors.map((e: any) => e.field)).toEqual(['questions.1.stem']);
    // Nor may the test go over its limit of questions, or the request be empty.
    const tooMany = await batch(Array.from({ length: 297 }, (_, i) => ({ stem: { en: `Q${i}` } })));
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.result.errors).toMatchObject([
      { field: 'questions', error: 'question.tooMany', params: { maximum: 300 } },
    ]);
    expect((await batch([])).status).toBe(400);
    expect((await list(testId)).length).toBe(4);
  });

  it('keeps the questions of a test on the shelf as published', async () => {
    const phq = (await api('GET', '/tests?title=PHQ')).body.result.data[0];
    const [first] = await list(phq.id);
    expect((await api('POST', `/tests/${phq.id}/questions`, question('New'))).status).toBe(409);
    expect((await api('DELETE', `/questions/${first.id}`)).status).toBe(409);
    expect((await list(phq.id)).length).toBe(9);
  });
});

describe('question files', () => {
  it('offers a CSV and an XLSX template that import as they are', async () => {
    const csv = await api('GET', '/questions/template?format=csv');
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe('attachment; filename="questions-template.csv"');
    expect((csv.body as string).split('\r\n')[0]).toBe(
      '\uFEFFquestion,type,required,stem_zh,stem_en,image_url,option_label,option_text_zh,option_text_en,option_score,option_dimensions,option_pole,option_image_url',
    );
    const testId = await newTest();
    const imported = await importFile(testId, csv.body, 'template.csv');
    expect(imported.status).toBe(200);
    expect(imported.body.result).toEqual({ imported: 2, total: 2 });
    const rows = await list(testId);
    expect(rows[0]).toMatchObject({ type: 'likert', stem: { zh: '我感到心情愉快', en: 'I feel cheerful' } });
    expect(rows[0].options.map((o: any) => [o.score, o.dimensions])).toEqual([
      [3, ['mood']],
      [2, ['mood']],
      [1, ['mood']],
      [0, ['mood']],
    ]);
    expect(rows[1]).toMatchObject({ required: false, type: 'single' });

    const xlsx = await server.app.inject({
      method: 'GET',
      url: '/api/questions/template?format=xlsx',
      headers: { authorization: admin },
    });
    expect(xlsx.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
    const other = await newTest();
    expect((await importFile(other, xlsx.rawPayload, 'whatever.csv')).body.result).toEqual({
      imported: 2,
      total: 2,
    });
  });

  it('answers a missing test with a 404, not a 200 and an empty file', async () => {
    for (const format of ['csv', 'xlsx']) {
      const res = await api('GET', `/tests/99999/questions/export?format=${format}`);
      expect(res.status).toBe(404);
      expect(res.headers['content-disposition']).toBeUndefined();
    }
  });

  it('exports a test’s questions as CSV and XLSX and imports them back, appending or replacing', async () => {
    const sas = (await api('GET', '/tests?title=SAS')).body.result.data[0];
    const csv = await api('GET', `/tests/${sas.id}/questions/export?format=csv`);
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="test-${sas.id}-questions.csv"`);
    expect((csv.body as string).trim().split('\r\n')).toHaveLength(1 + 20 * 4);
    const testId = await newTest();
    expect((await importFile(testId, csv.body, 'a.csv')).body.result).toEqual({ imported: 20, total: 20 });
    const xlsx = await server.app.inject({
      method: 'GET',
      url: `/api/tests/${sas.id}/questions/export?format=xlsx`,
      headers: { authorization: admin },
    });
    expect((await importFile(testId, xlsx.rawPayload, 'b.xlsx')).body.result).toEqual({
      imported: 20,
      total: 40,
    });
    expect((await importFile(testId, xlsx.rawPayload, 'b.xlsx', 'replace')).body.result).toEqual({
      imported: 20,
      total: 20,
    });
    const rows = await list(testId);
    expect(rows[4].options.map((o: any) => o.score)).toEqual([4, 3, 2, 1]);
    expect(rows[4].stem.zh).toBe('我觉得一切都很好，也不会发生什么不幸');
  });

  it('imports its own CSV export back as it was, cells starting like a formula included', async () => {
    const source = await newTest();
    const content = {
      stem: { zh: '-你是否经常失眠', en: '-5 degrees' },
      type: 'single',
      options: [
        { label: '=A', text: { zh: '＝是', en: '=yes' }, score: -1 },
        { label: '+B', text: { zh: '＋否', en: '+ no' }, score: 1 },
        { label: "'C", text: { zh: '＠从不', en: '@never' }, score: 0 },
        { label: 'D', text: { zh: '－不', en: "'plain" } },
      ],
    };
    expect((await api('POST', `/tests/${source}/questions`, content)).status).toBe(201);
    const csv = await api('GET', `/tests/${source}/questions/export?format=csv`);
    const target = await newTest();
    expect((await importFile(target, csv.body, 'round.csv')).body.result).toEqual({ imported: 1, total: 1 });
    const [imported] = await list(target);
    expect(imported.stem).toEqual(content.stem);
    expect(imported.options.map((o: any) => [o.label, o.text, o.score ?? null])).toEqual(
      content.options.map((o) => [o.label, o.text, o.score ?? null]),
    );
  });

  it('reports every bad row with its line number and imports nothing', async () => {
    const testId = await newTest();
    await addAll(testId, ['Existing']);
    const header =
      'question,type,required,stem_zh,stem_en,image_url,option_label,option_text_zh,option_text_en,option_score,option_dimensions,option_pole,option_image_url';
    const csv = [
      header,
      '1,likert,yes,好,Good,,A,是,Yes,1,,,',
      '1,,,,,,B,否,No,0,,,',
      '2,ranking,maybe,题,Q,,A,甲,A,x,,,',
      'x,single,yes,题,Q,,A,甲,A,1,,,',
      '3,single,yes,,,,A,"多行',
      '文本",Multi,1,,,',
      '3,,,,,,B,乙,B,2,,,',
      '4,single,yes,题,Q,,A,,,1,,,',
    ].join('\n');
    const res = await importFile(testId, csv, 'bad.csv');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Nothing was imported: the file has problems (6)');
    expect(res.body.result.error).toBe('file.importRejected');
    const options = 'single, multiple, likert';
    expect(res.body.result.errors).toEqual([
      {
        line: 4,
        field: 'type',
        error: 'field.notOneOf',
        params: { options },
        message: `Choose one of: ${options}`,
      },
      { line: 4, field: 'required', error: 'import.yesOrNo', message: 'Must be yes or no' },
      { line: 4, field: 'option_score', error: 'import.notNumber', message: 'Must be a number' },
      {
        line: 5,
        field: 'question',
        error: 'import.notQuestionNumber',
        message: 'Must be a question number (1, 2, ...)',
      },
      { line: 6, field: 'stem', error: 'field.textRequired', message: 'Give the text in Chinese or English' },
      {
        line: 9,
        field: 'option_text',
        error: 'field.textRequired',
        message: 'Give the text in Chinese or English',
      },
    ]);
    expect((await list(testId)).map((q) => q.stem.en)).toEqual(['Existing']);
  });

  it('reports bad XLSX rows by sheet row and refuses files with wrong columns or content', async () => {
    const testId = await newTest();
    const header = [
      'question',
      'type',
      'required',
      'stem_zh',
      'stem_en',
      'image_url',
      'option_label',
      'option_text_zh',
      'option_text_en',
      'option_score',
      'option_dimensions',
      'option_pole',
      'option_image_url',
    ];
    const cell = (value: string) => (value === '' ? null : { value });
    const sheet = [
      header,
      Array(13).fill(''), // a blank row is skipped but still counts for line numbers
      ['1', 'single', 'yes', '题', 'Q', '', 'A', '甲', 'A', '1', '', '', ''],
      ['2', 'single', 'yes', '题', 'Q', '', 'A', '甲', 'A', '1', 'Bad Key', '', ''],
    ];
    const xlsx = await writeXlsxFile(sheet.map((row) => row.map(cell)) as never).toBuffer();
    const res = await importFile(testId, xlsx, 'q.xlsx');
    expect(res.status).toBe(400);
    expect(res.body.result.errors).toEqual([
      {
        line: 4,
        field: 'option_dimensions',
        error: 'field.dimensionKey',
        message: expect.stringMatching(/lowercase/),
      },
    ]);

    const columns = await importFile(testId, 'question,stem,colour\n1,a,b\n', 'c.csv');
    expect(columns.status).toBe(400);
    expect(columns.body.result.errors.map((e: any) => [e.line, e.field, e.message])).toContainEqual([
      1,
      'colour',
      'Unknown column',
    ]);
    expect(columns.body.result.errors.map((e: any) => e.field)).toContain('type');

    const headerOnly = await importFile(testId, `${header.join(',')}\n\n`, 'empty.csv');
    expect(headerOnly.body.result.errors).toEqual([
      { line: 2, field: 'file', error: 'import.noRows', message: 'The file has no rows' },
    ]);

    const binary = await importFile(testId, Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 0, 0]), 'broken.xlsx');
    expect(binary.status).toBe(400);
    expect(binary.body.result.error).toMatch(/^(file\.unreadable|file\.importRejected)$/);
    const notMultipart = await api('POST', `/tests/${testId}/questions/import`, { file: 'x' });
    expect(notMultipart.status).toBe(400);
    expect(await list(testId)).toEqual([]);
  });
});

describe('question permissions', () => {
  it('lets a viewer list but not change, import or export questions', async () => {
    const viewer = (await server.accountWithRole('viewer')).token;
    const as = (method: 'GET' | 'POST', url: string) => server.call(viewer, { method, url: `/api${url}` });
    expect((await as('GET', '/tests/1/questions')).status).toBe(200);
    const exported = await as('GET', '/tests/1/questions/export');
    expect(exported.status).toBe(403);
    expect(exported.body.message).toContain('questions.export');
    expect((await as('GET', '/questions/template')).status).toBe(403);
    expect((await as('POST', '/tests/1/questions/bulk-delete')).status).toBe(403);
    expect((await as('POST', '/tests/1/questions/batch')).status).toBe(403);
  });
});
