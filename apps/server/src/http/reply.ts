/**
 * Errors for the client: throw `httpError(status, code, params)` or one of the shorthands below. `code` is a
 * key of the catalogue in packages/shared/src/errors (only those compile) and `params` the values its text
 * names. The error handler answers `{ code: status, message: <text in the request's language>, result:
 * { error: code, params, errors?, ...extra } }`.
 *   notFound('test.notFound'); conflict('category.inUse');
 *   badRequest('file', 'file.notImage')                       -> 400, one field error
 *   httpError(413, 'file.tooLarge', { maximumMb: 2 }); httpError(409, 'test.notOnShelf')
 *   httpError(400, 'file.importRejected', { count }, { errors: rows })  // rows: { field, error, params?, line? }
 *   httpError(409, 'test.alreadyOnShelf', {}, { extra: { ... } })      // no params: pass {} before options
 *   httpError(429, 'auth.tooManyAttempts', { minutes }, { extra: { retryAfterSeconds }, headers })
 *   cannotPublish(problems)   // 409 with coded `result.problems`; the message lists them in the request's language
 */
import {
  type Envelope,
  type ErrorCode,
  type ErrorParams,
  envelopeSchema,
  errorEnvelopeSchema,
  type ParamsArg,
} from '@cool/shared';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';

export const ok = <T>(result: T, message = 'OK'): Envelope<T> => ({
  code: 0,
  success: true,
  message,
  result,
  timestamp: Date.now(),
});

export const failure = (status: number, message: string, result: unknown = null): Envelope<unknown> => ({
  code: status,
  success: false,
  message,
  result,
  timestamp: Date.now(),
});

/** A refused field before translation: the handler adds each one's `message`. */
export interface FieldProblem {
  field: string;
  error: ErrorCode;
  params?: Record<string, string | number>;
  line?: number;
}

/** A reason that is not about one field (why a test cannot be published), before translation. */
export interface CodedProblem {
  error: ErrorCode;
  params?: Record<string, string | number>;
}

export interface HttpErrorOptions {
  errors?: FieldProblem[];
  /** Facts added to `result` beside the code (`retryAfterSeconds`). */
  extra?: Record<string, unknown>;
  /** Coded reasons, sent as `result.problems`; the message's `{{problems}}` is their text, joined. */
  problems?: CodedProblem[];
  headers?: Record<string, string>;
}

/** An error meant for the client: a status and a catalogue code; its text is chosen per request language. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    readonly params: Record<string, string | number> = {},
    readonly options: HttpErrorOptions = {},
  ) {
    super(code);
    this.name = 'HttpError';
  }
}

type Params<C extends ErrorCode> = ParamsArg<C> extends [] ? [] : [ErrorParams<C>];
type ParamsAndOptions<C extends ErrorCode> =
  ParamsArg<C> extends []
    ? [params?: Record<string, never>, options?: HttpErrorOptions]
    : [params: ErrorParams<C>, options?: HttpErrorOptions];

export const httpError = <C extends ErrorCode>(
  status: number,
  code: C,
  ...[params, options]: ParamsAndOptions<C>
) => new HttpError(status, code, params as Record<string, string | number> | undefined, options);

export const notFound = (code: ErrorCode & `${string}.notFound`) => new HttpError(404, code);
export const conflict = <C extends ErrorCode>(code: C, ...params: Params<C>) =>
  new HttpError(409, code, params[0] as Record<string, string | number> | undefined);
/** A 400 naming one field; `code` is usually a `field.*` one, or the specific reason (`file.notImage`). */
export const badRequest = <C extends ErrorCode>(field: string, code: C, ...params: Params<C>) =>
  new HttpError(400, 'request.invalid', {}, { errors: [{ field, error: code, params: params[0] }] });

/** 409: the test cannot go on the shelf, for these reasons (packages/shared/src/scoring/checks.ts). */
export const cannotPublish = (problems: CodedProblem[]) =>
  new HttpError(409, 'test.cannotPublish', {}, { problems });

/** Response schemas of a route: the envelope around `result` on success, the error envelope otherwise. */
export const responses = <T extends z.ZodType>(result: T, status = 200) => ({
  [status]: envelopeSchema(result),
  '4xx': errorEnvelopeSchema,
  '5xx': errorEnvelopeSchema,
});

const fileSchema = z.string().meta({ format: 'binary' });

/** Response schemas of a file download: the file in one of `mediaTypes`, or the error envelope. */
export const fileResponses = (...mediaTypes: [string, ...string[]]) => ({
  200: {
    description: 'The file, as an attachment',
    content: Object.fromEntries(mediaTypes.map((type) => [type, { schema: fileSchema }])),
  },
  '4xx': errorEnvelopeSchema,
  '5xx': errorEnvelopeSchema,
});

/** Response schemas of a JSON document downloaded as a file: the document itself (no envelope), or an error. */
export const documentResponses = <T extends z.ZodType>(document: T) => ({
  200: document,
  '4xx': errorEnvelopeSchema,
  '5xx': errorEnvelopeSchema,
});

/** Sends a JSON document as a download named `filename`, never cached (it may hold personal data). */
export const sendDocument = (reply: FastifyReply, filename: string, document: unknown) =>
  reply
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'no-store')
    .send(document);
