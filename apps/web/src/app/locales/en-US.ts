// antd's own ES module: the one its components already load, not a second CommonJS copy.

import enUS from 'antd/es/locale/en_US';
import auth from '../../features/auth/strings/en-US.json';
import twoStepPrompt from '../../features/auth/strings/twoStepPrompt/en-US.json';
import type { LocalePack } from '../../shared/i18n/i18n.ts';
import shared from '../../shared/i18n/strings/en-US.json';
import thirdParty from '../../shared/oauth/strings/en-US.json';
import ui from '../../shared/ui/strings/en-US.json';
import layout from '../layout/strings/en-US.json';

export const messages = {
  ...shared,
  ...ui,
  ...auth,
  ...thirdParty,
  ...twoStepPrompt,
  ...layout,
};

const pack: LocalePack = { messages, antdLocale: enUS };
export default pack;
