import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../src/db/schema.ts';
import { createTestServer, type TestServer } from './helpers.ts';

let server: TestServer;
let admin: string;

beforeAll(async () => {
  server = await createTestServer();
  admin = await server.login();
});
afterAll(() => server.close());

const create = (payload: object) => server.call(admin, { method: 'POST', url: '/api/accounts', payload });
const total = async () =>
  (await server.call(admin, { method: 'GET', url: '/api/accounts?pageSize=1' })).body.result
    .totalCount as number;

describe('staff accounts', () => {
  it('lists the seeded roles with their permissions', async () => {
    const res = await server.call(admin, { method: 'GET', url: '/api/roles' });
    expect(res.body.result.map((r: { id: string }) => r.id)).toEqual([
      'admin',
      'operator',
      'finance',
      'viewer',
    ]);
    const viewer = res.body.result.find((r: { id: string }) => r.id === 'viewer');
    for (const entry of viewer.permissions) {
      expect(entry.actionList.every((a: string) => a === 'query' || a === 'get')).toBe(true);
    }
  });

  it('creates an account of each role that can sign in, and never returns the password', async () => {
    for (const roleId of ['admin', 'operator', 'finance', 'viewer']) {
      const res = await create({
        username: `new-${roleId}`,
        name: `New ${roleId}`,
        password: 'pass-1234',
        roleId,
      });
      expect(res.status).toBe(201);
      expect(res.body.result).toMatchObject({ username: `new-${roleId}`, roleId, status: 'enabled' });
      expect(JSON.stringify(res.body)).not.toMatch(/pass-1234|passwordHash|argon/);
      const token = await server.login(`new-${roleId}`, 'pass-1234');
      const info = await server.call(token, { method: 'GET', url: '/api/user/info' });
      expect(info.body.result.role.id).toBe(roleId);
    }
  });

  it('refuses duplicates (409), unknown roles and short passwords (400), writing nothing', async () => {
    const before = await total();
    expect(
      (await create({ username: 'NEW-ADMIN', name: 'x', password: 'pass-1234', roleId: 'viewer' })).status,
    ).toBe(409);
    const role = await create({ username: 'someone', name: 'x', password: 'pass-1234', roleId: 'wizard' });
    expect(role.status).toBe(400);
    expect(role.body.result.errors[0].field).toBe('roleId');
    const short = await create({ username: 'someone', name: 'x', password: '123', roleId: 'viewer' });
    expect(short.status).toBe(400);
    expect(short.body.message).toContain('password');
    expect(await total()).toBe(before);
  });

  it('pages and filters accounts', async () => {
    const res = await server.call(admin, { method: 'GET', url: '/api/accounts?roleId=finance&keyword=new' });
    expect(res.body.result.data.map((a: { username: string }) => a.username)).toEqual(['new-finance']);
    const page = await server.call(admin, { method: 'GET', url: '/api/accounts?pageSize=2&pageNo=1' });
    expect(page.body.result.data).toHaveLength(2);
    expect(page.body.result.totalPage).toBe(Math.ceil(page.body.result.totalCount / 2));
  });

  it('walks pages by cursor in the offset order, never-signed-in accounts last when ascending', async () => {
    await create({ username: 'idle-viewer', name: 'Idle', password: 'pass-1234', roleId: 'viewer' });
    const list = async (query: string) =>
      (await server.call(admin, { method: 'GET', url: `/api/accounts?sortField=lastLoginTime&${query}` }))
        .body.result;
    for (const order of ['ascend', 'descend']) {
      const all = (await list(`sortOrder=${order}&pageSize=100`)).data.map((a: { id: number }) => a.id);
      const walked: number[] = [];
      let cursor = '';
      for (let pageNo = 1; walked.length < all.length; pageNo++) {
        const page = await list(`sortOrder=${order}&pageSize=2&pageNo=${pageNo}${cursor}`);
        walked.push(...page.data.map((a: { id: number }) => a.id));
        cursor = page.nextCursor ? `&cursor=${page.nextCursor}` : '';
      }
      expect(walked).toEqual(all);
    }
    const ascending = (await list('sortOrder=ascend&pageSize=100')).data;
    expect(ascending.at(-1)).toMatchObject({ username: 'idle-viewer', lastLoginTime: null });
    expect(ascending[0].lastLoginTime).not.toBeNull();
  });

  it('a new password ends the account’s other sessions', async () => {
    const user = await server.accountWithRole('operator');
    const res = await server.call(admin, {
      method: 'PUT',
      url: `/api/accounts/${user.id}`,
      payload: { password: 'changed-123' },
    });
    expect(res.status).toBe(200);
    expect((await server.call(user.token, { method: 'GET', url: '/api/user/info' })).status).toBe(401);
    expect(await server.login(user.username, 'changed-123')).toBeTruthy();
  });

  it('an admin cannot change their own role', async () => {
    const me = (await server.call(admin, { method: 'GET', url: '/api/user/info' })).body.result.id;
    const role = await server.call(admin, {
      method: 'PUT',
      url: `/api/accounts/${me}`,
      payload: { roleId: 'viewer' },
    });
    expect(role.status).toBe(409);
  });
});

describe('the security phone an admin types', () => {
  it('is kept as SMS sign-in looks it up, and a malformed one is refused', async () => {
    const made = await create({
      username: 'spaced-phone',
      name: 'Spaced',
      password: 'spaced-pass-1',
      roleId: 'viewer',
      phone: '138 0013-8000',
    });
    expect([made.status, made.body.result.phone]).toEqual([201, '13800138000']);
    // SMS sign-in finds the account by the number as a phone sends it.
    const sms = await server.call(null, {
      method: 'POST',
      url: '/api/account/sms',
      payload: { mobile: '13800138000' },
    });
    expect(sms.status).toBe(200);
    const [sent] = await server.database.db
      .select()
      .from(messages)
      .where(eq(messages.recipient, '13800138000'));
    expect(sent).toBeDefined();
    const bad = await create({
      username: 'bad-phone',
      name: 'Bad',
      password: 'bad-pass-12',
      roleId: 'viewer',
      phone: 'call me',
    });
    expect([bad.status, bad.body.result.errors[0].field]).toEqual([400, 'phone']);
  });
});

describe('account changes in the audit log', () => {
  const entriesOf = async (id: number) =>
    (
      await server.call(admin, {
        method: 'GET',
        url: `/api/audit-log?entityType=account&entityId=${id}&pageSize=100&sortField=time&sortOrder=ascend`,
      })
    ).body.result.data;

  it('leaves one entry per change; a new password shows only as changed', async () => {
    const created = await create({
      username: 'audited',
      name: 'Audited',
      password: 'first-pass-1',
      roleId: 'viewer',
    });
    const id = created.body.result.id;
    const edit = (payload: object) =>
      server.call(admin, { method: 'PUT', url: `/api/accounts/${id}`, payload });
    await edit({ name: 'Audited Two', roleId: 'finance', password: 'second-pass-2' });
    await server.call(admin, { method: 'POST', url: `/api/accounts/${id}/disable` });

    const [add, update, disable, ...rest] = await entriesOf(id);
    expect(rest).toEqual([]);
    expect(add).toMatchObject({ action: 'create', actorUsername: 'admin', entityId: String(id) });
    expect(add.changes).toMatchObject({
      username: { to: 'audited' },
      name: { to: 'Audited' },
      roleId: { to: 'viewer' },
      status: { to: 'enabled' },
    });
    expect(update).toMatchObject({ action: 'update' });
    expect(update.changes).toEqual({
      name: { from: 'Audited', to: 'Audited Two' },
      roleId: { from: 'viewer', to: 'finance' },
      password: { changed: true },
    });
    expect(disable).toMatchObject({ action: 'disable' });
    expect(disable.changes).toEqual({ status: { from: 'enabled', to: 'disabled' } });
    const all = JSON.stringify([add, update, disable]);
    for (const secret of ['first-pass-1', 'second-pass-2', '$argon2', 'passwordHash']) {
      expect(all).not.toContain(secret);
    }
  });

  it('writes nothing for a refused change', async () => {
    const count = async () =>
      (await server.call(admin, { method: 'GET', url: '/api/audit-log?entityType=account&action=update' }))
        .body.result.totalCount;
    const creates = async () =>
      (await server.call(admin, { method: 'GET', url: '/api/audit-log?entityType=account&action=create' }))
        .body.result.totalCount;
    const [updatesBefore, createsBefore] = [await count(), await creates()];
    await create({ username: 'AUDITED', name: 'x', password: 'pass-1234', roleId: 'viewer' });
    await create({ username: 'x-role', name: 'x', password: 'pass-1234', roleId: 'wizard' });
    const me = (await server.call(admin, { method: 'GET', url: '/api/user/info' })).body.result.id;
    await server.call(admin, { method: 'PUT', url: `/api/accounts/${me}`, payload: { roleId: 'viewer' } });
    await server.call(admin, { method: 'PUT', url: '/api/accounts/99999', payload: { name: 'Nobody' } });
    expect([await count(), await creates()]).toEqual([updatesBefore, createsBefore]);
  });
});
