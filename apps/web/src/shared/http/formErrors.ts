import type { FormInstance } from 'antd';
import type { FieldError } from './client.ts';

/** Puts a 400 answer's `result.errors` onto the matching form fields. */
export function applyFieldErrors<T>(form: FormInstance<T>, errors: FieldError[]): void {
  form.setFields(errors.map(({ field, message }) => ({ name: field as never, errors: [message] })));
}
