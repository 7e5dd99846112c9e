import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUESTION_COLUMNS } from '../src/modules/questions/files.ts';
import { checkedWorkbook, zipArchive } from '../src/modules/questions/workbook.ts';
import { createTestServer, multipart, type TestServer } from './helpers.ts';

/** Bad input gets a clear 4xx, writes nothing, and leaves the server alive. */

let server: TestServer;
let admin: string;
let testId: number;

beforeAll(async () => {
  server = await createTestServer();
  admin = await server.login();
  const categories = await server.call(admin, { method: 'GET', url: '/api/categories?pageSize=1' });
  const created = await server.call(admin, {
    method: 'POST',
    url: '/api/tests',
    payload: { title: { en: 'Bad input' }, categoryIds: [categories.body.result.data[0].id] },
  });
  testId = created.body.result.id;
});
afterAll(() => server.close());

const api = (method: string, url: string, payload?: unknown, token: string | null = admin) =>
  server.call(token, { method: method as 'GET', url: `/api${url}`, ...(payload ? { payload } : {}) });

const INT4_MAX = 2147483647;

describe('ids beyond their 32-bit columns', () => {
  it('answer 404 in a path, for every operation with an id', async () => {
    const paths = (server.app.swagger() as { paths: Record<string, Record<string, unknown>> }).paths;
    const operations = Object.entries(paths)
      .filter(([path]) => path.includes('{id}'))
      .flatMap(([path, methods]) => Object.keys(methods).map((method) => ({ path, method })));
    expect(operations.length).toBeGreaterThan(20);
    // The participant app's routes take a participant's token.
    const session = await server.call(null, { method: 'POST', url: '/api/client/session', payload: {} });
    for (const { path, method } of operations) {
      for (const id of [INT4_MAX + 1, 2 ** 53 - 1]) {
        const res = await server.call(path.startsWith('/api/client/') ? session.body.result.token : admin, {
          method: method.toUpperCase() as 'GET',
          url: path.replace('{id}', String(id)),
          ...(method === 'get' || method === 'delete' ? {} : { payload: {} }),
        });
        expect(res.status, `${method} ${path} ${id}`).toBeLessThan(500);
        if (method === 'get' || method === 'delete') expect(res.status, `${method} ${path}`).toBe(404);
      }
    }
  });

  it('are ignored in a list cursor, which a client can forge', async () => {
    const page1 = await api('GET', '/categories?pageSize=1');
    const cursor = JSON.parse(Buffer.from(page1.body.result.nextCursor, 'base64url').toString());
    for (const id of [INT4_MAX + 1, 2 ** 53 - 1]) {
      const forged = Buffer.from(JSON.stringify({ ...cursor, i: id })).toString('base64url');
      const res = await api('GET', `/categories?pageSize=1&pageNo=2&cursor=${forged}`);
      expect(res.status, String(id)).toBe(200);
    }
  });

  it('answer 400 in a query or a body', async () => {
    const big = INT4_MAX + 1;
    for (const url of [
      `/tests?categoryId=${big}`,
      `/tests/export?categoryId=${big}`,
      `/audit-log?actorId=${big}`,
    ]) {
      const res = await api('GET', url);
      expect(res.status, url).toBe(400);
      expect(res.body.success, url).toBe(false);
    }
    const create = await api('POST', '/tests', { title: { en: 'x' }, categoryIds: [big] });
    expect(create.status).toBe(400);
    const bulk = await api('POST', `/tests/${testId}/questions/bulk-delete`, { ids: [big] });
    expect(bulk.status).toBe(400);
    const order = await api('PUT', `/tests/${testId}/questions/order`, { ids: [2 ** 53 - 1] });
    expect(order.status).toBe(400);
  });
});

describe('dates and times PostgreSQL cannot hold', () => {
  // Year 0 matches the ISO pattern, but PostgreSQL has no year 0: it used to reach the database (500).
  it('answer 400 in every query parameter that takes a date or a time', async () => {
    const paths = (
      server.app.swagger() as {
        paths: Record<
          string,
          Record<string, { parameters?: { in: string; name: string; schema?: { format?: string } }[] }>
        >;
      }
    ).paths;
    const cases = Object.entries(paths).flatMap(([path, methods]) =>
      (methods.get?.parameters ?? [])
        .filter((p) => p.in === 'query' && ['date', 'date-time'].includes(p.schema?.format ?? ''))
        .map((p) => ({
          path,
          name: p.name,
          value: p.schema?.format === 'date' ? '0000-01-01' : '0000-01-01T00:00:00Z',
        })),
    );
    // The lists' time ranges, the goals' days and the basic list's week.
    expect(cases.length).toBeGreaterThan(8);
    for (const { path, name, value } of cases) {
      if (path.includes('{')) continue;
      const res = await server.call(admin, { method: 'GET', url: `${path}?${name}=${value}` });
      expect(res.status, `${path} ${name}`).toBe(400);
      expect(res.body.result.errors[0], `${path} ${name}`).toMatchObject({
        field: name,
        error: 'field.invalidDate',
      });
    }
  });

  it('answer 400 in a body, and nothing is written', async () => {
    const before = (await api('GET', '/goals')).body.result.totalCount;
    const res = await api('POST', '/goals', {
      title: 'Year zero',
      startDate: '0000-01-01',
      endDate: '2026-12-31',
      description: 'x',
      metrics: 'x',
      client: 'x',
      criticIds: [],
      disclosure: 'public',
      publicUserIds: [],
    });
    expect(res.status).toBe(400);
    expect(res.body.result.errors[0]).toMatchObject({ field: 'startDate', error: 'field.invalidDate' });
    expect((await api('GET', '/goals')).body.result.totalCount).toBe(before);
  });
});

describe('NUL bytes and lone surrogates', () => {
  const BAD = ['a\u0000b', 'a\ud800b', '\udfff'];

  it('are refused with 400 on the public sign-in endpoints', async () => {
    for (const bad of BAD) {
      for (const payload of [
        { username: bad, password: 'whatever' },
        { username: 'admin', password: bad },
      ]) {
        const res = await api('POST', '/account/login', payload, null);
        expect(res.status, JSON.stringify(payload)).toBe(400);
      }
    }
  });

  it('are refused with 400 in every kind of text field, and nothing is written', async () => {
    const before = await api('GET', '/categories?pageSize=100');
    for (const bad of BAD) {
      const cases: [string, string, unknown][] = [
        ['PUT', '/settings/promotion', { enabled: true, text: { zh: bad, en: 'x' }, url: '/tests' }],
        ['POST', '/categories', { nameZh: bad, nameEn: `n-${Math.random()}` }],
        ['POST', '/tests', { title: { en: bad }, categoryIds: [1] }],
        ['POST', `/tests/${testId}/questions`, { stem: { zh: bad } }],
        [
          'POST',
          '/accounts',
          { username: 'nul_user', name: bad, password: 'secret-pass-1', roleId: 'admin' },
        ],
      ];
      for (const [method, url, payload] of cases) {
        const res = await api(method, url, payload);
        expect(res.status, `${method} ${url} ${JSON.stringify(bad)}`).toBe(400);
      }
    }
    // A URL carries a NUL as %00; a lone surrogate cannot be written in UTF-8, and its CESU-8 bytes decode to U+FFFD.
    for (const query of [
      '/tests?title=',
      '/categories?name=',
      '/accounts?keyword=',
      `/tests/${testId}/questions?keyword=`,
      '/audit-log?entityType=test&entityId=',
      '/tests?pageNo=2&cursor=',
    ]) {
      expect((await api('GET', `${query}a%00b`)).status, query).toBe(400);
      expect((await api('GET', `${query}a%ED%A0%80b`)).status, query).toBeLessThan(500);
    }
    const after = await api('GET', '/categories?pageSize=100');
    expect(after.body.result.totalCount).toBe(before.body.result.totalCount);
  });

  it('keeps characters outside the BMP, which are a valid surrogate pair', async () => {
    const res = await api('POST', '/categories', { nameZh: '心情 😀', nameEn: 'Mood 😀' });
    expect(res.status).toBe(201);
    expect(res.body.result.nameZh).toBe('心情 😀');
  });
});

describe('URLs', () => {
  const REFUSED = [
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    '//evil.example/',
    '/\\evil.example',
    '/\\/evil.example',
    '\\\\evil.example',
    'https://',
    'http:evil.example',
    'ftp://example.com/a.png',
    '/ /x',
  ];

  it('refuses anything but http(s) URLs and in-app paths, in every URL field', async () => {
    for (const url of REFUSED) {
      const cases: [string, string, unknown][] = [
        ['PUT', '/settings/promotion', { enabled: true, text: { zh: '推广', en: 'Promo' }, url }],
        [
          'POST',
          '/accounts',
          { username: 'url_user', name: 'u', password: 'secret-pass-1', roleId: 'admin', avatar: url },
        ],
        ['POST', '/categories', { nameZh: `u-${Math.random()}`, nameEn: `u-${Math.random()}`, iconUrl: url }],
        ['POST', '/tests', { title: { en: 'u' }, categoryIds: [1], coverUrl: url }],
      ];
      for (const [method, path, payload] of cases) {
        const res = await api(method, path, payload);
        expect(res.status, `${path} ${url}`).toBe(400);
      }
    }
  });

  it('accepts http(s) URLs and in-app paths', async () => {
    for (const url of [
      'https://example.com/campaign?a=1',
      'http://example.com',
      '/tests',
      '/uploads/a.png',
    ]) {
      const res = await api('PUT', '/settings/promotion', {
        enabled: true,
        text: { zh: '推广', en: 'Promo' },
        url,
      });
      expect(res.status, url).toBe(200);
    }
    const account = await api('POST', '/accounts', {
      username: 'avatar_user',
      name: 'Avatar',
      password: 'secret-pass-1',
      roleId: 'admin',
      avatar: '/uploads/0123456789abcdef0123456789abcdef.png',
    });
    expect(account.status).toBe(201);
  });
});

describe('Unicode normalisation', () => {
  it('treats a name in NFD as the same name as its NFC form', async () => {
    const nfc = 'Caf\u00e9 NFC';
    const nfd = nfc.normalize('NFD');
    expect(nfd).not.toBe(nfc);
    const first = await api('POST', '/categories', { nameZh: `咖啡-${nfc}`, nameEn: nfc });
    expect(first.status).toBe(201);
    const second = await api('POST', '/categories', { nameZh: `咖啡2-${nfd}`, nameEn: nfd });
    expect(second.status).toBe(409);
    const zh = await api('POST', '/categories', { nameZh: `咖啡-${nfd}`, nameEn: 'Other name' });
    expect(zh.status).toBe(409);
  });

  it('stores and finds text in NFC whatever form it was typed in', async () => {
    const res = await api('POST', '/tests', { title: { en: 'Re\u0301sume\u0301' }, categoryIds: [1] });
    expect(res.status).toBe(201);
    expect(res.body.result.title.en).toBe('R\u00e9sum\u00e9');
    const found = await api('GET', `/tests?title=${encodeURIComponent('re\u0301sume\u0301')}`);
    expect(found.body.result.data.map((t: { id: number }) => t.id)).toContain(res.body.result.id);
  });
});

/** A one-sheet workbook whose sheet XML is `sheetData`'s content (inline strings, no shared strings). */
const relationship = (type: string, target: string) =>
  '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
  `<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/${type}" Target="${target}"/></Relationships>`;

/**
 * A one-sheet workbook whose sheet holds `sheetData` (inline strings, no shared strings), deflated;
 * `declaredSize` gives the sheet a false inflated size in the ZIP's headers; `sheetPath` is where the
 * workbook's relationships say the sheet is (as their target, under `xl/` unless it starts with `/`).
 */
const workbook = (sheetData: string | Buffer, declaredSize?: number, sheetPath = 'worksheets/sheet1.xml') => {
  const sheet = Buffer.concat([
    Buffer.from(
      '<?xml version="1.0"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>',
    ),
    Buffer.isBuffer(sheetData) ? sheetData : Buffer.from(sheetData),
    Buffer.from('</sheetData></worksheet>'),
  ]);
  const parts = [
    {
      name: '[Content_Types].xml',
      data:
        '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
        '<Default Extension="xml" ContentType="application/xml"/>' +
        '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
        '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>',
    },
    { name: '_rels/.rels', data: relationship('officeDocument', 'xl/workbook.xml') },
    {
      name: 'xl/workbook.xml',
      data:
        '<?xml version="1.0"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" ' +
        'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">' +
        '<sheets><sheet name="questions" sheetId="1" r:id="rId1"/></sheets></workbook>',
    },
    { name: 'xl/_rels/workbook.xml.rels', data: relationship('worksheet', sheetPath) },
    { name: sheetPath.startsWith('/') ? sheetPath.slice(1) : `xl/${sheetPath}`, data: sheet },
  ];
  return zipArchive(
    parts.map(({ name, data }) => {
      const bytes = Buffer.isBuffer(data) ? data : Buffer.from(data);
      const packed = zlib.deflateRawSync(bytes);
      // The headers take their size from `data`: a lie is a buffer of the claimed length.
      const claimed = declaredSize !== undefined && bytes === sheet ? Buffer.alloc(declaredSize) : bytes;
      return { name, data: claimed, packed };
    }),
  );
};

const cell = (ref: string, value: string) => `<c r="${ref}" t="inlineStr"><is><t>${value}</t></is></c>`;
const HEADER = QUESTION_COLUMNS.map((name, i) => cell(`${String.fromCharCode(65 + i)}1`, name)).join('');

describe('question file imports within limits', () => {
  const importFile = (content: Buffer | string, name: string) =>
    server.call(admin, {
      method: 'POST',
      url: `/api/tests/${testId}/questions/import`,
      ...multipart(content, name),
    });
  const questionCount = async () =>
    (await api('GET', `/tests/${testId}/questions`)).body.result.totalCount as number;
  const alive = async () => expect((await api('GET', '/health', undefined, null)).status).toBe(200);

  it('reads a hand-made workbook (the check hands the library a workbook it can read)', async () => {
    const row = [cell('A2', '1'), cell('E2', 'Stem'), cell('H2', 'Yes'), cell('J2', '1')].join('');
    const res = await importFile(workbook(`<row r="1">${HEADER}</row><row r="2">${row}</row>`), 'q.xlsx');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.result).toMatchObject({ imported: 1 });
  });

  it('refuses a zip bomb (a small XLSX whose sheet inflates to 64 MB) with 413, before parsing it', async () => {
    const before = await questionCount();
    const huge = Buffer.alloc(64 * 1024 * 1024, ' ');
    for (const declaredSize of [undefined, 1000]) {
      const bomb = workbook(huge, declaredSize);
      expect(bomb.length).toBeLessThan(200 * 1024);
      const started = Date.now();
      const res = await importFile(bomb, 'bomb.xlsx');
      expect(res.status, `declared ${declaredSize}`).toBe(413);
      expect(res.body.result.error).toBe('file.unpackedTooLarge');
      expect(Date.now() - started).toBeLessThan(5000);
    }
    expect(await questionCount()).toBe(before);
    await alive();
  });

  it('refuses a sheet whose rows or columns reach past the limits, however small the file', async () => {
    const farRow = workbook(`<row r="1">${HEADER}</row><row r="1048576">${cell('A1048576', '1')}</row>`);
    const farColumn = workbook(`<row r="1">${HEADER}${cell('XFD1', 'x')}</row>`);
    const manyRows = workbook(Array.from({ length: 10_001 }, () => '<row/>').join(''));
    for (const [file, error] of [
      [farRow, 'file.tooManyRows'],
      [farColumn, 'file.tooManyColumns'],
      [manyRows, 'file.tooManyRows'],
    ] as const) {
      const res = await importFile(file, 'far.xlsx');
      expect(res.status, error).toBe(400);
      expect(res.body.result.error).toBe(error);
    }
    await alive();
  });

  it('counts rows and cells as the library reads them: behind any prefix, by any address, in any part', async () => {
    const value = (ref: string, p = '') =>
      `<${p}c r="${ref}" t="inlineStr"><${p}is><${p}t>1</${p}t></${p}is></${p}c>`;
    const header = `<row r="1">${HEADER}</row>`;
    // Each reaches 20,000 rows or 78 columns: past the limits, yet quick for the library to build.
    for (const [sheet, error, path] of [
      [`${header}<x-1:row r="20000">${value('A20000', 'x-1:')}</x-1:row>`, 'file.tooManyRows'],
      [`${header}<x-1:row>${value('A20000', 'x-1:')}</x-1:row>`, 'file.tooManyRows'],
      [`<x-1:row r="1">${HEADER}${value('BZ1', 'x-1:')}</x-1:row>`, 'file.tooManyColumns'],
      [`<a.b:row r="1">${HEADER}${value('BZ1', '_:')}</a.b:row>`, 'file.tooManyColumns'],
      [`${header}<row r="2e4">${value('A2')}</row>`, 'file.tooManyRows'],
      [`${header}<row x:r="20000">${value('A2').replace(' r=', ' x:r=')}</row>`, 'file.tooManyRows'],
      [`${header}<row r="&#50;0000">${value('A20000')}</row>`, 'file.tooManyRows'],
      [`<row r="1">${HEADER}${value('&#66;Z1')}</row>`, 'file.tooManyColumns'],
      [`<row r="1">${HEADER}${value('az1')}</row>`, 'file.tooManyColumns'],
      [`${header}<row r="20000">${value('A20000')}</row>`, 'file.tooManyRows', '/custom/anywhere.xml'],
      [`${header}<row r="20000">${value('A20000')}</row>`, 'file.tooManyRows', 'styles.xml'],
    ] as const) {
      const res = await importFile(workbook(sheet, undefined, path), 'prefixed.xlsx');
      expect(res.status, sheet).toBe(400);
      expect(res.body.result.error, sheet).toBe(error);
    }
    await alive();
  });

  it('refuses a 1.6 KB workbook reaching the largest cell reference behind a prefix, quickly', async () => {
    for (const [sheet, error] of [
      [`<x-1:row r="1048576"><x-1:c r="ZZ1048576"><x-1:v>1</x-1:v></x-1:c></x-1:row>`, 'file.tooManyRows'],
      [`<x-1:row r="1"><x-1:c r="XFD1"><x-1:v>1</x-1:v></x-1:c></x-1:row>`, 'file.tooManyColumns'],
      [`<x-1:row><x-1:c r="XFD1048576"><x-1:v>1</x-1:v></x-1:c></x-1:row>`, 'file.tooManyRows'],
      ['<row r="Infinity"><c r="A1"><v>1</v></c></row>', 'file.tooManyRows'],
      ['<row r="1"><c r="A1e300"><v>1</v></c></row>', 'file.tooManyRows'],
    ] as const) {
      const file = workbook(sheet);
      expect(file.length).toBeLessThan(1700);
      // The guard is asked first: without it the library would fill 1.8 GB and abort the process.
      await expect(checkedWorkbook(file), sheet).rejects.toMatchObject({ status: 400, code: error });
      const started = Date.now();
      const res = await importFile(file, 'huge.xlsx');
      expect(res.status, sheet).toBe(400);
      expect(res.body.result.error, sheet).toBe(error);
      expect(Date.now() - started).toBeLessThan(2000);
    }
    await alive();
  });

  it('refuses a CSV past the row or column limit with a clear error', async () => {
    const header = QUESTION_COLUMNS.join(',');
    const rows = await importFile(`${header}\n${'1,single,yes,,S,,A,,a,1,,,\n'.repeat(10_001)}`, 'q.csv');
    expect(rows.status).toBe(400);
    expect(rows.body.result.error).toBe('file.tooManyRows');
    const blank = await importFile(`${header}${'\n'.repeat(2_000_000)}`, 'q.csv');
    expect(blank.body.result.error).toBe('file.tooManyRows');
    const columns = await importFile(`${header}${','.repeat(100)}\n`, 'q.csv');
    expect(columns.status).toBe(400);
    expect(columns.body.result.error).toBe('file.tooManyColumns');
    await alive();
  });

  it('refuses a test document past the size or question limit', async () => {
    const document = (await api('GET', `/tests/${testId}/document`)).body;
    const tooLarge = await api('POST', '/tests/import', {
      ...document,
      padding: 'x'.repeat(6 * 1024 * 1024),
    });
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body.success).toBe(false);
    const question = { stem: { en: 'Q' } };
    const tooMany = await api('POST', '/tests/import', { ...document, questions: Array(301).fill(question) });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.result.errors[0].field).toBe('questions');
    await alive();
  });
});

describe('multipart bodies', () => {
  it('answers 400 to a body cut off before its closing boundary, at uploads and imports', async () => {
    const png = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.from('x'),
    ]);
    const whole = multipart(png, 'a.png');
    const cut = whole.payload.subarray(0, whole.payload.lastIndexOf('\r\n--'));
    for (const url of ['/api/uploads', `/api/tests/${testId}/questions/import`]) {
      for (const payload of [cut, cut.subarray(0, 60)]) {
        const res = await server.call(admin, { method: 'POST', url, headers: whole.headers, payload });
        expect(res.status, url).toBe(400);
        expect(res.body.result.error, url).toBe('file.incomplete');
      }
    }
    expect((await api('GET', '/health', undefined, null)).status).toBe(200);
  });
});
