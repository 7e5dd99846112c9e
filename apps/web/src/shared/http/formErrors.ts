import type { FormInstance } from 'antd';
import { ApiError } from './client.ts';

type NamePath = (string | number)[];

/** A server field path (`title.zh`, `dimensions.0.bands.0.min`) as an antd name path (`['dimensions', 0, ...]`). */
export const fieldPath = (field: string): NamePath =>
  field.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));

/**
 * Puts a refused save's field errors (400 `result.errors: [{field, message}]`, nested fields as dotted paths)
 * onto the matching form fields. `toFormField` renames a server field whose form field differs (the server's
 * `priceFen` is typed as `priceYuan`). Returns whether the error carried any field errors.
 */
export function applyFieldErrors<T>(
  form: FormInstance<T>,
  error: unknown,
  toFormField: (field: string) => string = (field) => field,
): boolean {
  if (!(error instanceof ApiError) || error.fieldErrors.length === 0) return false;
  form.setFields(
    error.fieldErrors.map(({ field, message }) => ({
      // A path the server names at run time: not one antd can check against the form's values type.
      name: fieldPath(toFormField(field)) as never,
      errors: [message],
    })),
  );
  return true;
}
