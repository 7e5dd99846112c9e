import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, createTestServer, type TestServer } from './helpers.ts';

let server: TestServer;
let admin: string;
let adminId: number;
/** Someone who manages staff and roles, and nothing else. */
let manager: { id: number; username: string; token: string };

const STAFF = {
  accounts: ['add', 'delete', 'edit', 'query', 'get', 'enable', 'disable'],
  roles: ['add', 'edit', 'query', 'get', 'delete'],
};

beforeAll(async () => {
  server = await createTestServer();
  admin = await server.login();
  adminId = (await server.call(admin, { method: 'GET', url: '/api/user/info' })).body.result.id;
  manager = await server.accountWithRole('staff-manager', STAFF as never);
});
afterAll(() => server.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  server.call(manager.token, { method, url, ...(payload && { payload }) });
const refusal = (res: { status: number; body: { result: { error: string } } }) => [
  res.status,
  res.body.result.error,
];
const permissions = (grants: Record<string, string[]>) =>
  Object.entries(grants).map(([permissionId, actionList]) => ({ permissionId, actionList }));

describe('nobody gives themselves more rights than their role holds', () => {
  it('refuses an account with a role that grants more, and gives one within the manager’s rights', async () => {
    const res = await call('POST', '/api/accounts', {
      username: 'second-me',
      name: 'Second me',
      password: 'second-pass-1',
      roleId: 'admin',
    });
    expect(refusal(res)).toEqual([403, 'account.roleBeyondOwn']);
    expect(res.body.message).toBe('The role "admin" grants rights yours does not: you cannot give it');
    await expect(server.login('second-me', 'second-pass-1')).rejects.toThrow();

    const within = await call('POST', '/api/accounts', {
      username: 'helper',
      name: 'Helper',
      password: 'helper-pass-1',
      roleId: 'staff-manager',
    });
    expect(within.status).toBe(201);
    const promote = await call('PUT', `/api/accounts/${within.body.result.id}`, { roleId: 'operator' });
    expect(refusal(promote)).toEqual([403, 'account.roleBeyondOwn']);
  });

  it('leaves an administrator’s account alone: no password, reset, disabling or signing out', async () => {
    const refused = [
      await call('PUT', `/api/accounts/${adminId}`, { password: 'taken-over-1' }),
      await call('PUT', `/api/accounts/${adminId}`, { name: 'Taken over' }),
      await call('POST', `/api/accounts/${adminId}/reset-password`),
      await call('POST', `/api/accounts/${adminId}/disable`),
      await call('POST', `/api/accounts/${adminId}/revoke-sessions`),
    ];
    for (const res of refused) expect(refusal(res)).toEqual([403, 'account.beyondOwn']);
    // The administrator's password, name, status and session are as they were.
    expect(await server.login('admin', ADMIN_PASSWORD)).toBeTruthy();
    const info = await server.call(admin, { method: 'GET', url: '/api/user/info' });
    expect([info.status, info.body.result.name]).toEqual([200, 'Administrator']);
  });

  it('refuses a role, new or edited, that grants more than the manager’s own, and edits one within them', async () => {
    const wider = await call('POST', '/api/roles', {
      id: 'wider',
      name: 'Wider',
      permissions: permissions({ ...STAFF, tests: ['delete'] }),
    });
    expect(refusal(wider)).toEqual([403, 'role.beyondOwn']);
    expect(wider.body.result.params).toEqual({ permissions: 'tests.delete' });
    const own = await call('PUT', '/api/roles/staff-manager', {
      name: 'Staff manager',
      permissions: permissions({ ...STAFF, orders: ['refund'] }),
    });
    expect(refusal(own)).toEqual([403, 'role.beyondOwn']);
    const narrow = await call('POST', '/api/roles', {
      id: 'narrow',
      name: 'Narrow',
      permissions: permissions({ accounts: ['query'] }),
    });
    expect(narrow.status).toBe(201);
    expect((await call('PUT', '/api/roles/narrow', { name: 'Narrower', permissions: [] })).status).toBe(200);
    // A role holding what the manager lacks is out of reach, even to take rights away or delete it.
    await server.call(admin, {
      method: 'POST',
      url: '/api/roles',
      payload: { id: 'finance-plus', name: 'Finance plus', permissions: permissions({ orders: ['refund'] }) },
    });
    expect(refusal(await call('PUT', '/api/roles/finance-plus', { name: 'x', permissions: [] }))).toEqual([
      403,
      'role.beyondOwn',
    ]);
    expect(refusal(await call('DELETE', '/api/roles/finance-plus'))).toEqual([403, 'role.beyondOwn']);
  });

  it('lets an administrator do all of it', async () => {
    const res = await server.call(admin, {
      method: 'PUT',
      url: '/api/roles/finance-plus',
      payload: { name: 'Finance plus', permissions: permissions({ orders: ['refund', 'query'] }) },
    });
    expect(res.status).toBe(200);
    expect(
      (await server.call(admin, { method: 'POST', url: `/api/accounts/${manager.id}/revoke-sessions` }))
        .status,
    ).toBe(200);
  });
});
