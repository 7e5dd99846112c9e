import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from './helpers.ts';

let server: TestServer;
let nobody: string;

beforeAll(async () => {
  server = await createTestServer();
  // A role that may open the console but holds no resource permission.
  nobody = (await server.accountWithRole('nobody', { dashboard: ['query', 'get'] })).token;
});
afterAll(() => server.close());

const urlOf = (url: string) => url.replaceAll(':id', '1');

describe('access control, generated from the route table', () => {
  it('answers 401 without a session, or with an unknown token, on every non-public route', async () => {
    const guarded = server.app.apiRoutes.filter((r) => !('public' in r.access));
    expect(guarded.length).toBeGreaterThan(8);
    for (const route of guarded) {
      for (const token of [null, 'not-a-real-token']) {
        const res = await server.call(token, { method: route.method as 'GET', url: urlOf(route.url) });
        expect(res.status, `${route.method} ${route.url} with ${token}`).toBe(401);
        expect(res.body).toMatchObject({
          code: 401,
          success: false,
          result: { error: 'auth.signInRequired' },
        });
        expect(typeof res.body.timestamp).toBe('number');
      }
    }
  });

  it('answers 403 on every permission route when the role lacks that action', async () => {
    const protectedRoutes = server.app.apiRoutes.filter(
      (r) => 'permission' in r.access || 'anyOf' in r.access,
    );
    expect(protectedRoutes.length).toBeGreaterThan(8);
    for (const route of protectedRoutes) {
      const res = await server.call(nobody, { method: route.method as 'GET', url: urlOf(route.url) });
      expect(res.status, `${route.method} ${route.url}`).toBe(403);
      if ('permission' in route.access) {
        expect(res.body.message).toContain(`${route.access.permission}.${route.access.action}`);
      }
    }
  });

  it('keeps the token kinds apart on every route: staff tokens on client routes, participant tokens elsewhere', async () => {
    const admin = await server.login();
    const participant = (await server.call(null, { method: 'POST', url: '/api/client/session', payload: {} }))
      .body.result.token as string;
    const guarded = server.app.apiRoutes.filter((r) => !('public' in r.access));
    expect(guarded.filter((r) => 'participant' in r.access).length).toBeGreaterThan(1);
    for (const route of guarded) {
      const token = 'participant' in route.access ? admin : participant;
      const res = await server.call(token, { method: route.method as 'GET', url: urlOf(route.url) });
      expect(res.status, `${route.method} ${route.url}`).toBe(401);
      expect(res.body.result.error).toBe('auth.signInRequired');
    }
  });

  it('checks the session before validating input, so anonymous callers learn nothing', async () => {
    const res = await server.call(null, { method: 'POST', url: '/api/categories', payload: { junk: true } });
    expect(res.status).toBe(401);
  });

  it('lets a viewer read but not change', async () => {
    const viewer = (await server.accountWithRole('viewer')).token;
    expect((await server.call(viewer, { method: 'GET', url: '/api/categories' })).status).toBe(200);
    expect((await server.call(viewer, { method: 'GET', url: '/api/categories/1' })).status).toBe(200);
    const create = await server.call(viewer, {
      method: 'POST',
      url: '/api/categories',
      payload: { nameZh: '新', nameEn: 'New' },
    });
    expect(create.status).toBe(403);
    expect((await server.call(viewer, { method: 'POST', url: '/api/categories/1/disable' })).status).toBe(
      403,
    );
  });
});
