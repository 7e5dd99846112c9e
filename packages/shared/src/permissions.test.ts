import { describe, expect, it } from 'vitest';
import {
  BUILT_IN_ROLES,
  can,
  type Grants,
  grantsAllow,
  grantsBeyond,
  grantsOf,
  PERMISSION_ACTIONS,
  PERMISSION_IDS,
  toPermissionEntries,
} from './permissions.ts';

describe('permission entries', () => {
  it('derive actionList from the granted actions, with descriptions', () => {
    const [entry] = toPermissionEntries({ categories: ['query', 'add'] });
    expect(entry).toEqual({
      permissionId: 'categories',
      permissionName: 'Categories',
      actionEntitySet: [
        { action: 'query', describe: 'Query', defaultCheck: false },
        { action: 'add', describe: 'Add', defaultCheck: false },
      ],
      actionList: ['query', 'add'],
    });
  });

  it('leave out permissions with no actions', () => {
    expect(toPermissionEntries({ orders: [], dashboard: ['query'] }).map((e) => e.permissionId)).toEqual([
      'dashboard',
    ]);
  });

  it('`permission.action` passes only when the entry lists the action', () => {
    const entries = toPermissionEntries({ categories: ['query'] });
    expect(can(entries, 'categories', 'query')).toBe(true);
    expect(can(entries, 'categories', 'delete')).toBe(false);
    expect(can(entries, 'orders', 'query')).toBe(false);
  });
});

describe('built-in roles', () => {
  const grants = (id: string) => BUILT_IN_ROLES.find((r) => r.id === id)!.grants;

  it('admin holds every action of every permission', () => {
    for (const id of PERMISSION_IDS) {
      for (const action of PERMISSION_ACTIONS[id])
        expect(grantsAllow(grants('admin'), id, action)).toBe(true);
    }
  });

  it('viewer can only query and get', () => {
    for (const [id, actions] of Object.entries(grants('viewer'))) {
      expect(actions, id).toContain('query');
      expect(actions?.every((a) => a === 'query' || a === 'get')).toBe(true);
    }
  });

  it('operator edits content but not orders or accounts; finance handles orders only', () => {
    expect(grantsAllow(grants('operator'), 'tests', 'edit')).toBe(true);
    expect(grantsAllow(grants('operator'), 'orders', 'query')).toBe(false);
    expect(grantsAllow(grants('operator'), 'accounts', 'add')).toBe(false);
    expect(grantsAllow(grants('finance'), 'orders', 'export')).toBe(true);
    expect(grantsAllow(grants('finance'), 'categories', 'query')).toBe(false);
  });

  it('every role can open the console', () => {
    for (const role of BUILT_IN_ROLES)
      expect(grantsAllow(role.grants, 'dashboard', 'query'), role.id).toBe(true);
  });
});

describe('grantsBeyond', () => {
  it('names what a role grants that the holder does not, and nothing when the holder covers it', () => {
    const holder = { accounts: ['query', 'edit'], roles: ['query'] } as Grants;
    expect(grantsBeyond(holder, { accounts: ['query'] })).toEqual([]);
    expect(grantsBeyond(holder, {})).toEqual([]);
    // In the permission table's order.
    expect(grantsBeyond(holder, { accounts: ['query', 'delete'], orders: ['refund'] })).toEqual([
      'orders.refund',
      'accounts.delete',
    ]);
    expect(
      grantsBeyond(holder, grantsOf([{ permissionId: 'roles', actionList: ['query', 'edit'] }])),
    ).toEqual(['roles.edit']);
  });
});
