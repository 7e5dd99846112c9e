import { theme } from 'antd';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import background from '../../assets/background.svg';
import logo from '../../assets/logo.svg';
import { useSettingsStore } from '../../shared/settings/settingsStore.ts';
import { PageLoading } from '../../shared/ui/PageLoading.tsx';
import { Panel } from '../../shared/ui/Panel.tsx';
import { GlobalFooter } from './GlobalFooter.tsx';
import { LazyLanguageSelect } from './LazyLanguageSelect.tsx';
import styles from './UserLayout.module.css';

/**
 * Layout 2 (docs/spec.md section 2): login-type pages in a centred card (max 368 px) on the background image.
 */
export default function UserLayout() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  // The picture is drawn in light colours: under the dark style's white heading it would hide the text.
  const dark = useSettingsStore((s) => s.pageStyle === 'realdark');
  return (
    <div
      className={styles.container}
      style={dark ? { backgroundColor: token.colorBgLayout } : { backgroundImage: `url("${background}")` }}
    >
      <div className={styles.lang}>
        <LazyLanguageSelect />
      </div>
      <div className={styles.content}>
        <div className={styles.top}>
          <div className={styles.header}>
            <img className={styles.logo} src={logo} alt={t('app.title')} />
            <h2
              style={{
                margin: 0,
                fontSize: 'clamp(22px, 6vw, 30px)',
                fontWeight: token.fontWeightStrong,
                lineHeight: token.lineHeightHeading2,
                color: token.colorTextHeading,
              }}
            >
              {t('app.backend')}
            </h2>
          </div>
          <p style={{ marginTop: 12, marginBottom: 0, color: token.colorTextDescription }}>
            {t('app.tagline')}
          </p>
        </div>
        <div className={styles.main}>
          {/* Narrower padding on a phone: the form's rows (remember me and forgot password) get its width. */}
          <Panel bodyStyle={{ padding: 'clamp(12px, 4vw, 24px)' }}>
            <Suspense fallback={<PageLoading />}>
              <Outlet />
            </Suspense>
          </Panel>
        </div>
      </div>
      <GlobalFooter />
    </div>
  );
}
