import { PictureOutlined } from '@ant-design/icons';
import type { Category, categoryListQuerySchema, Page } from '@cool/shared';
import { Button, Empty, Flex, Grid, Space, Switch, Table, type TableProps, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../shared/http/errorText.ts';
import { FIT_TABLE, usePhoneTable } from '../../../shared/list/fitTable.ts';
import { useListTable } from '../../../shared/list/listTable.ts';
import type { ListStateOf } from '../../../shared/list/useListState.ts';
import { usePermission } from '../../../shared/permissions/usePermission.ts';
import { useSettingsStore } from '../../../shared/settings/settingsStore.ts';
import { formatDateTime } from '../../../shared/ui/format.ts';
import { ImageAvatar } from '../../../shared/ui/ImageAvatar.tsx';
import { useNotices } from '../../../shared/ui/notices.ts';
import { StatusTag } from '../../../shared/ui/StatusTag.tsx';
import { useDeleteCategory, useSetCategoryStatus } from '../api.ts';

interface CategoryTableProps {
  page: Page<Category> | undefined;
  loading: boolean;
  list: ListStateOf<typeof categoryListQuerySchema>;
  onEdit: (category: Category) => void;
}

export function CategoryTable({ page, loading, list, onEdit }: CategoryTableProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const isMobile = Grid.useBreakpoint().md === false;
  const isPhone = usePhoneTable();
  const { message, modal } = useNotices();
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

  // Asked in a dialog, as the tests list asks before deleting a test. A category holding tests is refused by the
  // server: the dialog says so at once and offers no delete.
  const confirmDelete = (category: Category) => {
    const name = language === 'zh-CN' ? category.nameZh : category.nameEn;
    if (category.testCount > 0) {
      modal.warning({
        title: t('categories.delete.inUseTitle'),
        content: t('categories.delete.inUse', { name, count: category.testCount }),
        okText: t('categories.delete.understood'),
      });
      return;
    }
    modal.confirm({
      title: t('categories.delete.title'),
      content: t('categories.delete.content', { name }),
      okText: t('categories.delete.ok'),
      cancelText: t('categories.delete.cancel'),
      okButtonProps: { danger: true },
      onOk: () => deleteCategory(category),
    });
  };

  const nameColumns: TableProps<Category>['columns'] = [
    { key: 'nameZh', dataIndex: 'nameZh', title: t('categories.field.nameZh') },
    { key: 'nameEn', dataIndex: 'nameEn', title: t('categories.field.nameEn') },
  ];
  // The current language's name comes first.
  if (language === 'en-US') nameColumns.reverse();

  const icon = (category: Category) => (
    <ImageAvatar shape="square" src={category.iconUrl || undefined} icon={<PictureOutlined />} />
  );

  const status = (category: Category) => {
    const enabled = category.status === 'enabled';
    const label = t(`categories.status.${category.status}`);
    // Without either action there is nothing to switch: show the state only.
    if (!canEnable && !canDisable)
      return <StatusTag tone={enabled ? 'success' : 'default'}>{label}</StatusTag>;
    return (
      <Switch
        checked={enabled}
        aria-label={label}
        loading={setStatus.isPending && setStatus.variables?.id === category.id}
        disabled={enabled ? !canDisable : !canEnable}
        onChange={(checked) => toggleStatus(category, checked)}
      />
    );
  };

  const actions = (category: Category) => (
    // Wraps onto a second line rather than widen the table past the page.
    <Space size={0} wrap>
      {canEdit && (
        <Button type="link" size="small" onClick={() => onEdit(category)}>
          {t('categories.action.edit')}
        </Button>
      )}
      {canDelete && (
        <Button type="link" size="small" danger onClick={() => confirmDelete(category)}>
          {t('categories.action.delete')}
        </Button>
      )}
    </Space>
  );
  const hasActions = canEdit || canDelete;

  const phoneColumns: TableProps<Category>['columns'] = [
    {
      key: 'category',
      render: (_, category) => {
        const [first, second] =
          language === 'en-US' ? [category.nameEn, category.nameZh] : [category.nameZh, category.nameEn];
        return (
          <Flex gap={12} align="start">
            {icon(category)}
            <Flex vertical gap={4} style={{ minWidth: 0, flex: 1 }}>
              {/* Typography.Text's look without its code, which the first page would download for this alone. */}
              <strong style={{ fontWeight: token.fontWeightStrong, wordBreak: 'break-word' }}>{first}</strong>
              <span style={{ color: token.colorTextDescription, wordBreak: 'break-word' }}>{second}</span>
              <Space size={8} wrap>
                {status(category)}
                <span>{t('categories.testsN', { count: category.testCount })}</span>
              </Space>
              {hasActions && <div style={{ marginInline: -7 }}>{actions(category)}</div>}
            </Flex>
          </Flex>
        );
      },
    },
  ];

  const columns: TableProps<Category>['columns'] = [
    { key: 'iconUrl', title: t('categories.field.icon'), width: 72, render: (_, category) => icon(category) },
    ...nameColumns,
    { key: 'sortOrder', dataIndex: 'sortOrder', title: t('categories.field.sortOrder'), sorter: true },
    { key: 'status', title: t('categories.field.status'), render: (_, category) => status(category) },
    { key: 'testCount', dataIndex: 'testCount', title: t('categories.field.testCount') },
    {
      key: 'createTime',
      dataIndex: 'createTime',
      title: t('categories.field.createTime'),
      sorter: true,
      render: formatDateTime,
    },
    {
      key: 'updateTime',
      dataIndex: 'updateTime',
      title: t('categories.field.updateTime'),
      sorter: true,
      render: formatDateTime,
    },
  ];

  if (hasActions) {
    columns.push({
      key: 'actions',
      title: t('categories.field.actions'),
      // Pinned on wide screens so Edit and Delete stay in reach however far the table scrolls.
      fixed: isMobile ? undefined : 'right',
      render: (_, category) => actions(category),
    });
  }

  const table = useListTable(list, page, {
    columns: isPhone ? phoneColumns : columns,
    showTotal: (total) => t('categories.total', { total }),
  });

  return (
    <Table<Category>
      {...table}
      {...FIT_TABLE}
      showHeader={!isPhone}
      rowKey="id"
      dataSource={page?.data}
      loading={loading}
      locale={{
        emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('categories.empty')} />,
      }}
    />
  );
}
