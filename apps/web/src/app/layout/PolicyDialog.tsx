import type { ConsolePolicies, LocalizedText } from '@cool/shared';
import { Modal, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { consolePolicies } from '../../shared/api/identity.ts';
import { errorText } from '../../shared/http/errorText.ts';

export type FooterLink = 'help' | 'privacy' | 'terms';

/** The text in the console's language, else the other one. */
const inLanguage = (text: LocalizedText, language: string) =>
  (language.startsWith('zh') ? text.zh || text.en : text.en || text.zh).trim();

/**
 * A footer link's content: the privacy policy and the terms (the disclaimer) as set in the general settings,
 * or help: the service hotline and the API reference. Loaded on first open: the footer is on the sign-in page.
 */
export default function PolicyDialog({ link, onClose }: { link: FooterLink; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const [policies, setPolicies] = useState<ConsolePolicies>();
  const [failure, setFailure] = useState<string>();

  useEffect(() => {
    consolePolicies().then(setPolicies, (error) => setFailure(errorText(error, t)));
  }, [t]);

  const body = () => {
    if (failure) return <Typography.Text type="danger">{failure}</Typography.Text>;
    if (!policies) return <Spin />;
    if (link === 'help') {
      return (
        <>
          {policies.hotline && <p>{t('layout.footer.hotline', { hotline: policies.hotline })}</p>}
          <p>
            {t('layout.footer.helpText')}{' '}
            <a href="/api/docs" target="_blank" rel="noopener noreferrer">
              {t('layout.footer.apiDocs')}
            </a>
          </p>
        </>
      );
    }
    const text = inLanguage(link === 'privacy' ? policies.privacyPolicy : policies.terms, i18n.language);
    return (
      <div style={{ whiteSpace: 'pre-wrap', maxHeight: '60vh', overflow: 'auto' }}>
        {text || t('layout.footer.notSet')}
      </div>
    );
  };

  return (
    <Modal open title={t(`layout.footer.${link}`)} footer={null} onCancel={onClose}>
      {body()}
    </Modal>
  );
}
