import { PlusOutlined, SafetyOutlined } from '@ant-design/icons';
import type { Role } from '@cool/shared';
import { Button, Flex, Space, Table, type TableProps, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { deleteRole } from '../../shared/api/roles.ts';
import { errorText } from '../../shared/http/errorText.ts';
import { FIT_TABLE, usePhoneTable } from '../../shared/list/fitTable.ts';
import { Authorized } from '../../shared/permissions/Authorized.tsx';
import { usePermission } from '../../shared/permissions/usePermission.ts';
import { roleDescription, roleName } from '../../shared/staff/builtInNames.ts';
import { useDialog } from '../../shared/ui/dialog.tsx';
import { useNotices } from '../../shared/ui/notices.ts';
import { PageContainer } from '../../shared/ui/PageContainer.tsx';
import { Panel } from '../../shared/ui/Panel.tsx';
import { QueryContent } from '../../shared/ui/QueryErrorState.tsx';
import { useRoleAction, useRoleList } from './api.ts';
import { RoleForm } from './components/RoleForm.tsx';

const actionCount = (role: Role) => role.permissions.reduce((sum, entry) => sum + entry.actionList.length, 0);

export default function RolePage() {
  const { t } = useTranslation();
  const { message, modal } = useNotices();
  const roles = useRoleList();
  const remove = useRoleAction(deleteRole);
  const [dialog, dialogHolder] = useDialog();
  const can = usePermission();
  const isPhone = usePhoneTable();

  const open = (role: Role | null) =>
    dialog.open(<RoleForm role={role} />, {
      title: role
        ? t(role.builtIn ? 'roles.viewTitle' : 'roles.editTitle', { name: roleName(t, role) })
        : t('roles.createTitle'),
      width: 1000,
      destroyOnHidden: true,
      ...(role?.builtIn && { footer: null }),
    });

  // A copy is a new role: the create form, filled in from the copied one.
  const copy = (role: Role) =>
    dialog.open(<RoleForm copyOf={role} />, {
      title: t('roles.createTitle'),
      width: 1000,
      destroyOnHidden: true,
    });

  const confirmDelete = (role: Role) =>
    modal.confirm({
      title: t('roles.action.delete'),
      content: t('roles.confirmDelete', { name: roleName(t, role) }),
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await remove.mutateAsync(role.id);
          message.success(t('roles.deleted'));
        } catch (error) {
          message.error(errorText(error, t));
        }
      },
    });

  const tags = (role: Role) => (
    <Space size={4} wrap>
      <Tag color={role.status === 'enabled' ? 'green' : 'default'}>{t(`roles.status.${role.status}`)}</Tag>
      {role.builtIn && <Tag color="blue">{t('roles.builtIn')}</Tag>}
      {role.requireTwoStep && (
        <Tag icon={<SafetyOutlined />} color="purple">
          {t('roles.field.requireTwoStep')}
        </Tag>
      )}
    </Space>
  );

  const actions = (role: Role) => (
    <Space size={0} wrap>
      {role.builtIn || !can('roles', 'edit') ? (
        <Button type="link" size="small" onClick={() => open(role)}>
          {t('roles.action.view')}
        </Button>
      ) : (
        <Button type="link" size="small" onClick={() => open(role)}>
          {t('roles.action.edit')}
        </Button>
      )}
      {can('roles', 'add') && (
        <Button
          type="link"
          size="small"
          aria-label={t('roles.action.copyOf', { name: role.name })}
          onClick={() => copy(role)}
        >
          {t('roles.action.copy')}
        </Button>
      )}
      {!role.builtIn && can('roles', 'delete') && (
        <Button type="link" size="small" danger onClick={() => confirmDelete(role)}>
          {t('roles.action.delete')}
        </Button>
      )}
    </Space>
  );

  const columns: TableProps<Role>['columns'] = isPhone
    ? [
        {
          key: 'role',
          render: (_, role) => (
            <Flex vertical gap={4}>
              <Typography.Text strong>
                {roleName(t, role)} <Typography.Text type="secondary">({role.id})</Typography.Text>
              </Typography.Text>
              {role.describe && (
                <Typography.Text type="secondary">{roleDescription(t, role)}</Typography.Text>
              )}
              {tags(role)}
              <div style={{ marginInline: -7 }}>{actions(role)}</div>
            </Flex>
          ),
        },
      ]
    : [
        { key: 'name', title: t('roles.field.name'), render: (_, role) => roleName(t, role) },
        { key: 'id', title: t('roles.field.id'), dataIndex: 'id' },
        { key: 'describe', title: t('roles.field.describe'), render: (_, role) => roleDescription(t, role) },
        { key: 'status', title: t('roles.field.status'), render: (_, role) => tags(role) },
        {
          key: 'grants',
          title: t('roles.field.grants'),
          render: (_, role) => t('roles.grantedCount', { count: actionCount(role) }),
        },
        {
          key: 'actions',
          title: t('roles.field.actions'),
          fixed: 'right',
          render: (_, role) => actions(role),
        },
      ];

  return (
    <PageContainer title={t('menu.roles')} content={t('roles.description')}>
      <Panel title={t('roles.listTitle')} bodyStyle={{ overflow: 'hidden' }}>
        <Flex vertical gap={16}>
          <Authorized permission="roles" action="add">
            <Flex justify="end">
              <Button type="primary" icon={<PlusOutlined />} onClick={() => open(null)}>
                {t('roles.new')}
              </Button>
            </Flex>
          </Authorized>
          <QueryContent query={roles} errorTitle={t('roles.loadFailed')}>
            <Table<Role>
              {...FIT_TABLE}
              showHeader={!isPhone}
              rowKey="id"
              columns={columns}
              dataSource={roles.data}
              loading={roles.isFetching}
              pagination={false}
            />
          </QueryContent>
        </Flex>
      </Panel>
      {dialogHolder}
    </PageContainer>
  );
}
