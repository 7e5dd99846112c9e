import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_BATCH } from '../src/db/list.ts';
import { auditLog } from '../src/db/schema.ts';
import { createTestServer, type TestServer } from './helpers.ts';

let server: TestServer;
let admin: string;

beforeAll(async () => {
  server = await createTestServer();
  admin = await server.login();
});
afterAll(() => server.close());

const exported = async (query: string) => {
  const res = await server.call(admin, { method: 'GET', url: `/api/audit-log/export?${query}` });
  expect(res.status).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/csv/);
  expect(res.headers['content-disposition']).toMatch(/attachment; filename="audit-log-\d{4}-\d\d-\d\d\.csv"/);
  const [header, ...rows] = parse(String(res.body), { bom: true }) as string[][];
  return { header, rows };
};

describe('GET /api/audit-log/export', () => {
  it('streams every matching entry in batches, newest first, with the list’s filters', async () => {
    // More rows than one batch, so the export has to walk on past the first.
    const rows = Array.from({ length: EXPORT_BATCH + 20 }, (_, i) => ({
      occurredAt: new Date(Date.UTC(2026, 0, 1, 0, 0, i)),
      actorId: null,
      actorUsername: 'importer',
      entityType: 'question',
      entityId: String(i),
      action: 'import',
      changes: { stem: { to: `q${i}` } },
    }));
    await server.database.db.insert(auditLog).values(rows);
    const all = await exported('entityType=question&action=import');
    expect(all.header).toEqual([
      'id',
      'time',
      'actor_id',
      'actor_username',
      'entity_type',
      'entity_id',
      'action',
      'changes',
      'ip',
      'request_id',
    ]);
    expect(all.rows).toHaveLength(EXPORT_BATCH + 20);
    expect(all.rows[0]!.slice(1, 7)).toEqual([
      new Date(Date.UTC(2026, 0, 1, 0, 0, EXPORT_BATCH + 19)).toISOString(),
      '',
      'importer',
      'question',
      String(EXPORT_BATCH + 19),
      'import',
    ]);
    expect(JSON.parse(all.rows[0]![7]!)).toEqual({ stem: { to: `q${EXPORT_BATCH + 19}` } });

    const window = await exported(
      'entityType=question&from=2026-01-01T00:00:10Z&to=2026-01-01T00:00:12Z&sortField=time&sortOrder=ascend',
    );
    expect(window.rows.map((row) => row[5])).toEqual(['10', '11']);
    const one = await exported('entityType=question&entityId=7');
    expect(one.rows).toHaveLength(1);
  });

  it('keeps spreadsheet formulas inert', async () => {
    await server.database.db.insert(auditLog).values({
      actorUsername: '=cmd|calc',
      entityType: 'settings',
      action: 'update',
      changes: {},
    });
    const { rows } = await exported('entityType=settings');
    expect(rows.find((row) => row[3]?.includes('cmd'))?.[3]).toBe("'=cmd|calc");
  });

  it('validates the filters like the list', async () => {
    const bad = await server.call(admin, { method: 'GET', url: '/api/audit-log/export?entityId=3' });
    expect(bad.status).toBe(400);
    expect(bad.body.result.errors[0].field).toBe('entityId');
    expect(
      (await server.call(admin, { method: 'GET', url: '/api/audit-log/export?action=dance' })).status,
    ).toBe(400);
    const viewer = await server.accountWithRole('viewer');
    expect(
      (await server.call(viewer.token, { method: 'GET', url: '/api/audit-log/export?entityType=settings' }))
        .status,
    ).toBe(200);
  });
});
