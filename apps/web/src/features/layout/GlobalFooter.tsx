import { Flex, theme } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotices } from '../../shared/ui/notices.ts';
import { TextLink } from '../../shared/ui/TextLink.tsx';

const LINKS = ['help', 'privacy', 'terms'] as const;

/** Footer links and copyright shared by both layouts; the linked pages do not exist yet. */
export function GlobalFooter({ extra }: { extra?: ReactNode }) {
  const { t } = useTranslation();
  const { message } = useNotices();
  const { token } = theme.useToken();
  return (
    <Flex vertical align="center" gap={8} style={{ padding: '24px 16px', fontSize: token.fontSizeSM }}>
      <Flex gap={32} wrap justify="center">
        {LINKS.map((link) => (
          <TextLink key={link} secondary onClick={() => message.info(t('common.notAvailable'))}>
            {t(`layout.footer.${link}`)}
          </TextLink>
        ))}
      </Flex>
      {extra}
      <span style={{ color: token.colorTextDescription, fontSize: token.fontSizeSM }}>
        {t('app.copyright', { year: new Date().getFullYear() })}
      </span>
    </Flex>
  );
}
