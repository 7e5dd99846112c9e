import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from './helpers.ts';

let server: TestServer;
let admin: string;

beforeAll(async () => {
  server = await createTestServer();
  admin = await server.login();
});
afterAll(() => server.close());

const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  server.call(admin, { method, url, ...(payload && { payload }) });
const roleEntries = async (id: string) =>
  (await api('GET', `/api/audit-log?entityType=role&entityId=${id}&sortField=time&sortOrder=ascend`)).body
    .result.data;

const reviewer = {
  id: 'reviewer',
  name: 'Reviewer',
  describe: 'Reads records and follows up alerts',
  requireTwoStep: false,
  permissions: [
    { permissionId: 'records', actionList: ['query', 'get'] },
    { permissionId: 'alerts', actionList: ['query', 'get', 'edit'] },
    { permissionId: 'tests', actionList: [] },
  ],
};

describe('roles', () => {
  it('creates a role from the matrix; its accounts hold exactly those actions', async () => {
    const res = await api('POST', '/api/roles', reviewer);
    expect(res.status).toBe(201);
    expect(res.body.result).toMatchObject({ id: 'reviewer', requireTwoStep: false, builtIn: false });
    // A permission with no action is not stored.
    expect(res.body.result.permissions.map((p: { permissionId: string }) => p.permissionId)).toEqual([
      'records',
      'alerts',
    ]);
    const user = await server.accountWithRole('reviewer');
    expect((await server.call(user.token, { method: 'GET', url: '/api/records' })).status).toBe(200);
    expect((await server.call(user.token, { method: 'GET', url: '/api/orders' })).status).toBe(403);
    const [created] = await roleEntries('reviewer');
    expect(created).toMatchObject({ action: 'create', actorUsername: 'admin' });
    expect(created.changes.grants.to).toEqual({
      records: ['query', 'get'],
      alerts: ['query', 'get', 'edit'],
    });
  });

  it('lists built-in roles as such', async () => {
    const roles = (await api('GET', '/api/roles')).body.result;
    expect(roles.find((r: { id: string }) => r.id === 'admin')).toMatchObject({ builtIn: true });
    expect(roles.at(-1)).toMatchObject({ id: 'reviewer', builtIn: false });
  });

  it('refuses actions a permission does not have, bad ids and duplicates', async () => {
    const refund = await api('POST', '/api/roles', {
      ...reviewer,
      id: 'refunder',
      permissions: [{ permissionId: 'records', actionList: ['refund'] }],
    });
    expect(refund.status).toBe(400);
    expect(refund.body.result.errors[0]).toMatchObject({
      field: 'permissions.0.actionList',
      error: 'role.actionNotAllowed',
    });
    const unknown = await api('POST', '/api/roles', {
      ...reviewer,
      id: 'wizard',
      permissions: [{ permissionId: 'magic', actionList: ['query'] }],
    });
    expect(unknown.status).toBe(400);
    const badId = await api('POST', '/api/roles', { ...reviewer, id: 'Bad Id' });
    expect(badId.body.result.errors[0]).toMatchObject({ field: 'id', error: 'role.badId' });
    const twice = await api('POST', '/api/roles', reviewer);
    expect([twice.status, twice.body.result.error]).toEqual([409, 'role.duplicate']);
    expect(await roleEntries('refunder')).toEqual([]);
  });

  it('edits a custom role; the change reaches its accounts’ next request', async () => {
    const user = await server.accountWithRole('reviewer');
    const res = await api('PUT', '/api/roles/reviewer', {
      ...reviewer,
      id: undefined,
      name: 'Reviewer (orders)',
      permissions: [{ permissionId: 'orders', actionList: ['query'] }],
    });
    expect(res.status).toBe(200);
    expect(res.body.result).toMatchObject({ name: 'Reviewer (orders)' });
    expect((await server.call(user.token, { method: 'GET', url: '/api/orders' })).status).toBe(200);
    expect((await server.call(user.token, { method: 'GET', url: '/api/records' })).status).toBe(403);
    const update = (await roleEntries('reviewer')).at(-1);
    expect(update.action).toBe('update');
    expect(update.changes.name).toEqual({ from: 'Reviewer', to: 'Reviewer (orders)' });
    expect((await api('PUT', '/api/roles/nobody', { ...reviewer, id: undefined })).status).toBe(404);
  });

  it('creates a copy of a built-in role, as the console sends it, through the normal create', async () => {
    const finance = (await api('GET', '/api/roles')).body.result.find(
      (r: { id: string }) => r.id === 'finance',
    );
    const res = await api('POST', '/api/roles', {
      id: 'finance-copy',
      name: `Copy of ${finance.name}`,
      describe: finance.describe,
      requireTwoStep: finance.requireTwoStep,
      permissions: finance.permissions,
    });
    expect(res.status).toBe(201);
    expect(res.body.result).toMatchObject({ builtIn: false, permissions: finance.permissions });
    // The copy is the admin's own: editable, while the built-in one it came from is unchanged.
    const renamed = await api('PUT', '/api/roles/finance-copy', {
      name: 'Refunds desk',
      permissions: [{ permissionId: 'orders', actionList: ['query', 'get', 'refund'] }],
    });
    expect(renamed.status).toBe(200);
    const after = (await api('GET', '/api/roles')).body.result.find(
      (r: { id: string }) => r.id === 'finance',
    );
    expect(after.permissions).toEqual(finance.permissions);
    const [created] = await roleEntries('finance-copy');
    expect(created).toMatchObject({ action: 'create', actorUsername: 'admin' });
    expect(Object.keys(created.changes.grants.to).sort()).toEqual(
      finance.permissions.map((p: { permissionId: string }) => p.permissionId).sort(),
    );
  });

  it('keeps built-in roles read-only', async () => {
    const edit = await api('PUT', '/api/roles/viewer', { ...reviewer, id: undefined });
    expect([edit.status, edit.body.result.error]).toEqual([409, 'role.builtIn']);
    const remove = await api('DELETE', '/api/roles/admin');
    expect([remove.status, remove.body.result.error]).toEqual([409, 'role.builtIn']);
  });

  it('refuses deleting a role in use, with the count; deletes it once unused', async () => {
    const refused = await api('DELETE', '/api/roles/reviewer');
    expect([refused.status, refused.body.result.error]).toEqual([409, 'role.inUse']);
    expect(refused.body.message).toBe('Accounts with this role: 2. Give them another role first.');

    const unused = await api('POST', '/api/roles', { ...reviewer, id: 'unused', requireTwoStep: true });
    expect(unused.body.result.requireTwoStep).toBe(true);
    expect((await api('DELETE', '/api/roles/unused')).status).toBe(200);
    expect((await api('GET', '/api/roles')).body.result.some((r: { id: string }) => r.id === 'unused')).toBe(
      false,
    );
    const removed = (await roleEntries('unused')).at(-1);
    expect(removed.action).toBe('delete');
    expect(removed.changes.name).toEqual({ from: 'Reviewer' });
    expect((await api('DELETE', '/api/roles/unused')).status).toBe(404);
  });
});
