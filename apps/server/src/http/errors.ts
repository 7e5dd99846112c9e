import {
  type ErrorCode,
  errorMessage,
  type FieldError,
  type IssueLike,
  issueError,
  type Language,
  pickLanguage,
} from '@cool/shared';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { QueryAbandonedError } from '../db/database.ts';
import { type FieldProblem, failure, HttpError } from './reply.ts';

type ValidationItem = { instancePath?: string; keyword?: string; message?: string; params?: IssueLike };

/** Each zod issue as a field problem; an unknown key is named as its own field. */
function validationProblems(validation: ValidationItem[], context: string | undefined): FieldProblem[] {
  return validation.flatMap((item): FieldProblem[] => {
    const base = (item.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.');
    const issue = { ...item.params, code: item.keyword, message: item.message };
    const keys = item.keyword === 'unrecognized_keys' ? (item.params?.keys ?? []) : [];
    if (keys.length > 0)
      return keys.map((key) => ({ field: base ? `${base}.${key}` : key, error: 'field.unknown' as const }));
    return [{ field: base || context || 'body', ...issueError(issue) }];
  });
}

const fieldErrors = (problems: FieldProblem[], language: Language): FieldError[] =>
  problems.map((p) => ({ ...p, message: errorMessage(p.error, p.params, language) }));

/** The envelope of an error, its message in the request's language; a plain 400 names its fields' problems. */
function send(reply: FastifyReply, status: number, error: HttpError) {
  const language = pickLanguage(reply.request.headers['accept-language']);
  const errors = error.options.errors && fieldErrors(error.options.errors, language);
  const { problems } = error.options;
  const params = problems
    ? { ...error.params, problems: problems.map((p) => errorMessage(p.error, p.params, language)).join('; ') }
    : error.params;
  const message =
    error.code === 'request.invalid' && errors?.length
      ? errors
          .slice(0, 10)
          .map((e) => `${e.field}: ${e.message}`)
          .join('; ')
      : errorMessage(error.code, params, language);
  const hasParams = Object.keys(error.params).length > 0;
  return reply
    .code(status)
    .headers(error.options.headers ?? {})
    .send(
      failure(status, message, {
        ...error.options.extra,
        error: error.code,
        ...(hasParams && { params: error.params }),
        ...(errors && { errors }),
        ...(problems && { problems }),
      }),
    );
}

/** Fastify's own refusals by their error code, as catalogue codes; anything else 4xx is a bad request. */
const FRAMEWORK_CODES: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'request.malformedJson',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'request.malformedJson',
  FST_ERR_CTP_BODY_TOO_LARGE: 'request.tooLarge',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'request.unsupportedMediaType',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'request.invalid',
  FST_ERR_MAX_PARAM_LENGTH: 'request.uriTooLong',
  FST_ERR_BAD_URL: 'request.badUrl',
  FST_REQ_FILE_TOO_LARGE: 'request.tooLarge',
  FST_FILES_LIMIT: 'request.tooLarge',
  FST_PARTS_LIMIT: 'request.tooLarge',
  FST_FIELDS_LIMIT: 'request.tooLarge',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'file.notMultipart',
};

function frameworkCode(error: FastifyError, status: number): ErrorCode {
  if (error.code && FRAMEWORK_CODES[error.code]) return FRAMEWORK_CODES[error.code] as ErrorCode;
  if (status === 413) return 'request.tooLarge';
  if (status === 415) return 'request.unsupportedMediaType';
  if (status === 429) return 'request.tooMany';
  if (status === 404) return 'request.notFound';
  return 'request.invalid';
}

/** Errors raised before routing (a too-long path parameter, a bad URL): the envelope too, not echoing the URL. */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const status = error.statusCode ?? 400;
  return send(reply, status, new HttpError(status, frameworkCode(error, status)));
}

/**
 * Every error leaves as the envelope of docs/spec.md section 3 with a real status and a catalogue code;
 * internals stay in the log.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    // The client went away (drizzle wraps the pool's refusal): nobody reads an answer, and it is no fault
    // to log. Only the socket is closed, so a burst of abandoned requests costs little after it ends.
    if (error instanceof QueryAbandonedError || error.cause instanceof QueryAbandonedError) {
      reply.hijack();
      reply.raw.destroy();
      return;
    }
    if (error instanceof HttpError) {
      if (error.status >= 500) request.log.error({ err: error }, error.message);
      return send(reply, error.status, error);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = validationProblems(error.validation as ValidationItem[], error.validationContext);
      return send(reply, 400, new HttpError(400, 'request.invalid', {}, { errors }));
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response does not match its schema');
      return send(reply, 500, new HttpError(500, 'server.internal'));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return send(reply, status, new HttpError(status, frameworkCode(error, status)));
    }
    request.log.error({ err: error }, 'unhandled error');
    return send(reply, 500, new HttpError(500, 'server.internal'));
  });
}

/** An unknown API address (or a console path that is not the app shell): 404 in the envelope. */
export const notFoundReply = (reply: FastifyReply) =>
  send(reply, 404, new HttpError(404, 'request.notFound'));
