import { type Alert, type alertListQuerySchema, localized, type Page } from '@cool/shared';
import { Button, Empty, Flex, Grid, Space, Table, type TableProps, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useTextLanguage } from '../../../shared/i18n/contentText.ts';
import { FIT_TABLE, usePhoneTable } from '../../../shared/list/fitTable.ts';
import { useListTable } from '../../../shared/list/listTable.ts';
import type { ListStateOf } from '../../../shared/list/useListState.ts';
import { usePermission } from '../../../shared/permissions/usePermission.ts';
import { AlertStatusTag, DateTimeCell, participantName, SeverityTag } from '../../../shared/records/tags.tsx';
import { formatDateTime } from '../../../shared/ui/format.ts';
import { AlertItems } from './AlertFollowUp.tsx';

interface AlertTableProps {
  page: Page<Alert> | undefined;
  loading: boolean;
  list: ListStateOf<typeof alertListQuerySchema>;
  onOpen: (alert: Alert) => void;
}

export function AlertTable({ page, loading, list, onOpen }: AlertTableProps) {
  const { t } = useTranslation();
  const language = useTextLanguage();
  const allowed = usePermission();
  const isMobile = Grid.useBreakpoint().md === false;
  const isPhone = usePhoneTable();
  const canEdit = allowed('alerts', 'edit');
  // The link opens the records page (records.query) with the record's drawer (records.get).
  const canSeeRecords = allowed('records', 'query') && allowed('records', 'get');

  const lastNote = (alert: Alert) => {
    const note = alert.notes[0];
    if (!note) return '—';
    return (
      <Flex vertical gap={0} style={{ minWidth: 120, maxWidth: 200 }}>
        <Typography.Text ellipsis={{ tooltip: note.note }}>
          {note.note || t('alerts.followUp.noNote')}
        </Typography.Text>
        <Typography.Text type="secondary">
          {note.username ?? t('alerts.followUp.formerUser')} · {formatDateTime(note.time)}
        </Typography.Text>
      </Flex>
    );
  };

  const actions = (alert: Alert) => (
    <Space size={0} wrap>
      <Button
        type="link"
        size="small"
        aria-label={`${t(canEdit ? 'alerts.action.followUp' : 'alerts.action.history')} #${alert.id}`}
        onClick={() => onOpen(alert)}
      >
        {t(canEdit ? 'alerts.action.followUp' : 'alerts.action.history')}
      </Button>
      {canSeeRecords && (
        <Link to={`/records?record=${alert.recordId}`}>
          <Button type="link" size="small" tabIndex={-1}>
            {t('alerts.action.record')}
          </Button>
        </Link>
      )}
    </Space>
  );

  const columns: TableProps<Alert>['columns'] = isPhone
    ? [
        {
          key: 'alert',
          render: (_, alert) => (
            <Flex vertical gap={4}>
              <Space size={8} wrap>
                <SeverityTag severity={alert.severity} />
                <AlertStatusTag status={alert.status} />
                <Typography.Text strong>{participantName(t, alert.participant)}</Typography.Text>
              </Space>
              <Typography.Text>{localized(alert.title, language)}</Typography.Text>
              <AlertItems alert={alert} compact />
              <Typography.Text type="secondary">{formatDateTime(alert.createTime)}</Typography.Text>
              <div style={{ marginInline: -7 }}>{actions(alert)}</div>
            </Flex>
          ),
        },
      ]
    : [
        {
          key: 'severity',
          title: t('alerts.field.severity'),
          render: (_, alert) => <SeverityTag severity={alert.severity} />,
        },
        {
          key: 'participant',
          title: t('alerts.field.participant'),
          render: (_, alert) => participantName(t, alert.participant),
        },
        {
          key: 'test',
          title: t('alerts.field.test'),
          render: (_, alert) => localized(alert.title, language),
        },
        {
          key: 'items',
          title: t('alerts.field.items'),
          render: (_, alert) => (
            <div style={{ minWidth: 160, maxWidth: 260 }}>
              <AlertItems alert={alert} compact />
            </div>
          ),
        },
        {
          key: 'status',
          title: t('alerts.field.status'),
          render: (_, alert) => <AlertStatusTag status={alert.status} />,
        },
        { key: 'lastNote', title: t('alerts.field.lastNote'), render: (_, alert) => lastNote(alert) },
        {
          key: 'createTime',
          title: t('alerts.field.created'),
          render: (_, alert) => <DateTimeCell value={alert.createTime} />,
        },
        {
          key: 'actions',
          title: t('alerts.field.actions'),
          fixed: isMobile ? undefined : 'right',
          render: (_, alert) => actions(alert),
        },
      ];

  const table = useListTable(list, page, { columns, showTotal: (total) => t('alerts.total', { total }) });

  return (
    <Table<Alert>
      {...table}
      {...FIT_TABLE}
      showHeader={!isPhone}
      rowKey="id"
      dataSource={page?.data}
      loading={loading}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('alerts.empty')} /> }}
    />
  );
}
