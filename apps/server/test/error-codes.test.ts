import { errorCodes } from '@cool/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpError } from '../src/http/reply.ts';
import { createTestServer, type TestServer } from './helpers.ts';

let server: TestServer;
let admin: string;

beforeAll(async () => {
  server = await createTestServer();
  admin = await server.login();
});
afterAll(() => server.close());

const zh = { 'accept-language': 'zh-CN,zh;q=0.9,en;q=0.8' };

/** Every error answer: the envelope, a catalogue code, and no validator or framework English. */
function expectEnvelope(body: any, status: number, error: string) {
  expect(body).toMatchObject({ code: status, success: false, result: { error } });
  expect(errorCodes()).toContain(error);
  expect(typeof body.message).toBe('string');
  expect(typeof body.timestamp).toBe('number');
}

describe('errors by code, in the language asked for', () => {
  it('only catalogue codes compile', () => {
    // @ts-expect-error not a code in packages/shared/src/errors
    expect(() => httpError(400, 'category.noSuchCode')).not.toThrow();
    // @ts-expect-error a code whose text names a parameter needs it
    expect(() => httpError(409, 'test.inUse')).not.toThrow();
  });

  it('answers a wrong password in Chinese for zh-CN and in English otherwise', async () => {
    const payload = { username: 'admin', password: 'wrong-password-1' };
    const url = '/api/account/login';
    const chinese = await server.call(null, { method: 'POST', url, payload, headers: zh });
    expect(chinese.status).toBe(401);
    expectEnvelope(chinese.body, 401, 'auth.invalidCredentials');
    expect(chinese.body.message).toBe('用户名或密码错误');
    const english = await server.call(null, { method: 'POST', url, payload });
    expect(english.body.message).toBe('Invalid username or password');
  });

  it('answers a duplicate category name and a category in use in Chinese', async () => {
    const create = (payload: object) =>
      server.call(admin, { method: 'POST', url: '/api/categories', payload, headers: zh });
    const duplicate = await create({ nameZh: '新分类', nameEn: 'PERSONALITY' });
    expect(duplicate.status).toBe(409);
    expectEnvelope(duplicate.body, 409, 'category.duplicateName');
    expect(duplicate.body.message).toBe('已存在相同中文或英文名称的分类');

    const category = await create({ nameZh: '语言', nameEn: 'Language check' });
    const test = await server.call(admin, {
      method: 'POST',
      url: '/api/tests',
      payload: { title: { en: 'Language test' }, categoryIds: [category.body.result.id] },
    });
    expect(test.status).toBe(201);
    const inUse = await server.call(admin, {
      method: 'DELETE',
      url: `/api/categories/${category.body.result.id}`,
      headers: zh,
    });
    expect(inUse.status).toBe(409);
    expectEnvelope(inUse.body, 409, 'category.inUse');
    expect(inUse.body.message).toBe('该分类下还有测试，请先移走或删除这些测试');
  });

  it('answers validation errors with field codes and parameters, in Chinese, never validator text', async () => {
    const res = await server.call(admin, {
      method: 'POST',
      url: '/api/categories',
      payload: { nameZh: 'x'.repeat(200), nameEn: 'ok', sortOrder: 'soon' },
      headers: zh,
    });
    expect(res.status).toBe(400);
    expectEnvelope(res.body, 400, 'request.invalid');
    const byField = Object.fromEntries(res.body.result.errors.map((e: { field: string }) => [e.field, e]));
    expect(byField.nameZh).toMatchObject({ error: 'field.tooLong', params: { maximum: expect.any(Number) } });
    expect(byField.nameZh.message).toMatch(/^最多输入 \d+ 个字符$/);
    expect(byField.sortOrder).toMatchObject({ error: 'field.invalidType', params: { expected: 'number' } });
    expect(res.body.message).toContain('nameZh: 最多输入');
    expect(JSON.stringify(res.body)).not.toMatch(/Invalid input|expected number|Too big/);
  });

  it('names a missing field as required and an unknown one as unknown', async () => {
    const res = await server.call(admin, {
      method: 'POST',
      url: '/api/categories',
      payload: { nameEn: 'Only English', colour: 'red' },
    });
    expect(res.status).toBe(400);
    const errors = res.body.result.errors.map((e: { field: string; error: string }) => [e.field, e.error]);
    expect(errors).toEqual(expect.arrayContaining([['colour', 'field.unknown']]));
    expect(JSON.stringify(res.body)).not.toMatch(/Invalid input|Unrecognized key/);
  });

  it('answers refinements by their own code with their parameters', async () => {
    const created = await server.call(admin, {
      method: 'POST',
      url: '/api/tests',
      payload: { title: { en: 'Scoring codes' }, categoryIds: [1] },
    });
    const dimension = { key: 'total', name: { en: 'Total' }, bands: [] };
    const res = await server.call(admin, {
      method: 'PUT',
      url: `/api/tests/${created.body.result.id}/scoring`,
      payload: { dimensions: [dimension, dimension] },
      headers: zh,
    });
    expect(res.status).toBe(400);
    expect(res.body.result.errors).toContainEqual({
      field: 'dimensions.1.key',
      error: 'field.duplicateKey',
      params: { key: 'total' },
      message: '键“total”重复',
    });
  });
});

describe("the framework's own errors, in the envelope", () => {
  it('414 for a path parameter over 100 characters, not echoing the URL', async () => {
    const long = 'x'.repeat(150);
    const res = await server.call(admin, { method: 'GET', url: `/api/tests/${long}` });
    expect(res.status).toBe(414);
    expectEnvelope(res.body, 414, 'request.uriTooLong');
    expect(JSON.stringify(res.body)).not.toContain(long);
  });

  it('413 for a body over the limit', async () => {
    const res = await server.call(admin, {
      method: 'POST',
      url: '/api/categories',
      payload: { nameZh: 'x'.repeat(2 * 1024 * 1024), nameEn: 'big' },
    });
    expect(res.status).toBe(413);
    expectEnvelope(res.body, 413, 'request.tooLarge');
  });

  it('415 for a content type no parser accepts', async () => {
    const res = await server.call(admin, {
      method: 'POST',
      url: '/api/categories',
      headers: { 'content-type': 'application/xml' },
      payload: '<category/>',
    });
    expect(res.status).toBe(415);
    expectEnvelope(res.body, 415, 'request.unsupportedMediaType');
  });

  it('404 for an unknown API route, in Chinese for zh-CN', async () => {
    const res = await server.call(admin, { method: 'GET', url: '/api/no-such-thing', headers: zh });
    expect(res.status).toBe(404);
    expectEnvelope(res.body, 404, 'request.notFound');
    expect(res.body.message).toBe('没有这个接口地址');
  });

  it('400 for malformed JSON', async () => {
    const res = await server.call(admin, {
      method: 'POST',
      url: '/api/categories',
      headers: { 'content-type': 'application/json' },
      payload: '{"nameZh":',
    });
    expect(res.status).toBe(400);
    expectEnvelope(res.body, 400, 'request.malformedJson');
    expect(res.body.message).toBe('The request body is not valid JSON');
  });
});
