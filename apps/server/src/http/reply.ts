import { type Envelope, envelopeSchema, errorEnvelopeSchema } from '@cool/shared';
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

/** An error whose status and message are meant for the client. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly result: unknown = null,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const notFound = (what: string) => new HttpError(404, `${what} not found`);
export const conflict = (message: string) => new HttpError(409, message);
export const badRequest = (field: string, message: string) =>
  new HttpError(400, `${field}: ${message}`, { errors: [{ field, message }] });

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
