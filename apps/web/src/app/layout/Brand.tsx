import { Flex, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import logo from '../../assets/logo.svg';

/** Logo and title atop the sider, or at the left of the top menu's header. */
export function Brand({ compact, navTheme }: { compact: boolean; navTheme: 'light' | 'dark' }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  return (
    <Flex
      align="center"
      gap={10}
      style={{ height: 64, flex: 'none', paddingInline: compact ? 24 : 20, overflow: 'hidden' }}
    >
      <img src={logo} alt="" width={32} height={32} />
      {!compact && (
        // Typography.Text's look without its code, which the console's first page would download only for this.
        <strong
          style={{
            color: navTheme === 'dark' ? token.colorTextLightSolid : token.colorText,
            fontSize: token.fontSizeLG,
            fontWeight: token.fontWeightStrong,
            lineHeight: token.lineHeight,
            wordBreak: 'break-word',
            whiteSpace: 'nowrap',
          }}
        >
          {t('app.title')}
        </strong>
      )}
    </Flex>
  );
}
