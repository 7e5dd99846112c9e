import { Flex, Typography, theme } from 'antd';
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
        <Typography.Text
          strong
          style={{
            color: navTheme === 'dark' ? token.colorTextLightSolid : token.colorText,
            fontSize: token.fontSizeLG,
            whiteSpace: 'nowrap',
          }}
        >
          {t('app.title')}
        </Typography.Text>
      )}
    </Flex>
  );
}
