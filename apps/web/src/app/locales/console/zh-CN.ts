import account from '../../../features/account/strings/account/zh-CN.json';
import twoStep from '../../../features/account/strings/twoStep/zh-CN.json';
import alerts from '../../../features/alerts/strings/zh-CN.json';
import audit from '../../../features/audit/strings/zh-CN.json';
import categories from '../../../features/categories/strings/zh-CN.json';
import center from '../../../features/center/strings/zh-CN.json';
import orders from '../../../features/orders/strings/zh-CN.json';
import outbox from '../../../features/outbox/strings/zh-CN.json';
import participants from '../../../features/participants/strings/zh-CN.json';
import payLog from '../../../features/paylog/strings/zh-CN.json';
import questions from '../../../features/questions/strings/zh-CN.json';
import records from '../../../features/records/strings/zh-CN.json';
import roles from '../../../features/roles/strings/zh-CN.json';
import staff from '../../../features/staff/strings/zh-CN.json';
import tests from '../../../features/tests/strings/zh-CN.json';
import testRecord from '../../../shared/records/strings/zh-CN.json';
import type { ConsoleMessages } from './en-US.ts';

// Typed against the English strings so a missing Chinese string fails the typecheck.
const messages: ConsoleMessages = {
  ...categories,
  ...tests,
  ...questions,
  ...testRecord,
  ...records,
  ...alerts,
  ...participants,
  ...orders,
  ...payLog,
  ...outbox,
  ...center,
  ...account,
  ...staff,
  ...roles,
  ...audit,
  ...twoStep,
};

export default messages;
