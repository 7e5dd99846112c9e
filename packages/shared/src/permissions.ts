/** Action keys (docs/spec.md sections 3 and 6). */
export const ACTIONS = [
  'add',
  'delete',
  'edit',
  'query',
  'get',
  'enable',
  'disable',
  'import',
  'export',
  /** Money back to a payer: its own action, apart from editing an order. */
  'refund',
] as const;
export type Action = (typeof ACTIONS)[number];

/** Every permission id the console knows, with the actions that make sense for it. */
export const PERMISSION_ACTIONS = {
  dashboard: ['query', 'get'],
  categories: ['add', 'delete', 'edit', 'query', 'get', 'enable', 'disable'],
  tests: ['add', 'delete', 'edit', 'query', 'get', 'enable', 'disable', 'import', 'export'],
  questions: ['add', 'delete', 'edit', 'query', 'get', 'import', 'export'],
  /** `edit`: sync with WeChat Pay and close an unpaid order. */
  orders: ['edit', 'query', 'get', 'export', 'refund'],
  /** The WeChat Pay page: notifications, calls and reconciliation; `edit` syncs a difference. */
  payLog: ['query', 'get', 'edit'],
  /** The WeChat official account and WeChat Pay sections of the settings (their secrets). */
  paySettings: ['edit', 'query', 'get'],
  records: ['query', 'get', 'export'],
  /** `edit`: follow up (status and notes). */
  alerts: ['edit', 'query', 'get'],
  /** `disable`/`enable`: block and unblock; `export`: a copy of their data; `delete`: erase on request. */
  participants: ['query', 'get', 'enable', 'disable', 'export', 'delete'],
  settings: ['edit', 'query', 'get'],
  accounts: ['add', 'delete', 'edit', 'query', 'get', 'enable', 'disable'],
  roles: ['add', 'delete', 'edit', 'query', 'get'],
  audit: ['query'],
  /** The development outbox: mail and SMS kept when no transport is set up (codes and links: admins only). */
  outbox: ['query', 'get'],
  /** The team's goals (the template's goal form and search table): a title, dates, metrics, a client, critics. */
  goals: ['add', 'delete', 'edit', 'query', 'get'],
} as const satisfies Record<string, readonly Action[]>;

export type PermissionId = keyof typeof PERMISSION_ACTIONS;
export const PERMISSION_IDS = Object.keys(PERMISSION_ACTIONS) as PermissionId[];

/** A role's permission entry as the API returns it (docs/spec.md sections 3 and 6). */
export interface PermissionEntry {
  permissionId: string;
  permissionName: string;
  actionEntitySet: { action: Action; describe: string; defaultCheck: boolean }[];
  actionList: Action[];
}

/** How a role's permissions are stored: permission id -> granted actions. */
export type Grants = Partial<Record<PermissionId, Action[]>>;

export const ACTION_DESCRIPTIONS: Record<Action, string> = {
  add: 'Add',
  delete: 'Delete',
  edit: 'Edit',
  query: 'Query',
  get: 'Detail',
  enable: 'Enable',
  disable: 'Disable',
  import: 'Import',
  export: 'Export',
  refund: 'Refund',
};

export const PERMISSION_NAMES: Record<PermissionId, string> = {
  dashboard: 'Dashboard',
  categories: 'Categories',
  tests: 'Psychological tests',
  questions: 'Questions',
  orders: 'Payment orders',
  records: 'Test records',
  alerts: 'Alerts',
  participants: 'Participants',
  payLog: 'WeChat Pay log',
  paySettings: 'Payment settings',
  settings: 'Settings',
  accounts: 'Staff accounts',
  roles: 'Roles',
  audit: 'Audit log',
  outbox: 'Message outbox',
  goals: 'Goals',
};

export function toPermissionEntries(grants: Grants): PermissionEntry[] {
  return PERMISSION_IDS.filter((id) => (grants[id]?.length ?? 0) > 0).map((id) => {
    const actions = grants[id] ?? [];
    return {
      permissionId: id,
      permissionName: PERMISSION_NAMES[id],
      actionEntitySet: actions.map((action) => ({
        action,
        describe: ACTION_DESCRIPTIONS[action],
        defaultCheck: false,
      })),
      actionList: [...actions],
    };
  });
}

/**
 * `permission.action` passes only if the entry lists the action; a missing entry means no
 * (docs/spec.md section 6).
 */
export function can(
  entries: readonly Pick<PermissionEntry, 'permissionId' | 'actionList'>[],
  permissionId: string,
  action: Action,
): boolean {
  return entries.some((entry) => entry.permissionId === permissionId && entry.actionList.includes(action));
}

export function grantsAllow(grants: Grants, permissionId: PermissionId, action: Action): boolean {
  return (grants[permissionId] as readonly Action[] | undefined)?.includes(action) ?? false;
}

/** A role's permission entries as grants. */
export const grantsOf = (entries: readonly Pick<PermissionEntry, 'permissionId' | 'actionList'>[]): Grants =>
  Object.fromEntries(entries.map((entry) => [entry.permissionId, [...entry.actionList]]));

/** The `permission.action` pairs `target` grants that `holder` does not: none when `holder` covers it. */
export function grantsBeyond(holder: Grants, target: Grants): string[] {
  return PERMISSION_IDS.flatMap((id) =>
    (target[id] ?? [])
      .filter((action) => !grantsAllow(holder, id, action))
      .map((action) => `${id}.${action}`),
  );
}

const all = (id: PermissionId): Action[] => [...PERMISSION_ACTIONS[id]];
const readOnly = (id: PermissionId): Action[] =>
  PERMISSION_ACTIONS[id].filter((a) => a === 'query' || a === 'get');

/** Seeded roles: admin everything, operator content, finance orders, viewer query/get only. */
export const BUILT_IN_ROLES: { id: string; name: string; describe: string; grants: Grants }[] = [
  {
    id: 'admin',
    name: 'Administrator',
    describe: 'Full access to every part of the console',
    grants: Object.fromEntries(PERMISSION_IDS.map((id) => [id, all(id)])) as Grants,
  },
  {
    id: 'operator',
    name: 'Content operator',
    describe: 'Maintains tests, questions and categories',
    grants: {
      dashboard: all('dashboard'),
      categories: all('categories'),
      tests: all('tests'),
      questions: all('questions'),
      settings: readOnly('settings'),
      records: all('records'),
      alerts: all('alerts'),
      goals: all('goals'),
    },
  },
  {
    id: 'finance',
    name: 'Finance',
    describe: 'Reviews payment orders',
    grants: {
      dashboard: all('dashboard'),
      orders: all('orders'),
      payLog: all('payLog'),
      paySettings: all('paySettings'),
      tests: readOnly('tests'),
      goals: readOnly('goals'),
    },
  },
  {
    id: 'viewer',
    name: 'Viewer',
    describe: 'Can look at everything and change nothing',
    // Not the outbox: its sign-in codes and recovery links would let a viewer act as anyone.
    grants: Object.fromEntries(
      PERMISSION_IDS.filter((id) => id !== 'outbox').map((id) => [id, readOnly(id)]),
    ) as Grants,
  },
];
