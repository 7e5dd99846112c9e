import { formatNumber, type Page, type PayLogEntry, type payLogQuerySchema } from '@cool/shared';
import { Empty, Flex, Space, Table, type TableProps, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FIT_TABLE, usePhoneTable } from '../../../shared/list/fitTable.ts';
import { useListTable } from '../../../shared/list/listTable.ts';
import type { ListStateOf } from '../../../shared/list/useListState.ts';
import { VerdictTag } from '../../../shared/orders/tags.tsx';
import { DateTime } from '../../../shared/ui/DateTime.tsx';
import { formatDateTime } from '../../../shared/ui/format.ts';

interface PayLogTableProps {
  page: Page<PayLogEntry> | undefined;
  loading: boolean;
  list: ListStateOf<typeof payLogQuerySchema>;
}

const hasDetail = (entry: PayLogEntry) =>
  entry.notificationId !== null || Object.keys(entry.detail).length > 0;

/** What was logged beyond the columns (no secrets are ever logged), for a row's expansion. */
function Detail({ entry }: { entry: PayLogEntry }) {
  const { t } = useTranslation();
  return (
    <Flex vertical gap={4}>
      {entry.notificationId && (
        <span style={{ wordBreak: 'break-all' }}>
          {t('payLog.field.notificationId')}: {entry.notificationId}
        </span>
      )}
      {Object.keys(entry.detail).length > 0 && (
        <pre style={{ margin: 0, whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
          {JSON.stringify(entry.detail, null, 2)}
        </pre>
      )}
    </Flex>
  );
}

/** Codes, order numbers and times read badly broken across lines. */
const oneLine = (text: ReactNode) => <span style={{ whiteSpace: 'nowrap' }}>{text}</span>;

export function PayLogTable({ page, loading, list }: PayLogTableProps) {
  const { t } = useTranslation();
  const isPhone = usePhoneTable();

  const direction = (entry: PayLogEntry) => (
    <Tag color={entry.direction === 'inbound' ? 'blue' : 'cyan'}>
      {t(`payLog.direction.${entry.direction}`)}
    </Tag>
  );
  const duration = (entry: PayLogEntry) => t('payLog.ms', { ms: formatNumber(entry.durationMs) });
  const code = (text: string | null) =>
    text ? oneLine(<Typography.Text code>{text}</Typography.Text>) : '—';

  const columns: TableProps<PayLogEntry>['columns'] = isPhone
    ? [
        {
          key: 'entry',
          render: (_, entry) => (
            <Flex vertical gap={4}>
              <Space size={8} wrap>
                {direction(entry)}
                <Typography.Text strong>{entry.operation}</Typography.Text>
                <VerdictTag verdict={entry.verdict} />
              </Space>
              {entry.orderNo && (
                <Typography.Text style={{ wordBreak: 'break-all' }}>{entry.orderNo}</Typography.Text>
              )}
              <Typography.Text type="secondary">
                {formatDateTime(entry.time)} · {entry.httpStatus ?? '—'} · {duration(entry)}
              </Typography.Text>
            </Flex>
          ),
        },
      ]
    : [
        {
          key: 'time',
          title: t('payLog.field.time'),
          render: (_, entry) => <DateTime value={entry.time} />,
        },
        { key: 'direction', title: t('payLog.field.direction'), render: (_, entry) => direction(entry) },
        { key: 'operation', title: t('payLog.field.operation'), render: (_, entry) => code(entry.operation) },
        {
          key: 'orderNo',
          title: t('payLog.field.orderNo'),
          render: (_, entry) => oneLine(entry.orderNo ?? '—'),
        },
        {
          key: 'httpStatus',
          title: t('payLog.field.httpStatus'),
          render: (_, entry) => entry.httpStatus ?? '—',
        },
        {
          key: 'verdict',
          title: t('payLog.field.verdict'),
          render: (_, entry) => <VerdictTag verdict={entry.verdict} />,
        },
        {
          key: 'errorCode',
          title: t('payLog.field.errorCode'),
          // Ours can be long (`signature:missingHeaders`): it breaks rather than push the columns off the page.
          render: (_, entry) =>
            entry.errorCode ? (
              <Typography.Text code style={{ overflowWrap: 'anywhere' }}>
                {entry.errorCode}
              </Typography.Text>
            ) : (
              '—'
            ),
        },
        { key: 'duration', title: t('payLog.field.duration'), align: 'right', render: (_, e) => duration(e) },
      ];

  const table = useListTable(list, page, { columns, showTotal: (total) => t('payLog.total', { total }) });

  return (
    <Table<PayLogEntry>
      {...table}
      {...FIT_TABLE}
      showHeader={!isPhone}
      rowKey="id"
      dataSource={page?.data}
      loading={loading}
      expandable={{
        expandedRowRender: (entry) => <Detail entry={entry} />,
        rowExpandable: hasDetail,
      }}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('payLog.empty')} /> }}
    />
  );
}
