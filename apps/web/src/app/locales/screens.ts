import type { MessageLoaders } from '../../shared/i18n/i18n.ts';

/**
 * One feature's strings in both languages, each file its own chunk. The Chinese file must have every English
 * string (the typecheck fails otherwise).
 */
const strings = <E extends object>(
  en: () => Promise<{ default: E }>,
  zh: () => Promise<{ default: NoInfer<E> }>,
): MessageLoaders => ({
  'en-US': () => en().then((m) => m.default as Record<string, unknown>),
  'zh-CN': () => zh().then((m) => m.default as Record<string, unknown>),
});

/**
 * The console's screens' strings by feature: each page downloads the ones it shows with its code
 * (routes/registry.tsx), so the first page brings its own strings and not every screen's.
 */
export const screenStrings = {
  analysis: strings(
    () => import('../../features/analysis/strings/en-US.json'),
    () => import('../../features/analysis/strings/zh-CN.json'),
  ),
  monitor: strings(
    () => import('../../features/monitor/strings/en-US.json'),
    () => import('../../features/monitor/strings/zh-CN.json'),
  ),
  workplace: strings(
    () => import('../../features/workplace/strings/en-US.json'),
    () => import('../../features/workplace/strings/zh-CN.json'),
  ),
  goals: strings(
    () => import('../../features/goals/strings/en-US.json'),
    () => import('../../features/goals/strings/zh-CN.json'),
  ),
  refunds: strings(
    () => import('../../features/refunds/strings/en-US.json'),
    () => import('../../features/refunds/strings/zh-CN.json'),
  ),
  orderProfile: strings(
    () => import('../../features/profiles/strings/order/en-US.json'),
    () => import('../../features/profiles/strings/order/zh-CN.json'),
  ),
  participantProfile: strings(
    () => import('../../features/profiles/strings/participant/en-US.json'),
    () => import('../../features/profiles/strings/participant/zh-CN.json'),
  ),
  lists: strings(
    () => import('../../features/lists/strings/en-US.json'),
    () => import('../../features/lists/strings/zh-CN.json'),
  ),
  trigger: strings(
    () => import('../../features/placeholders/strings/en-US.json'),
    () => import('../../features/placeholders/strings/zh-CN.json'),
  ),
  account: strings(
    () => import('../../features/account/strings/account/en-US.json'),
    () => import('../../features/account/strings/account/zh-CN.json'),
  ),
  alerts: strings(
    () => import('../../features/alerts/strings/en-US.json'),
    () => import('../../features/alerts/strings/zh-CN.json'),
  ),
  audit: strings(
    () => import('../../features/audit/strings/en-US.json'),
    () => import('../../features/audit/strings/zh-CN.json'),
  ),
  categories: strings(
    () => import('../../features/categories/strings/en-US.json'),
    () => import('../../features/categories/strings/zh-CN.json'),
  ),
  center: strings(
    () => import('../../features/center/strings/en-US.json'),
    () => import('../../features/center/strings/zh-CN.json'),
  ),
  orders: strings(
    () => import('../../features/orders/strings/en-US.json'),
    () => import('../../features/orders/strings/zh-CN.json'),
  ),
  outbox: strings(
    () => import('../../features/outbox/strings/en-US.json'),
    () => import('../../features/outbox/strings/zh-CN.json'),
  ),
  participants: strings(
    () => import('../../features/participants/strings/en-US.json'),
    () => import('../../features/participants/strings/zh-CN.json'),
  ),
  payLog: strings(
    () => import('../../features/paylog/strings/en-US.json'),
    () => import('../../features/paylog/strings/zh-CN.json'),
  ),
  questions: strings(
    () => import('../../features/questions/strings/en-US.json'),
    () => import('../../features/questions/strings/zh-CN.json'),
  ),
  records: strings(
    () => import('../../features/records/strings/en-US.json'),
    () => import('../../features/records/strings/zh-CN.json'),
  ),
  roles: strings(
    () => import('../../features/roles/strings/en-US.json'),
    () => import('../../features/roles/strings/zh-CN.json'),
  ),
  staff: strings(
    () => import('../../features/staff/strings/en-US.json'),
    () => import('../../features/staff/strings/zh-CN.json'),
  ),
  testRecord: strings(
    () => import('../../shared/records/strings/en-US.json'),
    () => import('../../shared/records/strings/zh-CN.json'),
  ),
  tests: strings(
    () => import('../../features/tests/strings/en-US.json'),
    () => import('../../features/tests/strings/zh-CN.json'),
  ),
  twoStep: strings(
    () => import('../../features/account/strings/twoStep/en-US.json'),
    () => import('../../features/account/strings/twoStep/zh-CN.json'),
  ),
};
