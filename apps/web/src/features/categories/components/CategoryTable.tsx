import { PictureOutlined } from '@ant-design/icons';
import type { Category, categoryListQuerySchema, Page } from '@cool/shared';
import {
  App,
  Avatar,
  Button,
  Empty,
  Grid,
  Popconfirm,
  Space,
  Switch,
  Table,
  type TableProps,
  Tag,
} from 'antd';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../shared/http/errorText.ts';
import { useListTable } from '../../../shared/list/listTable.ts';
import type { ListStateOf } from '../../../shared/list/useListState.ts';
import { usePermission } from '../../../shared/permissions/usePermission.ts';
import { useSettingsStore } from '../../../shared/settings/settingsStore.ts';
import { formatDateTime } from '../../../shared/ui/format.ts';
import { useDeleteCategory, useSetCategoryStatus } from '../api.ts';

interface CategoryTableProps {
  page: Page<Category> | undefined;
  loading: boolean;
  list: ListStateOf<typeof categoryListQuerySchema>;
  onEdit: (category: Category) => void;
}

export function CategoryTable({ page, loading, list, onEdit }: CategoryTableProps) {
  const { t } = useTranslation();
  const isMobile = Grid.useBreakpoint().md === false;
  const { message } = App.useApp();
  const allowed = usePermission();
  const language = useSettingsStore((s) => s.language);
  const setStatus = useSetCategoryStatus();
  const remove = useDeleteCategory();

  const canEdit = allowed('categories', 'edit');
  const canDelete = allowed('categories', 'delete');
  const canEnable = allowed('categories', 'enable');
  const canDisable = allowed('categories', 'disable');

  const toggleStatus = (category: Category, enabled: boolean) => {
    // Not optimistic: the switch keeps showing the server's value, so a failure needs no revert.
    setStatus.mutate(
      { id: category.id, enabled },
      { onError: (error) => message.error(errorText(error, t)) },
    );
  };

  const deleteCategory = async (category: Category) => {
    try {
      await remove.mutateAsync(category.id);
      message.success(t('categories.deleted'));
    } catch (error) {
      // e.g. 409 "category in use": the server's own message.
      message.error(errorText(error, t));
    }
  };

  const nameColumns: TableProps<Category>['columns'] = [
    { key: 'nameZh', dataIndex: 'nameZh', title: t('categories.field.nameZh'), width: 160 },
    { key: 'nameEn', dataIndex: 'nameEn', title: t('categories.field.nameEn'), width: 180 },
  ];
  // The current language's name comes first.
  if (language === 'en-US') nameColumns.reverse();

  const columns: TableProps<Category>['columns'] = [
    {
      key: 'iconUrl',
      dataIndex: 'iconUrl',
      title: t('categories.field.icon'),
      width: 72,
      render: (url: string | null) => (
        <Avatar shape="square" src={url || undefined} icon={<PictureOutlined />} />
      ),
    },
    ...nameColumns,
    {
      key: 'sortOrder',
      dataIndex: 'sortOrder',
      title: t('categories.field.sortOrder'),
      sorter: true,
      width: 120,
    },
    {
      key: 'status',
      dataIndex: 'status',
      title: t('categories.field.status'),
      width: 110,
      render: (_, category) => {
        const enabled = category.status === 'enabled';
        const label = t(`categories.status.${category.status}`);
        // Without either action there is nothing to switch: show the state only.
        if (!canEnable && !canDisable) return <Tag color={enabled ? 'success' : 'default'}>{label}</Tag>;
        return (
          <Switch
            checked={enabled}
            aria-label={label}
            loading={setStatus.isPending && setStatus.variables?.id === category.id}
            disabled={enabled ? !canDisable : !canEnable}
            onChange={(checked) => toggleStatus(category, checked)}
          />
        );
      },
    },
    { key: 'testCount', dataIndex: 'testCount', title: t('categories.field.testCount'), width: 110 },
    {
      key: 'createTime',
      dataIndex: 'createTime',
      title: t('categories.field.createTime'),
      sorter: true,
      render: formatDateTime,
      width: 190,
    },
    {
      key: 'updateTime',
      dataIndex: 'updateTime',
      title: t('categories.field.updateTime'),
      sorter: true,
      render: formatDateTime,
      width: 190,
    },
  ];

  if (canEdit || canDelete) {
    columns.push({
      key: 'actions',
      title: t('categories.field.actions'),
      // Pinned on wide screens so Edit and Delete stay in reach however far the table scrolls.
      fixed: isMobile ? undefined : 'right',
      width: 140,
      render: (_, category) => (
        <Space size={0}>
          {canEdit && (
            <Button type="link" onClick={() => onEdit(category)}>
              {t('categories.action.edit')}
            </Button>
          )}
          {canDelete && (
            <Popconfirm
              title={t('categories.delete.title')}
              description={t('categories.delete.content', {
                name: language === 'zh-CN' ? category.nameZh : category.nameEn,
              })}
              okText={t('categories.delete.ok')}
              cancelText={t('categories.delete.cancel')}
              okButtonProps={{ danger: true }}
              onConfirm={() => deleteCategory(category)}
            >
              <Button type="link" danger>
                {t('categories.action.delete')}
              </Button>
            </Popconfirm>
          )}
        </Space>
      ),
    });
  }

  const table = useListTable(list, page, { columns, showTotal: (total) => t('categories.total', { total }) });

  return (
    <Table<Category>
      {...table}
      rowKey="id"
      dataSource={page?.data}
      loading={loading}
      scroll={{ x: 'max-content' }}
      locale={{
        emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('categories.empty')} />,
      }}
    />
  );
}
