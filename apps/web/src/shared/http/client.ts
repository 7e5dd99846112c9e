import { type Envelope, REQUEST_TIMEOUT_MS, type ResultOf, type ResultSchema } from '@cool/shared';
import axios, { type AxiosRequestConfig, isAxiosError } from 'axios';
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

  constructor(status: number, message: string, result: unknown = null) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.result = result;
    const errors = (result as { errors?: unknown } | null)?.errors;
    this.fieldErrors = Array.isArray(errors) ? (errors as FieldError[]) : [];
  }
}

/** Status used when no HTTP answer arrived (offline, timeout). */
export const NETWORK_ERROR_STATUS = 0;

const LOGIN_URL = '/account/login';

export const http = axios.create({ baseURL: '/api', timeout: REQUEST_TIMEOUT_MS });

http.interceptors.request.use((config) => {
  // Read storage on every call so an expired token is never sent.
  const token = readToken();
  if (token) config.headers.set('Authorization', token);
  return config;
});

http.interceptors.response.use(
  (response) => response,
  (error: unknown) => {
    if (!isAxiosError(error)) throw error;
    const response = error.response;
    if (!response) {
      throw new ApiError(NETWORK_ERROR_STATUS, error.code === 'ECONNABORTED' ? 'timeout' : 'network');
    }
    const body = response.data as Partial<Envelope<unknown>> | undefined;
    if (response.status === 401 && error.config?.url !== LOGIN_URL) {
      // The session is gone server-side: sign out; the route guard sends the user to login with a redirect.
      useAuthStore.getState().signOut();
    }
    throw new ApiError(response.status, body?.message || error.message, body?.result ?? null);
  },
);

/**
 * Calls typed by the endpoint's response schema from `@cool/shared`: each resolves with the envelope's
 * `result` as `z.infer` of that schema (null for endpoints that answer `result: null`), so a field the server
 * renames fails typecheck here. The schema is not run on the answer: the server's serializer already checks
 * every answer against the same schema, so parsing again would only cost the console CPU.
 */
async function call<S extends ResultSchema>(_schema: S, request: Promise<{ data: Envelope<unknown> }>) {
  const { data } = await request;
  return data.result as ResultOf<S>;
}

export const api = {
  get: <S extends ResultSchema>(url: string, schema: S, config?: AxiosRequestConfig) =>
    call(schema, http.get(url, config)),
  post: <S extends ResultSchema>(url: string, schema: S, body?: unknown, config?: AxiosRequestConfig) =>
    call(schema, http.post(url, body, config)),
  put: <S extends ResultSchema>(url: string, schema: S, body?: unknown, config?: AxiosRequestConfig) =>
    call(schema, http.put(url, body, config)),
  delete: <S extends ResultSchema>(url: string, schema: S, config?: AxiosRequestConfig) =>
    call(schema, http.delete(url, config)),
};
