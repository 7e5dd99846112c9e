import type { Goal, GoalStatus, goalListQuerySchema, Page } from '@cool/shared';
import { Button, Empty, Flex, Grid, Space, Table, type TableProps, Tag, theme } from 'antd';
import type { Key } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { errorText } from '../../../shared/http/errorText.ts';
import { FIT_TABLE, usePhoneTable } from '../../../shared/list/fitTable.ts';
import { useListTable } from '../../../shared/list/listTable.ts';
import type { ListStateOf } from '../../../shared/list/useListState.ts';
import { usePermission } from '../../../shared/permissions/usePermission.ts';
import { useNotices } from '../../../shared/ui/notices.ts';
import { useDeleteGoals } from '../api.ts';
import { GoalProgress } from './GoalProgress.tsx';

const STATUS_COLOURS: Record<GoalStatus, string> = {
  draft: 'default',
  in_progress: 'processing',
  done: 'success',
  cancelled: 'error',
};

interface GoalTableProps {
  page: Page<Goal> | undefined;
  loading: boolean;
  list: ListStateOf<typeof goalListQuerySchema>;
  selected: Key[];
  onSelect: (ids: Key[]) => void;
}

export function GoalTable({ page, loading, list, selected, onSelect }: GoalTableProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const isMobile = Grid.useBreakpoint().md === false;
  const isPhone = usePhoneTable();
  const { message, modal } = useNotices();
  const allowed = usePermission();
  const navigate = useNavigate();
  const remove = useDeleteGoals();
  const canEdit = allowed('goals', 'edit');
  const canDelete = allowed('goals', 'delete');
  const canGet = allowed('goals', 'get');

  const deleteGoal = async (goal: Goal) => {
    try {
      await remove.mutateAsync([goal.id]);
      onSelect(selected.filter((id) => id !== goal.id));
      message.success(t('goals.deleted', { count: 1 }));
    } catch (error) {
      message.error(errorText(error, t));
    }
  };

  // Asked in a dialog, as every list asks before deleting.
  const confirmDelete = (goal: Goal) =>
    modal.confirm({
      title: t('goals.delete.title'),
      content: t('goals.delete.content', { title: goal.title }),
      okText: t('goals.delete.ok'),
      cancelText: t('goals.delete.cancel'),
      okButtonProps: { danger: true },
      onOk: () => deleteGoal(goal),
    });

  const status = (goal: Goal) => (
    <Tag color={STATUS_COLOURS[goal.status]}>{t(`goals.status.${goal.status}`)}</Tag>
  );
  const period = (goal: Goal) => `${goal.startDate} ~ ${goal.endDate}`;

  const actions = (goal: Goal) => (
    <Space size={0} wrap>
      {/* The form opens the goal, which needs `get`. */}
      {canEdit && canGet && (
        <Button type="link" size="small" onClick={() => navigate(`/form/basic-form?id=${goal.id}`)}>
          {t('goals.action.edit')}
        </Button>
      )}
      {canGet && (
        <Button type="link" size="small" onClick={() => navigate(`/form/advanced-form?id=${goal.id}`)}>
          {t('goals.action.plan')}
        </Button>
      )}
      {canDelete && (
        <Button type="link" size="small" danger onClick={() => confirmDelete(goal)}>
          {t('goals.action.delete')}
        </Button>
      )}
    </Space>
  );

  const phoneColumns: TableProps<Goal>['columns'] = [
    {
      key: 'goal',
      render: (_, goal) => (
        <Flex vertical gap={4} style={{ minWidth: 0 }}>
          <strong style={{ fontWeight: token.fontWeightStrong, wordBreak: 'break-word' }}>
            {goal.title}
          </strong>
          <span style={{ color: token.colorTextDescription, wordBreak: 'break-word' }}>
            {goal.client} · {period(goal)}
          </span>
          <Space size={8} wrap>
            {status(goal)}
            {goal.owner && <span>{goal.owner.name}</span>}
          </Space>
          <GoalProgress goal={goal} />
          <div style={{ marginInline: -7 }}>{actions(goal)}</div>
        </Flex>
      ),
    },
  ];

  const columns: TableProps<Goal>['columns'] = [
    { key: 'title', dataIndex: 'title', title: t('goals.field.title'), sorter: true },
    { key: 'client', dataIndex: 'client', title: t('goals.field.client') },
    { key: 'owner', title: t('goals.field.owner'), render: (_, goal) => goal.owner?.name ?? '—' },
    // One column sorted by the start day: the list must fit beside the menu at 1280 px.
    { key: 'startDate', title: t('goals.field.period'), sorter: true, render: (_, goal) => period(goal) },
    { key: 'status', title: t('goals.field.status'), render: (_, goal) => status(goal) },
    { key: 'progress', title: t('goals.field.progress'), render: (_, goal) => <GoalProgress goal={goal} /> },
    {
      key: 'disclosure',
      title: t('goals.field.disclosureShort'),
      render: (_, goal) => t(`goals.disclosure.${goal.disclosure}`),
    },
    {
      key: 'actions',
      title: t('goals.field.actions'),
      fixed: isMobile ? undefined : 'right',
      render: (_, goal) => actions(goal),
    },
  ];

  const table = useListTable(list, page, {
    columns: isPhone ? phoneColumns : columns,
    showTotal: (total) => t('goals.total', { total }),
  });

  return (
    <Table<Goal>
      {...table}
      {...FIT_TABLE}
      showHeader={!isPhone}
      rowKey="id"
      dataSource={page?.data}
      loading={loading}
      rowSelection={canDelete ? { selectedRowKeys: selected, onChange: onSelect } : undefined}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('goals.empty')} /> }}
    />
  );
}
