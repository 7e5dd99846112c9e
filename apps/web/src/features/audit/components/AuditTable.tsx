import { type AuditEntry, type auditListQuerySchema, formatYuan, type Page } from '@cool/shared';
import { Empty, Flex, Table, type TableProps, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { FIT_TABLE, usePhoneTable } from '../../../shared/list/fitTable.ts';
import { useListTable } from '../../../shared/list/listTable.ts';
import type { ListStateOf } from '../../../shared/list/useListState.ts';
import { DateTime } from '../../../shared/ui/DateTime.tsx';
import { formatDateTime } from '../../../shared/ui/format.ts';

/** A stored instant (ISO 8601 in UTC), which the log shows in the viewer's time zone like every other time. */
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

const shown = (field: string, value: unknown) => {
  if (value === undefined) return '';
  if (typeof value === 'string') return INSTANT.test(value) ? formatDateTime(value) : value;
  // Money is kept in fen: shown in yuan.
  if (typeof value === 'number' && field.endsWith('Fen')) return formatYuan(value, { symbol: true });
  return JSON.stringify(value);
};

/** The entry's field changes: from and to, side by side; a changed secret only says so. */
function ChangeList({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation();
  // The entity's own name for a field, else the name every entity shares, else the stored key.
  const label = (field: string) =>
    t(`audit.fieldName.${entry.entityType}.${field}` as never, {
      defaultValue: t(`audit.fieldName.common.${field}` as never, { defaultValue: field }),
    });
  const rows = Object.entries(entry.changes).map(([field, change]) => ({ field, ...change }));
  return (
    <Table
      size="small"
      rowKey="field"
      pagination={false}
      dataSource={rows}
      scroll={{ x: true }}
      columns={[
        { key: 'field', title: t('audit.field.field'), render: (_, row) => label(row.field) },
        {
          key: 'from',
          title: t('audit.field.from'),
          render: (_, row) => (
            <Typography.Text delete={row.to !== undefined}>{shown(row.field, row.from)}</Typography.Text>
          ),
        },
        {
          key: 'to',
          title: t('audit.field.to'),
          render: (_, row) => (row.changed ? <Tag>{t('audit.changed')}</Tag> : shown(row.field, row.to)),
        },
      ]}
    />
  );
}

interface AuditTableProps {
  page: Page<AuditEntry> | undefined;
  loading: boolean;
  list: ListStateOf<typeof auditListQuerySchema>;
}

export function AuditTable({ page, loading, list }: AuditTableProps) {
  const { t } = useTranslation();
  const isPhone = usePhoneTable();
  const actor = (entry: AuditEntry) =>
    entry.actorUsername ?? (entry.actorId === null ? t('audit.system') : `#${entry.actorId}`);
  const entity = (entry: AuditEntry) =>
    `${t(`audit.entity.${entry.entityType}`, { defaultValue: entry.entityType })}${entry.entityId ? ` #${entry.entityId}` : ''}`;
  const action = (entry: AuditEntry) => (
    <Tag>{t(`audit.verb.${entry.action}`, { defaultValue: entry.action })}</Tag>
  );

  const columns: TableProps<AuditEntry>['columns'] = isPhone
    ? [
        {
          key: 'entry',
          render: (_, entry) => (
            <Flex vertical gap={4}>
              <Flex justify="space-between" gap={8}>
                <Typography.Text strong>{entity(entry)}</Typography.Text>
                {action(entry)}
              </Flex>
              <Typography.Text>{actor(entry)}</Typography.Text>
              <Typography.Text type="secondary">
                {formatDateTime(entry.time)} {entry.ip}
              </Typography.Text>
            </Flex>
          ),
        },
      ]
    : [
        {
          key: 'time',
          title: t('audit.field.time'),
          sorter: true,
          render: (_, entry) => <DateTime value={entry.time} />,
        },
        { key: 'actor', title: t('audit.field.actor'), render: (_, entry) => actor(entry) },
        { key: 'entity', title: t('audit.field.entityType'), render: (_, entry) => entity(entry) },
        { key: 'action', title: t('audit.field.action'), render: (_, entry) => action(entry) },
        { key: 'ip', title: t('audit.field.address'), render: (_, entry) => entry.ip ?? '—' },
      ];

  const table = useListTable(list, page, {
    columns,
    showTotal: (total, count) => t('audit.total', { total, count }),
  });

  return (
    <Table<AuditEntry>
      {...table}
      {...FIT_TABLE}
      showHeader={!isPhone}
      rowKey="id"
      dataSource={page?.data}
      loading={loading}
      // An entry that changed no field (a sign-out, a test run) has nothing to open.
      expandable={{
        expandedRowRender: (entry) => <ChangeList entry={entry} />,
        rowExpandable: (entry) => Object.keys(entry.changes).length > 0,
      }}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('audit.empty')} /> }}
    />
  );
}
