import { Alert, Descriptions, Drawer, Flex, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../shared/http/errorText.ts';
import { formatDateTime } from '../../../shared/ui/format.ts';
import { useOutboxMessage } from '../api.ts';
import { KindText, MessageTags } from './MessageLabels.tsx';

/** One message whole: who it was for, how it went, and (when kept) its text with the code or link. */
export function MessageDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const query = useOutboxMessage(id);
  const message = query.data;
  return (
    <Drawer open={id !== null} onClose={onClose} title={t('outbox.message')} size="large" destroyOnHidden>
      {query.isError && <Alert type="error" showIcon title={errorText(query.error, t)} />}
      {query.isPending && id !== null && <Skeleton active />}
      {message && (
        <Flex vertical gap={16}>
          <Descriptions
            column={1}
            size="small"
            bordered
            items={[
              { key: 'time', label: t('outbox.field.time'), children: formatDateTime(message.createdAt) },
              {
                key: 'channel',
                label: t('outbox.field.channel'),
                children: (
                  <span>
                    <MessageTags message={message} />
                  </span>
                ),
              },
              { key: 'kind', label: t('outbox.field.kind'), children: <KindText kind={message.kind} /> },
              {
                key: 'recipient',
                label: t('outbox.field.recipient'),
                children: <Typography.Text copyable>{message.recipient}</Typography.Text>,
              },
              ...(message.subject
                ? [{ key: 'subject', label: t('outbox.field.subject'), children: message.subject }]
                : []),
            ]}
          />
          {message.error && (
            <Alert type="error" showIcon title={t('outbox.failed')} description={message.error} />
          )}
          {message.body === null ? (
            <Typography.Text type="secondary">{t('outbox.bodyNotKept')}</Typography.Text>
          ) : (
            <Typography.Paragraph
              copyable={{ text: message.body }}
              style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word', marginBottom: 0 }}
            >
              {message.body}
            </Typography.Paragraph>
          )}
        </Flex>
      )}
    </Drawer>
  );
}
