import { DownOutlined } from '@ant-design/icons';
import type { Account, accountListQuerySchema, Page } from '@cool/shared';
import {
  Button,
  Dropdown,
  Empty,
  Flex,
  type MenuProps,
  Space,
  Table,
  type TableProps,
  Tag,
  Typography,
} from 'antd';
import { useTranslation } from 'react-i18next';
import { FIT_TABLE, usePhoneTable } from '../../../shared/list/fitTable.ts';
import { useListTable } from '../../../shared/list/listTable.ts';
import type { ListStateOf } from '../../../shared/list/useListState.ts';
import { usePermission } from '../../../shared/permissions/usePermission.ts';
import { roleName } from '../../../shared/staff/builtInNames.ts';
import { formatDateTime } from '../../../shared/ui/format.ts';
import { useWithinReach } from '../api.ts';

/** What a row's menu can do; the page carries them out (most ask first). */
export type AccountAction =
  | 'edit'
  | 'signIns'
  | 'enable'
  | 'disable'
  | 'approve'
  | 'resetPassword'
  | 'revokeSessions'
  | 'resendInvitation'
  | 'delete';

const STATUS_COLOURS = { enabled: 'green', disabled: 'default', pending: 'orange' } as const;

/** Invited: pending with a role (a sign-up has none until approved). */
const isInvited = (account: Account) => account.status === 'pending' && account.roleId !== null;

export function AccountStatusTag({ account }: { account: Account }) {
  const { t } = useTranslation();
  return (
    <Tag color={STATUS_COLOURS[account.status]}>
      {t(`staff.status.${isInvited(account) ? 'invited' : account.status}`)}
    </Tag>
  );
}

interface AccountTableProps {
  page: Page<Account> | undefined;
  loading: boolean;
  list: ListStateOf<typeof accountListQuerySchema>;
  onAction: (account: Account, action: AccountAction) => void;
}

export function AccountTable({ page, loading, list, onAction }: AccountTableProps) {
  const { t } = useTranslation();
  const isPhone = usePhoneTable();
  const can = usePermission();
  const withinReach = useWithinReach();

  const moreItems = (account: Account): MenuProps['items'] => {
    const pending = account.status === 'pending';
    // An account whose role grants more than the signed-in person's own can be looked at, not changed.
    const may = (permission: boolean) => permission && withinReach(account.roleId);
    const entries: [AccountAction, boolean][] = [
      ['signIns', true],
      ['approve', pending && !isInvited(account) && may(can('accounts', 'edit'))],
      ['resendInvitation', isInvited(account) && may(can('accounts', 'add'))],
      ['enable', account.status === 'disabled' && may(can('accounts', 'enable'))],
      ['disable', account.status === 'enabled' && may(can('accounts', 'disable'))],
      ['resetPassword', !pending && may(can('accounts', 'edit'))],
      ['revokeSessions', !pending && may(can('accounts', 'edit'))],
      ['delete', pending && may(can('accounts', 'delete'))],
    ];
    return entries
      .filter(([, shown]) => shown)
      .map(([key]) => ({
        key,
        label: t(`staff.action.${key}`),
        danger: key === 'disable' || key === 'delete',
      }));
  };

  const actions = (account: Account) => {
    const more = moreItems(account) ?? [];
    return (
      <Space size={0} style={{ whiteSpace: 'nowrap' }}>
        {can('accounts', 'edit') && withinReach(account.roleId) && (
          <Button type="link" size="small" onClick={() => onAction(account, 'edit')}>
            {t('staff.action.edit')}
          </Button>
        )}
        {more.length > 0 && (
          <Dropdown
            menu={{ items: more, onClick: ({ key }) => onAction(account, key as AccountAction) }}
            trigger={['click']}
          >
            <Button type="link" size="small" aria-label={`${t('staff.action.more')} ${account.username}`}>
              {t('staff.action.more')} <DownOutlined />
            </Button>
          </Dropdown>
        )}
      </Space>
    );
  };

  const lastSignIn = (account: Account) =>
    account.lastLoginTime ? formatDateTime(account.lastLoginTime) : t('staff.never');

  const columns: TableProps<Account>['columns'] = isPhone
    ? [
        {
          key: 'account',
          render: (_, account) => (
            <Flex vertical gap={4}>
              <Flex justify="space-between" gap={8}>
                <Typography.Text strong style={{ wordBreak: 'break-all' }}>
                  {account.username}
                </Typography.Text>
                <AccountStatusTag account={account} />
              </Flex>
              <Typography.Text>
                {account.name}
                {account.roleName && ` · ${roleName(t, { id: account.roleId, name: account.roleName })}`}
              </Typography.Text>
              {account.email && <Typography.Text type="secondary">{account.email}</Typography.Text>}
              <Typography.Text type="secondary">
                {t('staff.field.lastSignIn')}: {lastSignIn(account)}
              </Typography.Text>
              <div style={{ marginInline: -7 }}>{actions(account)}</div>
            </Flex>
          ),
        },
      ]
    : [
        { key: 'username', title: t('staff.field.username'), sorter: true, dataIndex: 'username' },
        { key: 'name', title: t('staff.field.name'), dataIndex: 'name' },
        { key: 'email', title: t('staff.field.email'), render: (_, account) => account.email ?? '—' },
        { key: 'phone', title: t('staff.field.phone'), render: (_, account) => account.phone ?? '—' },
        {
          key: 'role',
          title: t('staff.field.role'),
          render: (_, account) =>
            account.roleName ? roleName(t, { id: account.roleId, name: account.roleName }) : '—',
        },
        {
          key: 'status',
          title: t('staff.field.status'),
          render: (_, account) => <AccountStatusTag account={account} />,
        },
        {
          key: 'lastLoginTime',
          title: t('staff.field.lastSignIn'),
          sorter: true,
          render: (_, account) => <span style={{ whiteSpace: 'nowrap' }}>{lastSignIn(account)}</span>,
        },
        {
          key: 'actions',
          title: t('staff.field.actions'),
          fixed: 'right',
          render: (_, account) => actions(account),
        },
      ];

  const table = useListTable(list, page, {
    columns,
    showTotal: (total, count) => t('staff.total', { total, count }),
  });

  return (
    <Table<Account>
      {...table}
      {...FIT_TABLE}
      showHeader={!isPhone}
      rowKey="id"
      dataSource={page?.data}
      loading={loading}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('staff.empty')} /> }}
    />
  );
}
