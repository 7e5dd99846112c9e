import type { TFunction } from 'i18next';
import { ApiError, NETWORK_ERROR_STATUS } from './client.ts';

/** The text to show for a failed call: the server's message, or a translated one when no answer arrived. */
export function errorText(error: unknown, t: TFunction): string {
  if (error instanceof ApiError) {
    if (error.status === NETWORK_ERROR_STATUS) {
      return error.message === 'timeout' ? t('common.error.timeout') : t('common.error.network');
    }
    return error.message;
  }
  return error instanceof Error ? error.message : t('common.error.unknown');
}
