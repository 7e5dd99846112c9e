import type { FormInstance } from 'antd';
import type { TFunction } from 'i18next';
import { fieldErrorText, serverFieldErrors } from '../../../shared/http/errorText.ts';

/**
 * Shows each field the server refused under that field (`serviceName.zh` -> ['serviceName', 'zh']; an
 * item of a list, `platformCertificates.0`, under the list's field). Says whether there was one.
 */
export function showServerErrors(form: FormInstance, error: unknown, t: TFunction): boolean {
  const fields = serverFieldErrors(error);
  form.setFields(
    fields.map((field) => ({
      name: field.field.split('.').filter((part) => !/^\d+$/.test(part)),
      errors: [fieldErrorText(field, t)],
    })),
  );
  return fields.length > 0;
}
