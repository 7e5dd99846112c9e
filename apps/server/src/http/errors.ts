import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { failure, HttpError } from './reply.ts';

interface FieldError {
  field: string;
  message: string;
}

type ValidationItem = {
  keyword?: string;
  instancePath?: string;
  message?: string;
  params?: { keys?: string[] };
};

function fieldErrors(validation: ValidationItem[], context: string | undefined): FieldError[] {
  return validation.flatMap((item) => {
    const base = (item.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.');
    const keys = item.keyword === 'unrecognized_keys' ? (item.params?.keys ?? []) : [];
    if (keys.length > 0)
      return keys.map((key) => ({ field: base ? `${base}.${key}` : key, message: 'Unknown field' }));
    return [{ field: base || context || 'body', message: item.message ?? 'Invalid value' }];
  });
}

/** Every error leaves as the spec's envelope with a real status; internals stay in the log. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      if (error.status >= 500) request.log.error({ err: error }, error.message);
      return reply
        .code(error.status)
        .headers(error.headers)
        .send(failure(error.status, error.message, error.result));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = fieldErrors(error.validation as ValidationItem[], error.validationContext);
      const message = errors.map((e) => `${e.field}: ${e.message}`).join('; ');
      return reply.code(400).send(failure(400, message, { errors }));
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response does not match its schema');
      return reply.code(500).send(failure(500, 'Internal server error'));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.code(status).send(failure(status, error.message));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send(failure(500, 'Internal server error'));
  });
}
