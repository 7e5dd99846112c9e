import { theme } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './PageLoading.module.css';

interface PageLoadingProps {
  /** Defaults to the translated 'Loading...'. */
  tip?: ReactNode;
}

/**
 * A screen's place while its code or data arrives (a Suspense fallback). Drawn with a CSS ring, not antd's Spin:
 * it is on the login page, the first download. `aria-busy` marks it for assistive technology and the e2e tests.
 */
export function PageLoading({ tip }: PageLoadingProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  return (
    <div
      role="status"
      aria-busy="true"
      style={{
        minHeight: 240,
        height: '100%',
        display: 'grid',
        placeContent: 'center',
        justifyItems: 'center',
        gap: token.marginXS,
        color: token.colorPrimary,
      }}
    >
      <div className={styles.spinner} />
      <span style={{ fontSize: token.fontSize }}>{tip ?? t('common.loading')}</span>
    </div>
  );
}
