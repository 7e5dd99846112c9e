import type { Envelope, Language } from '@cool/shared';
import { REQUEST_TIMEOUT_MS } from '@cool/shared';

/**
 * The participant app's calls to `/api/client/*`. The participant token lives in localStorage; the first
 * call of a visit without one starts an anonymous session (`POST /api/client/session`), and a 401 (the
 * session expired or was erased) starts a new one and sends the call once more.
 */

const TOKEN_KEY = 'h5-token';

/** A refused field of a 400 `request.invalid`: the field and its own code (`channel`, `order.openidRequired`). */
export interface FieldRefusal {
  field: string;
  error: string;
}

export class ClientError extends Error {
  readonly status: number;
  /** The server's stable code (`record.notFound`), when it sent one. */
  readonly code: string | null;
  /** The refused fields of a 400 `request.invalid`, each with its own code. */
  readonly fields: FieldRefusal[];

  constructor(status: number, message: string, code: string | null = null, fields: FieldRefusal[] = []) {
    super(message);
    this.name = 'ClientError';
    this.status = status;
    this.code = code;
    this.fields = fields;
  }
}

const fieldRefusals = (result: unknown): FieldRefusal[] => {
  const errors = (result as { errors?: unknown } | null)?.errors;
  return Array.isArray(errors)
    ? errors.filter((e): e is FieldRefusal => typeof e?.field === 'string' && typeof e?.error === 'string')
    : [];
};

/**
 * What to tell a participant about a failed call, in the page's language: the server's own message (sent in that
 * language), else what went wrong when no answer arrived or one came without the server's code (a proxy's).
 */
export function errorMessage(
  error: unknown,
  t: (key: 'error.timeout' | 'error.network' | 'error.server' | 'error.unknown') => string,
): string {
  if (!(error instanceof ClientError)) return t('error.unknown');
  if (error.status === 0) return t(error.message === 'timeout' ? 'error.timeout' : 'error.network');
  if (error.code === null) return t(error.status >= 500 ? 'error.server' : 'error.unknown');
  return error.message;
}

/** The page's language (i18n sets `<html lang>`): the server's messages and a new participant's locale. */
const pageLanguage = (): Language => (document.documentElement.lang === 'zh-CN' ? 'zh-CN' : 'en-US');

function readToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_KEY);
  } catch {
    return memoryToken;
  }
}

// Storage can be refused (private mode in some WebViews): the session then lasts the visit.
let memoryToken: string | null = null;
function storeToken(token: string | null) {
  memoryToken = token;
  try {
    if (token) localStorage.setItem(TOKEN_KEY, token);
    else localStorage.removeItem(TOKEN_KEY);
  } catch {}
}

async function send(method: string, path: string, body: unknown, token: string | null): Promise<Response> {
  const headers = new Headers({ 'Accept-Language': pageLanguage() });
  if (token) headers.set('Authorization', token);
  if (body !== undefined) headers.set('Content-Type', 'application/json');
  try {
    return await fetch(`/api/client${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  } catch (error) {
    throw new ClientError(0, error instanceof Error && error.name === 'TimeoutError' ? 'timeout' : 'network');
  }
}

async function read<T>(response: Response): Promise<T> {
  const envelope = (await response.json().catch(() => null)) as Envelope<unknown> | null;
  if (!response.ok || !envelope?.success) {
    const code = (envelope?.result as { error?: unknown } | null)?.error;
    throw new ClientError(
      response.status,
      envelope?.message || `Request failed with status code ${response.status}`,
      typeof code === 'string' ? code : null,
      fieldRefusals(envelope?.result),
    );
  }
  return envelope.result as T;
}

let starting: Promise<string> | null = null;

/** The stored token, or a new anonymous session's; concurrent callers share one start. */
export function ensureSession(): Promise<string> {
  const token = readToken();
  if (token) return Promise.resolve(token);
  starting ??= send('POST', '/session', { locale: pageLanguage() }, null)
    .then((response) => read<{ token: string }>(response))
    .then(({ token: started }) => {
      storeToken(started);
      return started;
    })
    .finally(() => {
      starting = null;
    });
  return starting;
}

export async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
  const token = await ensureSession();
  const response = await send(method, path, body, token);
  if (response.status !== 401) return read<T>(response);
  // Only the token that failed is dropped: a parallel call may have started a new session already.
  if (readToken() === token) storeToken(null);
  return read<T>(await send(method, path, body, await ensureSession()));
}
