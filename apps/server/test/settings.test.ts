import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from './helpers.ts';

let server: TestServer;
let admin: string;

beforeAll(async () => {
  server = await createTestServer();
  admin = await server.login();
});
afterAll(() => server.close());

const put = (token: string, payload: object) =>
  server.call(token, { method: 'PUT', url: '/api/settings/promotion', payload });
const get = (token: string) => server.call(token, { method: 'GET', url: '/api/settings/promotion' });

describe('promotion link setting', () => {
  it('is off until staff set it', async () => {
    expect((await get(admin)).body.result).toEqual({ enabled: false, text: { zh: '', en: '' }, url: '' });
  });

  it('is saved by a settings editor and shown to every signed-in role', async () => {
    const link = {
      enabled: true,
      text: { zh: '春季活动', en: 'Spring campaign' },
      url: 'https://example.com/spring',
    };
    const res = await put(admin, link);
    expect(res.status).toBe(200);
    expect(res.body.result).toEqual(link);
    const finance = await server.accountWithRole('finance');
    expect((await get(finance.token)).body.result).toEqual(link);
  });

  it('needs settings.edit to change', async () => {
    const operator = await server.accountWithRole('operator');
    const res = await put(operator.token, { enabled: false, text: {} });
    expect(res.status).toBe(403);
    expect((await get(admin)).body.result.enabled).toBe(true);
  });

  it('refuses a shown link without URL or text, and unsafe URLs, keeping the old value', async () => {
    const noUrl = await put(admin, { enabled: true, text: { en: 'Go' } });
    expect(noUrl.status).toBe(400);
    expect(noUrl.body.result.errors[0].field).toBe('url');
    const noText = await put(admin, { enabled: true, text: {}, url: '/game' });
    expect(noText.body.result.errors[0].field).toBe('text');
    const script = await put(admin, { enabled: true, text: { en: 'x' }, url: 'javascript:alert(1)' });
    expect(script.status).toBe(400);
    expect((await get(admin)).body.result.url).toBe('https://example.com/spring');
  });

  it('can be switched off without a URL', async () => {
    const res = await put(admin, { enabled: false, text: {} });
    expect(res.status).toBe(200);
    expect((await get(admin)).body.result).toEqual({ enabled: false, text: { zh: '', en: '' }, url: '' });
  });
});

describe('promotion link changes in the audit log', () => {
  it('leaves one entry per save with the changed fields', async () => {
    const entries = async () =>
      (
        await server.call(admin, {
          method: 'GET',
          url: '/api/audit-log?entityType=settings&entityId=promotion&pageSize=100&sortField=time&sortOrder=ascend',
        })
      ).body.result.data;
    const before = (await entries()).length;
    const link = { enabled: true, text: { zh: '夏季', en: 'Summer' }, url: 'https://example.com/summer' };
    expect((await put(admin, link)).status).toBe(200);
    expect((await put(admin, { enabled: true, text: {}, url: '/x' })).status).toBe(400);
    const added = (await entries()).slice(before);
    expect(added).toHaveLength(1);
    expect(added[0]).toMatchObject({ action: 'update', actorUsername: 'admin' });
    expect(added[0].changes).toEqual({
      enabled: { from: false, to: true },
      text: { from: { zh: '', en: '' }, to: { zh: '夏季', en: 'Summer' } },
      url: { from: '', to: 'https://example.com/summer' },
    });
  });
});
