import { DingtalkOutlined, WechatOutlined, WechatWorkOutlined } from '@ant-design/icons';
import type { OAuthProvider } from '@cool/shared';

const ICONS = { wecom: WechatWorkOutlined, dingtalk: DingtalkOutlined, wechat: WechatOutlined };

/** A sign-in provider's mark; the element around it carries the name. */
export function ProviderIcon({ provider }: { provider: OAuthProvider }) {
  const Icon = ICONS[provider];
  return <Icon aria-hidden />;
}
