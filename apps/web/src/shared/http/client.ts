import {
  BACKGROUND_HEADER,
  type Envelope,
  OUTCOME_UNKNOWN_CODES,
  type pageSchema,
  REQUEST_TIMEOUT_MS,
  type ResultOf,
  type ResultSchema,
} from '@cool/shared';
import { loadErrorMessages } from '../i18n/i18n.ts';
import { useAuthStore } from '../session/authStore.ts';
import { readToken } from '../session/tokenStorage.ts';

export interface FieldError {
  field: string;
  message: string;
}

/** A failed call: `message` is the server's own text when it sent one, so screens can show it as is. */
export class ApiError extends Error {
  readonly status: number;
  readonly fieldErrors: FieldError[];
  readonly result: unknown;
  /** Whether the answer was the server's envelope, not a proxy's or a gateway's page (whose text is in no one's language). */
  readonly fromServer: boolean;

  constructor(status: number, message: string, result: unknown = null, fromServer = true) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.result = result;
    this.fromServer = fromServer;
    const errors = (result as { errors?: unknown } | null)?.errors;
    this.fieldErrors = Array.isArray(errors) ? (errors as FieldError[]) : [];
  }
}

/** The error code of an API refusal (`result.error`, e.g. `test.changedMeanwhile`), if it is one. */
export const errorCodeOf = (error: unknown): unknown =>
  error instanceof ApiError ? (error.result as { error?: unknown } | null)?.error : undefined;

/** Status used when no HTTP answer arrived (offline, timeout). */
export const NETWORK_ERROR_STATUS = 0;

/**
 * A failure that does not tell whether the server did what it was asked: no answer arrived (a time-out, a
 * network error), a proxy's 5xx in front of the server, the server's own failure (`server.internal`, which may
 * come after WeChat Pay was asked), or WeChat Pay's unclear answer (OUTCOME_UNKNOWN_CODES). Money-moving calls
 * say so instead of "not done". Any other answer of the server (a 4xx, 503 `wechatpay.notConfigured` before
 * asking WeChat Pay, WeChat Pay's own refusal) says what happened.
 */
export function outcomeUnknown(error: unknown): boolean {
  if (!(error instanceof ApiError) || error.status === NETWORK_ERROR_STATUS) return true;
  if (error.status < 500) return false;
  const code = errorCodeOf(error);
  return (
    !error.fromServer ||
    typeof code !== 'string' ||
    code === 'server.internal' ||
    OUTCOME_UNKNOWN_CODES.includes(code)
  );
}

const LOGIN_URL = '/account/login';

export interface RequestOptions {
  /** Query parameters; undefined and null ones are left out. */
  params?: object;
  /** Milliseconds until the call gives up with the `timeout` error (the whole answer, body included). */
  timeout?: number;
  /** The caller's cancellation (react-query's, for one); it rejects with the abort error itself. */
  signal?: AbortSignal;
  /** Made by the console on its own, not by the person (BACKGROUND_HEADER): it does not keep the session alive. */
  background?: boolean;
  /** A change made from this version of what it changes (`If-Match`); the server refuses it once that changed. */
  ifMatch?: string;
}

interface SendOptions extends RequestOptions {
  method?: string;
  body?: unknown;
}

function urlOf(path: string, params: object | undefined): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params ?? {})) {
    if (value !== undefined && value !== null) query.append(key, String(value));
  }
  const search = query.toString();
  return `/api${path}${search ? `?${search}` : ''}`;
}

async function failure(path: string, response: Response): Promise<ApiError> {
  const [body] = await Promise.all([
    response.json().catch(() => null) as Promise<Partial<Envelope<unknown>> | null>,
    // The error's text must be there when the caller shows it; a failed download leaves the server's message.
    loadErrorMessages().catch(() => undefined),
  ]);
  if (response.status === 401 && path !== LOGIN_URL) {
    // The session is gone server-side: sign out; the route guard sends the user to login with a redirect.
    useAuthStore.getState().signOut();
  }
  return new ApiError(
    response.status,
    body?.message || `Request failed with status code ${response.status}`,
    body?.result ?? null,
    typeof body?.success === 'boolean',
  );
}

/**
 * One call to the API: `/api` before the path, the stored token, a JSON (or FormData) body and a timeout that
 * covers reading the answer too. A 2xx answer goes to `read` (default: the answer itself); any other answer, a
 * timeout or no answer at all rejects with an ApiError; the caller's own cancellation rejects as it is.
 */
export async function request<T = Response>(
  path: string,
  options: SendOptions = {},
  read: (response: Response) => Promise<T> = async (response) => response as T,
): Promise<T> {
  const { method = 'GET', body, params, timeout = REQUEST_TIMEOUT_MS, signal, background, ifMatch } = options;
  const headers = new Headers();
  // Read storage on every call so an expired token is never sent.
  const token = readToken();
  if (token) headers.set('Authorization', token);
  if (background) headers.set(BACKGROUND_HEADER, '1');
  if (ifMatch !== undefined) headers.set('If-Match', `"${ifMatch}"`);
  const isForm = body instanceof FormData;
  if (body !== undefined && !isForm) headers.set('Content-Type', 'application/json');
  const deadline = AbortSignal.timeout(timeout);
  try {
    const response = await fetch(urlOf(path, params), {
      method,
      headers,
      body: body === undefined || isForm ? (body as FormData | undefined) : JSON.stringify(body),
      signal: signal ? AbortSignal.any([signal, deadline]) : deadline,
    });
    if (!response.ok) throw await failure(path, response);
    return await read(response);
  } catch (error) {
    if (error instanceof ApiError || signal?.aborted) throw error;
    throw new ApiError(NETWORK_ERROR_STATUS, deadline.aborted ? 'timeout' : 'network');
  }
}

/**
 * Calls typed by the endpoint's response schema from `@cool/shared`: each resolves with the envelope's
 * `result` as `z.infer` of that schema (null for endpoints that answer `result: null`), so a field the server
 * renames fails typecheck here. The schema is not run on the answer: the server's serializer already checks
 * every answer against the same schema, so parsing again would only cost the console CPU.
 */
const call = <S extends ResultSchema>(_schema: S, path: string, options: SendOptions) =>
  request(
    path,
    options,
    async (response) => ((await response.json()) as Envelope<unknown>).result as ResultOf<S>,
  );

/**
 * Stands in for a response schema where only its type is imported (`typed<typeof userInfoSchema>()`): the
 * schema is never run, and importing it as a value would bring zod along.
 */
export const typed = <S extends ResultSchema>() => null as unknown as S;

/** `typed` for a paged list of `Item`s (`typedPage<typeof testSchema>()`). */
export const typedPage = <Item extends Parameters<typeof pageSchema>[0]>() =>
  typed<ReturnType<typeof pageSchema<Item>>>();

export const api = {
  get: <S extends ResultSchema>(path: string, schema: S, options?: RequestOptions) =>
    call(schema, path, { ...options, method: 'GET' }),
  post: <S extends ResultSchema>(path: string, schema: S, body?: unknown, options?: RequestOptions) =>
    call(schema, path, { ...options, method: 'POST', body }),
  put: <S extends ResultSchema>(path: string, schema: S, body?: unknown, options?: RequestOptions) =>
    call(schema, path, { ...options, method: 'PUT', body }),
  delete: <S extends ResultSchema>(path: string, schema: S, options?: RequestOptions) =>
    call(schema, path, { ...options, method: 'DELETE' }),
};
