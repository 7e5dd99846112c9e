import type { FastifyServerOptions } from 'fastify';

/** Where log lines go instead of stdout (tests read them). */
export interface LogStream {
  write(line: string): void;
}

/**
 * Properties of database errors that carry the values of the statement or row: drizzle's `params` (bound
 * parameters: password hashes, emails, phones) and pg's `detail`, `where`, `internalQuery`, `parameters`.
 */
const VALUE_FIELDS = new Set(['params', 'parameters', 'detail', 'where', 'internalQuery']);

/**
 * Query-string keys whose values name people or hold secrets; their values never reach a log line. An OAuth
 * callback's `code`/`authCode` and `state`, and a sign-in `ticket`, each open a session to whoever reads them.
 */
const PRIVATE_QUERY_KEYS =
  /^(keyword|username|name|email|phone|token|password|captcha|code|authCode|state|ticket)$/i;

interface LoggedError {
  type: string;
  message: string;
  stack: string;
  [key: string]: unknown;
}

/**
 * An error as a log entry: type, message, stack, its own fields and cause, but never a statement's values.
 * drizzle's DrizzleQueryError also spells its parameters out in its message (and so in its stack).
 */
export function errorForLog(error: Error, depth = 0): LoggedError {
  // Also called with whatever a caller logged as `err`, which is not always an Error.
  if (typeof error !== 'object' || error === null)
    return { type: typeof error, message: String(error), stack: '' };
  const own = error as unknown as Record<string, unknown>;
  const text = String(error.message);
  const message = Array.isArray(own.params) ? (text.split('\nparams: ')[0] ?? '') : text;
  const entry: LoggedError = {
    type: error.constructor?.name ?? 'Object',
    message,
    stack: error.stack?.replace(text, message) ?? '',
  };
  const nested = (value: unknown) =>
    value instanceof Error && depth < 5 ? errorForLog(value, depth + 1) : value;
  for (const [key, value] of Object.entries(own)) {
    if (key !== 'cause' && !VALUE_FIELDS.has(key)) entry[key] = nested(value);
  }
  if (error.cause !== undefined) entry.cause = nested(error.cause);
  return entry;
}

/** The request line with the values of private query keys (a searched email, say) left out. */
export function urlForLog(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const query = url
    .slice(at + 1)
    .split('&')
    .map((pair) => {
      const key = pair.split('=')[0] ?? '';
      return PRIVATE_QUERY_KEYS.test(key) ? `${key}=[redacted]` : pair;
    });
  return `${url.slice(0, at)}?${query.join('&')}`;
}

const SECRET_KEYS = ['password', 'oldPassword', 'newPassword', 'passwordHash', 'token', 'email', 'phone'];

/** pino options of the server's logger: secrets and personal data are kept out of every line. */
export function loggerOptions(level: string, stream?: LogStream): FastifyServerOptions['logger'] {
  return {
    level,
    ...(stream && { stream }),
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'res.headers["set-cookie"]',
        ...SECRET_KEYS.flatMap((key) => [key, `*.${key}`, `*.*.${key}`]),
      ],
      censor: '[redacted]',
    },
    serializers: {
      err: errorForLog,
      error: errorForLog,
      req: (request: { method: string; url: string; host?: string; ip?: string }) => ({
        method: request.method,
        url: urlForLog(request.url),
        host: request.host,
        remoteAddress: request.ip,
      }),
    },
  };
}
