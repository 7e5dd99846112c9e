import zhCN from 'antd/locale/zh_CN';
import twoStepPrompt from '../../features/auth/strings/twoStepPrompt/zh-CN.json';
import auth from '../../features/auth/strings/zh-CN.json';
import type { LocalePack } from '../../shared/i18n/i18n.ts';
import shared from '../../shared/i18n/strings/zh-CN.json';
import thirdParty from '../../shared/oauth/strings/zh-CN.json';
import ui from '../../shared/ui/strings/zh-CN.json';
import layout from '../layout/strings/zh-CN.json';
import type { messages as english } from './en-US.ts';

// Typed against the English pack so a missing Chinese string fails the typecheck.
const messages: typeof english = {
  ...shared,
  ...ui,
  ...auth,
  ...thirdParty,
  ...twoStepPrompt,
  ...layout,
};

const pack: LocalePack = { messages, antdLocale: zhCN };
export default pack;
