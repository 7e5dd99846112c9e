import type { OutboxMessage, outboxQuerySchema, Page } from '@cool/shared';
import { Button, Empty, Flex, Space, Table, type TableProps, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { FIT_TABLE, usePhoneTable } from '../../../shared/list/fitTable.ts';
import { useListTable } from '../../../shared/list/listTable.ts';
import type { ListStateOf } from '../../../shared/list/useListState.ts';
import { DateTime } from '../../../shared/ui/DateTime.tsx';
import { formatDateTime } from '../../../shared/ui/format.ts';
import { headline, KindText, MessageTags } from './MessageLabels.tsx';

interface OutboxTableProps {
  page: Page<OutboxMessage> | undefined;
  loading: boolean;
  list: ListStateOf<typeof outboxQuerySchema>;
  onOpen: (id: number) => void;
}

export function OutboxTable({ page, loading, list, onOpen }: OutboxTableProps) {
  const { t } = useTranslation();
  const isPhone = usePhoneTable();
  const open = (message: OutboxMessage) => (
    <Button type="link" size="small" style={{ padding: 0 }} onClick={() => onOpen(message.id)}>
      {t('outbox.open')}
    </Button>
  );

  const columns: TableProps<OutboxMessage>['columns'] = isPhone
    ? [
        {
          key: 'message',
          render: (_, message) => (
            <Flex vertical gap={4}>
              <Space size={4} wrap>
                <MessageTags message={message} />
                <Typography.Text strong style={{ wordBreak: 'break-all' }}>
                  {message.recipient}
                </Typography.Text>
              </Space>
              <Typography.Text ellipsis style={{ maxWidth: '100%' }}>
                {headline(message)}
              </Typography.Text>
              <Flex justify="space-between" align="center">
                <Typography.Text type="secondary">
                  {formatDateTime(message.createdAt)} · <KindText kind={message.kind} />
                </Typography.Text>
                {open(message)}
              </Flex>
            </Flex>
          ),
        },
      ]
    : [
        {
          key: 'time',
          title: t('outbox.field.time'),
          render: (_, message) => <DateTime value={message.createdAt} />,
        },
        {
          key: 'channel',
          title: t('outbox.field.channel'),
          render: (_, message) => (
            <span style={{ whiteSpace: 'nowrap' }}>
              <MessageTags message={message} />
            </span>
          ),
        },
        {
          key: 'kind',
          title: t('outbox.field.kind'),
          render: (_, message) => <KindText kind={message.kind} />,
        },
        {
          key: 'recipient',
          title: t('outbox.field.recipient'),
          render: (_, message) => <span style={{ wordBreak: 'break-all' }}>{message.recipient}</span>,
        },
        {
          key: 'headline',
          title: t('outbox.field.headline'),
          render: (_, message) => (
            <Typography.Text ellipsis={{ tooltip: headline(message) }} style={{ maxWidth: 360 }}>
              {headline(message)}
            </Typography.Text>
          ),
        },
        { key: 'actions', title: t('outbox.field.actions'), render: (_, message) => open(message) },
      ];

  const table = useListTable(list, page, { columns, showTotal: (total) => t('outbox.total', { total }) });

  return (
    <Table<OutboxMessage>
      {...table}
      {...FIT_TABLE}
      showHeader={!isPhone}
      rowKey="id"
      dataSource={page?.data}
      loading={loading}
      locale={{
        emptyText: (
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={
              <Flex vertical gap={4} style={{ maxWidth: 520, margin: '0 auto' }}>
                <Typography.Text>{t('outbox.empty')}</Typography.Text>
                <Typography.Text type="secondary">{t('outbox.emptyHint')}</Typography.Text>
              </Flex>
            }
          />
        ),
      }}
    />
  );
}
