import { TOKEN_STORAGE_KEY } from '@cool/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../session/authStore.ts';
import { ApiError, api, NETWORK_ERROR_STATUS, request } from './client.ts';

const envelope = (result: unknown, code = 0, message = 'OK') => ({
  code,
  success: code === 0,
  message,
  result,
  timestamp: 0,
});

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The calls the client made through the stubbed fetch. */
function stubFetch(answer: (url: string, init: RequestInit) => Response | Promise<Response>) {
  const calls: { url: string; init: RequestInit }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return answer(url, init);
    }),
  );
  return calls;
}

describe('the HTTP client (fetch)', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('calls /api with the query, the stored token and a JSON body, and resolves with the result', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, JSON.stringify({ value: 'tok', expire: Date.now() + 60_000 }));
    const calls = stubFetch(() => json(envelope({ id: 7 })));
    await expect(
      api.post('/categories', null, { nameEn: 'A' }, { params: { mode: 'append', empty: undefined } }),
    ).resolves.toEqual({ id: 7 });
    expect(calls).toHaveLength(1);
    const { url, init } = calls[0]!;
    expect(url).toBe('/api/categories?mode=append');
    expect(init.method).toBe('POST');
    const headers = new Headers(init.headers);
    expect(headers.get('Authorization')).toBe('tok');
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(init.body).toBe(JSON.stringify({ nameEn: 'A' }));
  });

  it('sends FormData as is, with no token when none is stored', async () => {
    const calls = stubFetch(() => json(envelope({ url: '/u/1.png' })));
    const body = new FormData();
    body.append('file', new Blob(['x']), 'a.png');
    await api.post('/uploads', null, body);
    const headers = new Headers(calls[0]!.init.headers);
    expect(calls[0]!.init.body).toBe(body);
    expect(headers.has('Content-Type')).toBe(false);
    expect(headers.has('Authorization')).toBe(false);
  });

  it('rejects a failed call with the server message, status, result and field errors', async () => {
    const result = { error: 'field.invalid', errors: [{ field: 'nameEn', message: 'Required' }] };
    stubFetch(() => json(envelope(result, 400, 'Invalid input'), 400));
    const error = await api.get('/categories', null).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, message: 'Invalid input', result });
    expect((error as ApiError).fieldErrors).toEqual(result.errors);
  });

  it('names the status when an error answer is not an envelope', async () => {
    stubFetch(() => new Response('<html>Bad gateway</html>', { status: 502 }));
    await expect(api.get('/categories', null)).rejects.toMatchObject({
      status: 502,
      message: 'Request failed with status code 502',
      result: null,
      fromServer: false,
    });
  });

  it('signs out on a 401, except for the sign-in call itself', async () => {
    useAuthStore.setState({ token: 'tok' });
    stubFetch(() => json(envelope(null, 401, 'Unauthorized'), 401));
    await expect(api.post('/account/login', null, {})).rejects.toMatchObject({ status: 401 });
    expect(useAuthStore.getState().token).toBe('tok');
    await expect(api.get('/user/info', null)).rejects.toMatchObject({ status: 401 });
    expect(useAuthStore.getState().token).toBeNull();
  });

  it('gives up after the timeout with the timeout error', async () => {
    stubFetch(
      (_url, init) =>
        new Promise((_resolve, reject) =>
          init.signal!.addEventListener('abort', () => reject(init.signal!.reason)),
        ),
    );
    await expect(api.get('/slow', null, { timeout: 20 })).rejects.toMatchObject({
      status: NETWORK_ERROR_STATUS,
      message: 'timeout',
    });
  });

  it('reports no answer at all as a network error', async () => {
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(api.get('/categories', null)).rejects.toMatchObject({
      status: NETWORK_ERROR_STATUS,
      message: 'network',
    });
  });

  it('passes a caller cancellation through untouched', async () => {
    stubFetch(
      (_url, init) =>
        new Promise((_resolve, reject) =>
          init.signal!.addEventListener('abort', () => reject(init.signal!.reason)),
        ),
    );
    const controller = new AbortController();
    const call = api.get('/categories', null, { signal: controller.signal });
    controller.abort();
    await expect(call).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('gives raw access for files: the answer itself, errors still as ApiError', async () => {
    stubFetch((url) =>
      url.includes('missing')
        ? json(envelope(null, 404, 'No such test'), 404)
        : new Response('a,b', { headers: { 'content-disposition': 'attachment; filename="t.csv"' } }),
    );
    const response = await request('/tests/1/export', { params: { format: 'csv' } });
    expect(await response.text()).toBe('a,b');
    await expect(request('/tests/missing/export')).rejects.toMatchObject({
      status: 404,
      message: 'No such test',
    });
  });
});
