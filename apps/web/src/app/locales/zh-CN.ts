import zhCNErrors from '@cool/shared/errors/zh-CN';
import zhCN from 'antd/es/locale/zh_CN';
import alerts from '../../features/alerts/strings/zh-CN.json';
import auth from '../../features/auth/strings/zh-CN.json';
import categories from '../../features/categories/strings/zh-CN.json';
import center from '../../features/center/strings/zh-CN.json';
import layout from '../../features/layout/strings/zh-CN.json';
import orders from '../../features/orders/strings/zh-CN.json';
import participants from '../../features/participants/strings/zh-CN.json';
import payLog from '../../features/paylog/strings/zh-CN.json';
import placeholders from '../../features/placeholders/strings/zh-CN.json';
import questions from '../../features/questions/strings/zh-CN.json';
import records from '../../features/records/strings/zh-CN.json';
import tests from '../../features/tests/strings/zh-CN.json';
import type { LocalePack } from '../../shared/i18n/i18n.ts';
import shared from '../../shared/i18n/strings/zh-CN.json';
import testRecord from '../../shared/records/strings/zh-CN.json';
import tabs from '../../shared/tabs/strings/zh-CN.json';
import ui from '../../shared/ui/strings/zh-CN.json';
import type { Messages } from './en-US.ts';

// Typed against the English pack so a missing Chinese string fails the typecheck.
const messages: Messages = {
  ...shared,
  ...ui,
  ...tabs,
  ...auth,
  ...layout,
  ...categories,
  ...tests,
  ...questions,
  ...placeholders,
  ...testRecord,
  ...records,
  ...alerts,
  ...participants,
  ...orders,
  ...payLog,
  ...center,
  // Server error codes, from the one catalogue the server also answers with.
  serverError: zhCNErrors,
};

const pack: LocalePack = { messages, antdLocale: zhCN };
export default pack;
