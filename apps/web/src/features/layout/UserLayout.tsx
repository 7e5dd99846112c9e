import { Card, Typography } from 'antd';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import background from '../../assets/background.svg';
import logo from '../../assets/logo.svg';
import { PageLoading } from '../../shared/ui/PageLoading.tsx';
import { GlobalFooter } from './GlobalFooter.tsx';
import { LanguageSelect } from './LanguageSelect.tsx';
import styles from './UserLayout.module.css';

/** SPEC 2 layout 2: login-type pages in a centred card (max 368 px) on the background image. */
export default function UserLayout() {
  const { t } = useTranslation();
  return (
    <div className={styles.container} style={{ backgroundImage: `url("${background}")` }}>
      <div className={styles.lang}>
        <LanguageSelect />
      </div>
      <div className={styles.content}>
        <div className={styles.top}>
          <div className={styles.header}>
            <img className={styles.logo} src={logo} alt={t('app.title')} />
            <Typography.Title level={2} style={{ margin: 0, fontSize: 'clamp(22px, 6vw, 30px)' }}>
              {t('app.backend')}
            </Typography.Title>
          </div>
          <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
            {t('app.tagline')}
          </Typography.Paragraph>
        </div>
        <Card className={styles.main}>
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        </Card>
      </div>
      <GlobalFooter />
    </div>
  );
}
