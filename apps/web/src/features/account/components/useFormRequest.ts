import type { FormInstance } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../shared/http/errorText.ts';
import { applyFieldErrors } from '../../../shared/http/formErrors.ts';
import { useNotices } from '../../../shared/ui/notices.ts';

/** Runs a form's request: busy meanwhile, refused fields under themselves, any other failure in a message. */
export function useFormRequest(
  form: FormInstance,
): [boolean, (request: () => Promise<void>) => Promise<void>] {
  const { t } = useTranslation();
  const { message } = useNotices();
  const [busy, setBusy] = useState(false);
  const run = async (request: () => Promise<void>) => {
    setBusy(true);
    try {
      await request();
    } catch (error) {
      if (!applyFieldErrors(form, error)) message.error(errorText(error, t));
    } finally {
      setBusy(false);
    }
  };
  return [busy, run];
}
