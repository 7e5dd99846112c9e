import { useTranslation } from 'react-i18next';
import { LazyAlert } from '../../../shared/ui/LazyAlert.tsx';
import { useSignInOptions } from './signInOptions.ts';

/** Says where codes and links are while mail or SMS is not set up: the development outbox. */
export function OutboxNotice({ channels }: { channels: ('email' | 'sms')[] }) {
  const { t } = useTranslation();
  const outbox = useSignInOptions()?.outbox;
  if (!outbox || !channels.some((channel) => outbox[channel])) return null;
  return <LazyAlert type="info" showIcon title={t('login.outbox')} style={{ marginBottom: 24 }} />;
}
