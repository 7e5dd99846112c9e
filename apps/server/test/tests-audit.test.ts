import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, multipart, type TestServer } from './helpers.ts';

let server: TestServer;
let admin: string;

beforeAll(async () => {
  server = await createTestServer();
  admin = await server.login();
});
afterAll(() => server.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const api = (method: Method, url: string, payload?: object) =>
  server.call(admin, { method, url: `/api${url}`, ...(payload && { payload }) });

const auditCount = async () => (await api('GET', '/audit-log?pageSize=1')).body.result.totalCount as number;

/** Runs a change and returns its response and the one audit entry it left (failing if it left more or none). */
async function audited(change: () => Promise<{ status: number; body: any }>) {
  const before = await auditCount();
  const res = await change();
  expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
  const after = (await api('GET', `/audit-log?pageSize=${1 + (await auditCount()) - before}`)).body.result;
  expect(after.totalCount - before).toBe(1);
  const [entry] = after.data;
  expect(entry).toMatchObject({ actorUsername: 'admin', ip: '127.0.0.1' });
  return { res, entry };
}

const likert = (stem: string, scores: number[]) => ({
  stem: { en: stem },
  type: 'likert',
  options: scores.map((score, i) => ({ label: String(i + 1), text: { en: `Option ${i + 1}` }, score })),
});

const SCORING = {
  dimensions: [
    {
      key: 'total',
      name: { en: 'Total' },
      bands: [{ min: 0, max: 2, level: 'all', label: { en: 'All' }, colour: 'normal' }],
    },
  ],
};

describe('test changes in the audit log', () => {
  it('leaves one entry per change with the changed fields, and none for a refused change', async () => {
    const { res: created, entry: create } = await audited(() =>
      api('POST', '/tests', { title: { en: 'Audited' }, priceFen: 100, categoryIds: [1] }),
    );
    const id = created.body.result.id;
    expect(create).toMatchObject({ entityType: 'test', entityId: String(id), action: 'create' });
    expect(create.changes).toMatchObject({
      titleEn: { to: 'Audited' },
      priceFen: { to: 100 },
      status: { to: 'draft' },
      categoryIds: { to: [1] },
    });
    expect(Object.values(create.changes).every((c: any) => !('from' in c))).toBe(true);

    const { entry: update } = await audited(() =>
      api('PUT', `/tests/${id}`, { title: { en: 'Audited test' }, priceFen: 100, categoryIds: [1, 2] }),
    );
    expect(update).toMatchObject({ action: 'update', entityId: String(id) });
    expect(update.changes).toEqual({
      titleEn: { from: 'Audited', to: 'Audited test' },
      categoryIds: { from: [1], to: [1, 2] },
    });

    const refusedBefore = await auditCount();
    expect((await api('POST', `/tests/${id}/publish`)).status).toBe(409);
    expect((await api('PUT', '/tests/99999', { title: { en: 'x' }, categoryIds: [1] })).status).toBe(404);
    expect(await auditCount()).toBe(refusedBefore);

    const { entry: scoring } = await audited(() => api('PUT', `/tests/${id}/scoring`, SCORING));
    expect(scoring.action).toBe('update');
    expect(Object.keys(scoring.changes)).toEqual(['scoring']);
    expect(scoring.changes.scoring.to.dimensions[0].key).toBe('total');

    await api('POST', `/tests/${id}/questions`, likert('Q', [0, 2]));
    const { entry: publish } = await audited(() => api('POST', `/tests/${id}/publish`));
    expect(publish.action).toBe('enable');
    expect(publish.changes).toEqual({
      status: { from: 'draft', to: 'on_shelf' },
      version: { from: 0, to: 1 },
      publishedAt: { from: null, to: expect.any(String) },
    });
    const { entry: unpublish } = await audited(() => api('POST', `/tests/${id}/unpublish`));
    expect(unpublish).toMatchObject({
      action: 'disable',
      changes: { status: { from: 'on_shelf', to: 'off_shelf' } },
    });
    expect(Object.keys(unpublish.changes)).toEqual(['status']);

    const { res: copied, entry: duplicate } = await audited(() => api('POST', `/tests/${id}/duplicate`));
    const copy = copied.body.result;
    expect(duplicate).toMatchObject({ entityId: String(copy.id), action: 'create' });
    expect(duplicate.changes).toMatchObject({
      titleEn: { to: 'Audited test (copy)' },
      copiedFrom: { to: id },
      questionIds: { to: [expect.any(Number)] },
    });

    const document = (await api('GET', `/tests/${id}/document`)).body;
    const { res: imported, entry: importEntry } = await audited(() => api('POST', '/tests/import', document));
    expect(importEntry).toMatchObject({ entityId: String(imported.body.result.test.id), action: 'import' });
    expect(importEntry.changes).toMatchObject({ titleEn: { to: 'Audited test' }, status: { to: 'draft' } });
    expect(importEntry.changes.questionIds.to).toHaveLength(1);

    const { entry: remove } = await audited(() => api('DELETE', `/tests/${copy.id}`));
    expect(remove).toMatchObject({ entityId: String(copy.id), action: 'delete' });
    expect(remove.changes).toMatchObject({
      titleEn: { from: 'Audited test (copy)' },
      categoryIds: { from: [1, 2] },
    });
    expect(Object.values(remove.changes).every((c: any) => !('to' in c))).toBe(true);
  });
});

describe('question changes in the audit log', () => {
  it('records a change of one question on the question, and list changes as one entry on the test', async () => {
    const testId = (await api('POST', '/tests', { title: { en: 'Audited questions' }, categoryIds: [1] }))
      .body.result.id;
    const { res: added, entry: create } = await audited(() =>
      api('POST', `/tests/${testId}/questions`, likert('First', [0, 1])),
    );
    const first = added.body.result.id;
    expect(create).toMatchObject({ entityType: 'question', entityId: String(first), action: 'create' });
    expect(create.changes).toMatchObject({
      testId: { to: testId },
      position: { to: 1 },
      stemEn: { to: 'First' },
    });

    const { entry: update } = await audited(() =>
      api('PUT', `/questions/${first}`, likert('First!', [0, 1])),
    );
    expect(update).toMatchObject({ entityType: 'question', entityId: String(first), action: 'update' });
    expect(update.changes).toEqual({ stemEn: { from: 'First', to: 'First!' } });

    const ids = [first];
    for (const stem of ['Second', 'Third'])
      ids.push((await api('POST', `/tests/${testId}/questions`, likert(stem, [0, 1]))).body.result.id);

    const { entry: reorder } = await audited(() =>
      api('PUT', `/tests/${testId}/questions/order`, { ids: [ids[2], ids[0], ids[1]] }),
    );
    expect(reorder).toMatchObject({ entityType: 'test', entityId: String(testId), action: 'update' });
    expect(reorder.changes).toEqual({ questionIds: { from: ids, to: [ids[2], ids[0], ids[1]] } });

    const { entry: bulk } = await audited(() =>
      api('POST', `/tests/${testId}/questions/bulk-delete`, { ids: [ids[0], ids[1]] }),
    );
    expect(bulk).toMatchObject({ entityType: 'test', entityId: String(testId), action: 'update' });
    expect(bulk.changes).toEqual({ questionIds: { from: [ids[2], ids[0], ids[1]], to: [ids[2]] } });

    const csv = (await api('GET', `/tests/${testId}/questions/export?format=csv`)).body as string;
    const { res: imported, entry: importEntry } = await audited(() =>
      server.call(admin, {
        method: 'POST',
        url: `/api/tests/${testId}/questions/import?mode=append`,
        ...multipart(csv, 'q.csv'),
      }),
    );
    expect(imported.body.result).toEqual({ imported: 1, total: 2 });
    expect(importEntry).toMatchObject({ entityType: 'test', entityId: String(testId), action: 'import' });
    expect(importEntry.changes.questionIds.from).toEqual([ids[2]]);
    expect(importEntry.changes.questionIds.to).toEqual([ids[2], expect.any(Number)]);

    const { entry: remove } = await audited(() => api('DELETE', `/questions/${ids[2]}`));
    expect(remove).toMatchObject({ entityType: 'question', entityId: String(ids[2]), action: 'delete' });
    expect(remove.changes).toMatchObject({ stemEn: { from: 'Third' }, testId: { from: testId } });

    const refusedBefore = await auditCount();
    expect((await api('POST', `/tests/${testId}/questions/bulk-delete`, { ids: [ids[0]] })).status).toBe(400);
    expect(await auditCount()).toBe(refusedBefore);
  });
});
