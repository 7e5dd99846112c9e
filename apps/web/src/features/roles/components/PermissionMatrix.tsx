import {
  ACTIONS,
  type Action,
  type Grants,
  PERMISSION_ACTIONS,
  PERMISSION_IDS,
  type PermissionId,
} from '@cool/shared';
import { Checkbox, Table } from 'antd';
import { useTranslation } from 'react-i18next';

interface PermissionMatrixProps {
  value?: Grants;
  onChange?: (grants: Grants) => void;
  disabled?: boolean;
}

const allowed = (id: PermissionId, action: Action) =>
  (PERMISSION_ACTIONS[id] as readonly Action[]).includes(action);

/**
 * The permission x action grid: a cell exists only where the permission table (packages/shared) has that
 * action, so no grant the server would refuse can be ticked. The first column ticks a whole row, each
 * header a whole column.
 */
export function PermissionMatrix({ value = {}, onChange, disabled }: PermissionMatrixProps) {
  const { t } = useTranslation();
  const has = (id: PermissionId, action: Action) => value[id]?.includes(action) ?? false;

  const set = (cells: [PermissionId, Action][], on: boolean) => {
    const next: Grants = { ...value };
    for (const [id, action] of cells) {
      const current = new Set(next[id] ?? []);
      if (on) current.add(action);
      else current.delete(action);
      // In the table's order, so the stored grants read the same way the grid does.
      next[id] = PERMISSION_ACTIONS[id].filter((a) => current.has(a));
    }
    onChange?.(next);
  };

  const rowCells = (id: PermissionId) =>
    PERMISSION_ACTIONS[id].map((action): [PermissionId, Action] => [id, action]);
  const columnCells = (action: Action) =>
    PERMISSION_IDS.filter((id) => allowed(id, action)).map((id): [PermissionId, Action] => [id, action]);
  const toggle = (cells: [PermissionId, Action][], label: string) => {
    const on = cells.filter(([id, action]) => has(id, action)).length;
    return (
      <Checkbox
        aria-label={label}
        disabled={disabled}
        checked={on > 0 && on === cells.length}
        indeterminate={on > 0 && on < cells.length}
        onChange={(event) => set(cells, event.target.checked)}
      />
    );
  };
  const actionName = (action: Action) => t(`roles.actionName.${action}`);
  const permissionName = (id: PermissionId) => t(`roles.permission.${id}`);

  return (
    <Table<{ id: PermissionId }>
      size="small"
      bordered
      pagination={false}
      scroll={{ x: true }}
      rowKey="id"
      dataSource={PERMISSION_IDS.map((id) => ({ id }))}
      columns={[
        {
          key: 'permission',
          title: t('roles.field.permission'),
          fixed: 'left',
          render: (_, { id }) => (
            <span style={{ whiteSpace: 'nowrap' }}>
              {toggle(rowCells(id), t('roles.toggleRow', { permission: permissionName(id) }))}{' '}
              {permissionName(id)}
            </span>
          ),
        },
        ...ACTIONS.map((action) => ({
          key: action,
          align: 'center' as const,
          title: (
            <span style={{ whiteSpace: 'nowrap' }}>
              {toggle(columnCells(action), t('roles.toggleColumn', { action: actionName(action) }))}{' '}
              {actionName(action)}
            </span>
          ),
          render: (_: unknown, { id }: { id: PermissionId }) =>
            allowed(id, action) && (
              <Checkbox
                aria-label={`${permissionName(id)} ${actionName(action)}`}
                disabled={disabled}
                checked={has(id, action)}
                onChange={(event) => set([[id, action]], event.target.checked)}
              />
            ),
        })),
      ]}
    />
  );
}
