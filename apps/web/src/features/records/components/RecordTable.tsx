import {
  formatNumber,
  localized,
  type Page,
  type recordListQuerySchema,
  type TestRecord,
} from '@cool/shared';
import { Button, Empty, Flex, Grid, Space, Table, type TableProps, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useTextLanguage } from '../../../shared/i18n/contentText.ts';
import { FIT_TABLE, usePhoneTable } from '../../../shared/list/fitTable.ts';
import { useListTable } from '../../../shared/list/listTable.ts';
import type { ListStateOf } from '../../../shared/list/useListState.ts';
import { usePermission } from '../../../shared/permissions/usePermission.ts';
import {
  AlertStatusTag,
  BandTag,
  DateTimeCell,
  participantName,
  RecordStatusTag,
} from '../../../shared/records/tags.tsx';
import { formatDateTime } from '../../../shared/ui/format.ts';

interface RecordTableProps {
  page: Page<TestRecord> | undefined;
  loading: boolean;
  list: ListStateOf<typeof recordListQuerySchema>;
  onView: (record: TestRecord) => void;
}

export function RecordTable({ page, loading, list, onView }: RecordTableProps) {
  const { t } = useTranslation();
  const language = useTextLanguage();
  const isMobile = Grid.useBreakpoint().md === false;
  const isPhone = usePhoneTable();
  // The record's drawer asks for the record itself (records.get), which listing does not grant.
  const canView = usePermission()('records', 'get');

  const title = (record: TestRecord) => localized(record.title, language);
  const score = (record: TestRecord) => (record.finalScore === null ? '—' : formatNumber(record.finalScore));
  const band = (record: TestRecord) => (record.band ? <BandTag band={record.band} /> : '—');
  const alert = (record: TestRecord) =>
    record.alert ? <AlertStatusTag status={record.alert.status} /> : '—';
  const view = (record: TestRecord) => (
    <Button
      type="link"
      size="small"
      aria-label={t('records.detail.title', { id: record.id })}
      onClick={() => onView(record)}
    >
      {t('records.action.view')}
    </Button>
  );

  const columns: TableProps<TestRecord>['columns'] = isPhone
    ? [
        {
          key: 'record',
          render: (_, record) => (
            <Flex vertical gap={4}>
              <Typography.Text strong>
                #{record.id} {title(record)}
              </Typography.Text>
              <Typography.Text type="secondary">{participantName(t, record.participant)}</Typography.Text>
              <Space size={8} wrap>
                <RecordStatusTag status={record.status} />
                {record.band && <BandTag band={record.band} />}
                {record.alert && <AlertStatusTag status={record.alert.status} />}
                {record.finalScore !== null && <span>{t('records.scoreN', { score: score(record) })}</span>}
              </Space>
              <Typography.Text type="secondary">{formatDateTime(record.startTime)}</Typography.Text>
              {canView && <div style={{ marginInline: -7 }}>{view(record)}</div>}
            </Flex>
          ),
        },
      ]
    : [
        { key: 'id', dataIndex: 'id', title: t('records.field.id') },
        {
          key: 'participant',
          title: t('records.field.participant'),
          render: (_, record) => participantName(t, record.participant),
        },
        {
          key: 'test',
          title: t('records.field.test'),
          render: (_, record) => <div style={{ minWidth: 120 }}>{title(record)}</div>,
        },
        {
          key: 'version',
          title: t('records.field.version'),
          // Below 1600 px the table keeps what a list is scanned for; the version is in the record's drawer.
          responsive: ['xxl'],
          render: (_, record) => t('records.versionN', { version: record.testVersion }),
        },
        {
          key: 'status',
          title: t('records.field.status'),
          render: (_, record) => <RecordStatusTag status={record.status} />,
        },
        {
          key: 'finalScore',
          title: t('records.field.score'),
          sorter: true,
          align: 'right',
          render: (_, record) => score(record),
        },
        { key: 'band', title: t('records.field.band'), render: (_, record) => band(record) },
        { key: 'alert', title: t('records.field.alert'), render: (_, record) => alert(record) },
        {
          key: 'startTime',
          title: t('records.field.started'),
          sorter: true,
          render: (_, record) => <DateTimeCell value={record.startTime} />,
        },
        {
          key: 'submitTime',
          title: t('records.field.submitted'),
          sorter: true,
          render: (_, record) => <DateTimeCell value={record.submitTime} />,
        },
        ...(canView
          ? [
              {
                key: 'actions',
                title: t('records.field.actions'),
                fixed: isMobile ? undefined : ('right' as const),
                render: (_: unknown, record: TestRecord) => view(record),
              },
            ]
          : []),
      ];

  const table = useListTable(list, page, { columns, showTotal: (total) => t('records.total', { total }) });

  return (
    <Table<TestRecord>
      {...table}
      {...FIT_TABLE}
      showHeader={!isPhone}
      rowKey="id"
      dataSource={page?.data}
      loading={loading}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('records.empty')} /> }}
    />
  );
}
