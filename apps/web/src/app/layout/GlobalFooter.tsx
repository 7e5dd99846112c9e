import { Flex, theme } from 'antd';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextLink } from '../../shared/ui/TextLink.tsx';
import type { FooterLink } from './PolicyDialog.tsx';

const PolicyDialog = lazy(() => import('./PolicyDialog.tsx'));

const LINKS: FooterLink[] = ['help', 'privacy', 'terms'];

/** Footer links and copyright shared by both layouts; each link opens its text in a dialog. */
export function GlobalFooter({ extra }: { extra?: ReactNode }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const [open, setOpen] = useState<FooterLink | null>(null);
  return (
    <Flex vertical align="center" gap={8} style={{ padding: '24px 16px', fontSize: token.fontSizeSM }}>
      <Flex gap={32} wrap justify="center">
        {LINKS.map((link) => (
          <TextLink key={link} secondary onClick={() => setOpen(link)}>
            {t(`layout.footer.${link}`)}
          </TextLink>
        ))}
      </Flex>
      {extra}
      <span style={{ color: token.colorTextDescription, fontSize: token.fontSizeSM }}>
        {t('app.copyright', { year: new Date().getFullYear() })}
      </span>
      {open && (
        <Suspense fallback={null}>
          <PolicyDialog link={open} onClose={() => setOpen(null)} />
        </Suspense>
      )}
    </Flex>
  );
}
