import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ClientError, call, errorMessage } from './client.ts';

/** A fetch that answers from a list of (method path) -> [status, envelope result], recording each request. */
function fakeFetch(answers: Record<string, [number, unknown][]>) {
  const seen: { method: string; path: string; token: string | null; body: unknown }[] = [];
  const fetch = vi.fn(async (url: string, init: RequestInit) => {
    const path = new URL(url, 'http://localhost').pathname;
    const method = init.method ?? 'GET';
    const headers = new Headers(init.headers);
    seen.push({
      method,
      path,
      token: headers.get('Authorization'),
      body: init.body ? JSON.parse(String(init.body)) : undefined,
    });
    const [status, result] = answers[`${method} ${path}`]?.shift() ?? [500, null];
    return new Response(
      JSON.stringify({
        code: status < 300 ? 0 : status,
        success: status < 300,
        message: `answer ${status}`,
        result,
      }),
      { status, headers: { 'content-type': 'application/json' } },
    );
  });
  vi.stubGlobal('fetch', fetch);
  return seen;
}

beforeEach(() => {
  localStorage.clear();
  document.documentElement.lang = 'zh-CN';
});
afterEach(() => vi.unstubAllGlobals());

describe('the participant API client', () => {
  it('starts an anonymous session on the first call, in the page language, and keeps its token', async () => {
    const seen = fakeFetch({
      'POST /api/client/session': [[201, { token: 'first' }]],
      'GET /api/client/tests': [
        [200, { data: [1] }],
        [200, { data: [2] }],
      ],
    });
    expect(await call('GET', '/tests')).toEqual({ data: [1] });
    expect(await call('GET', '/tests')).toEqual({ data: [2] });
    expect(seen.map((r) => [r.method, r.path, r.token])).toEqual([
      ['POST', '/api/client/session', null],
      ['GET', '/api/client/tests', 'first'],
      ['GET', '/api/client/tests', 'first'],
    ]);
    expect(seen[0]!.body).toEqual({ locale: 'zh-CN' });
    expect(localStorage.getItem('h5-token')).toBe('first');
  });

  it('starts one session for calls made together', async () => {
    const seen = fakeFetch({
      'POST /api/client/session': [[201, { token: 'shared' }]],
      'GET /api/client/records': [
        [200, 'a'],
        [200, 'b'],
      ],
    });
    await Promise.all([call('GET', '/records'), call('GET', '/records')]);
    expect(seen.filter((r) => r.path === '/api/client/session')).toHaveLength(1);
  });

  it('on a 401 starts a new session and sends the call once more', async () => {
    localStorage.setItem('h5-token', 'expired');
    const seen = fakeFetch({
      'PUT /api/client/records/3/answers': [
        [401, { error: 'auth.unauthorized' }],
        [200, { id: 3 }],
      ],
      'POST /api/client/session': [[201, { token: 'fresh' }]],
    });
    expect(await call('PUT', '/records/3/answers', { answers: [1] })).toEqual({ id: 3 });
    expect(seen.map((r) => [r.method, r.path, r.token])).toEqual([
      ['PUT', '/api/client/records/3/answers', 'expired'],
      ['POST', '/api/client/session', null],
      ['PUT', '/api/client/records/3/answers', 'fresh'],
    ]);
    expect(localStorage.getItem('h5-token')).toBe('fresh');
  });

  it('rejects with the server message and code, and does not retry other failures', async () => {
    localStorage.setItem('h5-token', 'ok');
    const seen = fakeFetch({ 'GET /api/client/records/9': [[404, { error: 'record.notFound' }]] });
    const error = await call('GET', '/records/9').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ClientError);
    expect(error).toMatchObject({ status: 404, code: 'record.notFound', message: 'answer 404' });
    expect(seen).toHaveLength(1);
  });

  it("tells a participant what failed in the page's language, the server's message when it sent one", async () => {
    const t = (key: string) => `<${key}>`;
    localStorage.setItem('h5-token', 'ok');
    fakeFetch({ 'GET /api/client/records/9': [[404, { error: 'record.notFound' }]] });
    expect(errorMessage(await call('GET', '/records/9').catch((e: unknown) => e), t)).toBe('answer 404');
    // A proxy's own answer: no envelope, so no code and no text in anyone's language.
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>Bad Gateway</html>', { status: 502 })),
    );
    expect(errorMessage(await call('GET', '/records/9').catch((e: unknown) => e), t)).toBe('<error.server>');
    expect(errorMessage(new ClientError(0, 'timeout'), t)).toBe('<error.timeout>');
    expect(errorMessage(new ClientError(0, 'network'), t)).toBe('<error.network>');
    expect(errorMessage(new Error('boom'), t)).toBe('<error.unknown>');
  });
});
