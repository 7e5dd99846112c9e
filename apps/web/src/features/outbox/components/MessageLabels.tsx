import type { OutboxMessage } from '@cool/shared';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** A kind the console has no name for (a newer server's) shows as sent. */
export function KindText({ kind }: { kind: string }) {
  const { t } = useTranslation();
  return <>{t(`outbox.kind.${kind}`, { defaultValue: kind })}</>;
}

const STATUS_COLOR = { outbox: 'default', sent: 'success', failed: 'error' } as const;

/** The channel, and how it went unless it was only kept. */
export function MessageTags({ message }: { message: OutboxMessage }) {
  const { t } = useTranslation();
  return (
    <>
      <Tag color={message.channel === 'email' ? 'blue' : 'purple'}>
        {t(`outbox.channel.${message.channel}`)}
      </Tag>
      {message.status !== 'outbox' && (
        <Tag color={STATUS_COLOR[message.status]}>
          {t(`outbox.status.${message.status}`, { transport: message.transport })}
        </Tag>
      )}
    </>
  );
}

/** The subject, or an SMS's first line. */
export const headline = (message: OutboxMessage) => message.subject ?? message.body?.split('\n')[0] ?? '';
