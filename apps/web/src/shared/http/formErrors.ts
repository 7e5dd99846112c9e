import type { FormInstance } from 'antd';
import i18n from 'i18next';
import type { FieldLabel } from './errorText.ts';
import { fieldErrorText, serverFieldErrors } from './errorText.ts';

type NamePath = (string | number)[];

/** A server field path (`title.zh`, `dimensions.0.bands.0.min`) as an antd name path (`['dimensions', 0, ...]`). */
export const fieldPath = (field: string): NamePath =>
  field.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));

const sameField = (field: string) => field;

/**
 * Puts a refused save's field errors (400 `result.errors: [{field, error, params}]`, nested fields as dotted
 * paths) onto the matching form fields, in the console's language. `toFormField` renames a server field whose
 * form field differs (the server's `priceFen` is typed as `priceYuan`). Returns whether there were any.
 */
export function applyFieldErrors<T>(
  form: FormInstance<T>,
  error: unknown,
  toFormField: (field: string) => string = sameField,
): boolean {
  const errors = serverFieldErrors(error);
  if (errors.length === 0) return false;
  form.setFields(
    errors.map((fieldError) => ({
      // A path the server names at run time: not one antd can check against the form's values type.
      name: fieldPath(toFormField(fieldError.field)) as never,
      errors: [fieldErrorText(fieldError, i18n.t)],
    })),
  );
  return true;
}

/**
 * The label a rendered form shows for a server field, for messages that name it (`errorText(error, t,
 * formLabels('question'))`): antd gives each field's input the id `<form name>_<path joined by _>`.
 * A field in a list gets its 1-based positions (`To (1.2)`: dimension 1, band 2).
 */
export const formLabels =
  (formName?: string, toFormField: (field: string) => string = sameField): FieldLabel =>
  (field) => {
    const id = [...(formName ? [formName] : []), ...fieldPath(toFormField(field))].join('_');
    const labelOf = (forId: string) => document.querySelector(`label[for="${CSS.escape(forId)}"]`);
    // A bilingual text refused as a whole (neither language given) is named as the pair (LocalizedFields).
    const label =
      labelOf(id)?.textContent?.trim() ??
      labelOf(`${id}_zh`)?.querySelector('[data-pair-label]')?.getAttribute('data-pair-label') ??
      undefined;
    // In a list the label alone ("To") does not say which row: add the 1-based positions ("To (1.2)").
    const positions = fieldPath(field).filter((part) => typeof part === 'number');
    if (!label) return undefined;
    return positions.length > 0 ? `${label} (${positions.map((p) => p + 1).join('.')})` : label;
  };
