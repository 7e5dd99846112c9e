import { App, Flex, Typography, theme } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

const LINKS = ['help', 'privacy', 'terms'] as const;

/** Footer links and copyright shared by both layouts; the linked pages do not exist yet. */
export function GlobalFooter({ extra }: { extra?: ReactNode }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { token } = theme.useToken();
  return (
    <Flex vertical align="center" gap={8} style={{ padding: '24px 16px', fontSize: token.fontSizeSM }}>
      <Flex gap={32} wrap justify="center">
        {LINKS.map((link) => (
          <Typography.Link key={link} type="secondary" onClick={() => message.info(t('common.notAvailable'))}>
            {t(`layout.footer.${link}`)}
          </Typography.Link>
        ))}
      </Flex>
      {extra}
      <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }}>
        {t('app.copyright', { year: new Date().getFullYear() })}
      </Typography.Text>
    </Flex>
  );
}
