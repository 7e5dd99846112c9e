import { formatNumber, type Page, type Participant, type participantListQuerySchema } from '@cool/shared';
import { Empty, Flex, Grid, Space, Table, type TableProps, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { FIT_TABLE, usePhoneTable } from '../../../shared/list/fitTable.ts';
import { useListTable } from '../../../shared/list/listTable.ts';
import type { ListStateOf } from '../../../shared/list/useListState.ts';
import { participantName } from '../../../shared/records/tags.tsx';
import type { DialogApi } from '../../../shared/ui/dialog.tsx';
import { formatDateTime } from '../../../shared/ui/format.ts';
import { ParticipantActions } from './ParticipantActions.tsx';
import { ParticipantStatusTag, WechatTag } from './ParticipantTags.tsx';

interface ParticipantTableProps {
  page: Page<Participant> | undefined;
  loading: boolean;
  list: ListStateOf<typeof participantListQuerySchema>;
  dialog: DialogApi;
  onView: (participant: Participant) => void;
}

export function ParticipantTable({ page, loading, list, dialog, onView }: ParticipantTableProps) {
  const { t } = useTranslation();
  const isMobile = Grid.useBreakpoint().md === false;
  const isPhone = usePhoneTable();

  const actions = (participant: Participant) => (
    <ParticipantActions participant={participant} dialog={dialog} onView={() => onView(participant)} />
  );

  const columns: TableProps<Participant>['columns'] = isPhone
    ? [
        {
          key: 'participant',
          render: (_, participant) => (
            <Flex vertical gap={4}>
              <Typography.Text strong>{participantName(t, participant)}</Typography.Text>
              <Space size={8} wrap>
                <ParticipantStatusTag participant={participant} />
                <WechatTag participant={participant} />
                <span>
                  {t('participants.field.records')} {formatNumber(participant.recordCount)}
                </span>
              </Space>
              <Typography.Text type="secondary">
                {t('participants.field.lastSeen')} {formatDateTime(participant.lastSeenTime)}
              </Typography.Text>
              <div style={{ marginInline: -7 }}>{actions(participant)}</div>
            </Flex>
          ),
        },
      ]
    : [
        { key: 'id', dataIndex: 'id', title: t('participants.field.id') },
        {
          key: 'nickname',
          title: t('participants.field.nickname'),
          render: (_, participant) => participantName(t, participant),
        },
        {
          key: 'wechat',
          title: t('participants.field.wechat'),
          render: (_, participant) => <WechatTag participant={participant} />,
        },
        {
          key: 'recordCount',
          title: t('participants.field.records'),
          sorter: true,
          align: 'right',
          render: (_, participant) => formatNumber(participant.recordCount),
        },
        {
          key: 'orderCount',
          title: t('participants.field.orders'),
          align: 'right',
          render: (_, participant) => formatNumber(participant.orderCount),
        },
        {
          key: 'status',
          title: t('participants.field.status'),
          render: (_, participant) => <ParticipantStatusTag participant={participant} />,
        },
        {
          key: 'createTime',
          title: t('participants.field.firstSeen'),
          sorter: true,
          render: (_, participant) => formatDateTime(participant.firstSeenTime),
        },
        {
          key: 'lastSeenTime',
          title: t('participants.field.lastSeen'),
          sorter: true,
          render: (_, participant) => formatDateTime(participant.lastSeenTime),
        },
        {
          key: 'actions',
          title: t('participants.field.actions'),
          fixed: isMobile ? undefined : 'right',
          render: (_, participant) => actions(participant),
        },
      ];

  const table = useListTable(list, page, {
    columns,
    showTotal: (total) => t('participants.total', { total }),
  });

  return (
    <Table<Participant>
      {...table}
      {...FIT_TABLE}
      showHeader={!isPhone}
      rowKey="id"
      dataSource={page?.data}
      loading={loading}
      locale={{
        emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('participants.empty')} />,
      }}
    />
  );
}
