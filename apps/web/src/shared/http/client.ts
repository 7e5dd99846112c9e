import { type Envelope, REQUEST_TIMEOUT_MS } from '@cool/shared';
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

async function unwrap<T>(request: Promise<{ data: Envelope<T> }>): Promise<T> {
  const { data } = await request;
  return data.result;
}

/** Typed helpers: they resolve with the envelope's `result`. */
export const api = {
  get: <T>(url: string, config?: AxiosRequestConfig) => unwrap<T>(http.get(url, config)),
  post: <T>(url: string, body?: unknown, config?: AxiosRequestConfig) =>
    unwrap<T>(http.post(url, body, config)),
  put: <T>(url: string, body?: unknown, config?: AxiosRequestConfig) =>
    unwrap<T>(http.put(url, body, config)),
  delete: <T>(url: string, config?: AxiosRequestConfig) => unwrap<T>(http.delete(url, config)),
};
