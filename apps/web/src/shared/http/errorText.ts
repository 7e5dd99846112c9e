import type { TFunction } from 'i18next';
import { ApiError, NETWORK_ERROR_STATUS } from './client.ts';

/** A coded error (a refused field, a reason a test cannot be published): `error` is a catalogue code. */
interface CodedError {
  error?: string;
  params?: Record<string, unknown>;
  message?: string;
}

/** A refused field as the server reports it. */
interface ServerFieldError extends CodedError {
  field: string;
}

/** The form label of a server field (`title.zh`), when the screen shows that field. */
export type FieldLabel = (field: string) => string | undefined;

const UNKNOWN = '\u0000unknown';

/** The console's text for an error code, or undefined for a code this build does not know. */
function codeText(code: unknown, params: unknown, t: TFunction): string | undefined {
  if (typeof code !== 'string' || !/^\w+\.\w+$/.test(code)) return undefined;
  const text = t(`serverError.${code}` as never, { ...(params as object), defaultValue: UNKNOWN });
  return text === UNKNOWN ? undefined : text;
}

/**
 * A field error or another coded error (a publish problem) in the console's language; the server's own text,
 * else the code, for a code this build does not know.
 */
export const fieldErrorText = (error: CodedError | ServerFieldError, t: TFunction): string =>
  codeText(error.error, error.params, t) ?? error.message ?? error.error ?? '';

/** The field errors a failed call carries (400 `result.errors`), as the server sent them. */
export function serverFieldErrors(error: unknown): ServerFieldError[] {
  const errors =
    error instanceof ApiError ? (error.result as { errors?: unknown } | null)?.errors : undefined;
  return Array.isArray(errors) ? (errors as ServerFieldError[]) : [];
}

/**
 * The text to show for a failed call, in the console's language: a refused input names each field by its
 * label (`label`, else the server's path); other errors by their code; the server's message for a code this
 * build does not know; a translated one when no answer arrived, or one that was not the server's.
 */
export function errorText(error: unknown, t: TFunction, label?: FieldLabel): string {
  if (error instanceof ApiError) {
    if (error.status === NETWORK_ERROR_STATUS) {
      return error.message === 'timeout' ? t('common.error.timeout') : t('common.error.network');
    }
    const result = error.result as { error?: unknown; params?: unknown } | null;
    const fields = serverFieldErrors(error);
    if (result?.error === 'request.invalid' && fields.length > 0) {
      return fields.map((f) => `${label?.(f.field) ?? f.field}: ${fieldErrorText(f, t)}`).join('; ');
    }
    // A proxy's or a gateway's answer (not the server's envelope) has no text in anyone's language.
    if (!error.fromServer) return error.status >= 500 ? t('common.error.server') : t('common.error.unknown');
    return codeText(result?.error, result?.params, t) ?? error.message;
  }
  return error instanceof Error ? error.message : t('common.error.unknown');
}
