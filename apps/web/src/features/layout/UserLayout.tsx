import { GlobalOutlined } from '@ant-design/icons';
import { Button, theme } from 'antd';
import { lazy, type RefObject, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import background from '../../assets/background.svg';
import logo from '../../assets/logo.svg';
import { PageLoading } from '../../shared/ui/PageLoading.tsx';
import { GlobalFooter } from './GlobalFooter.tsx';
import styles from './UserLayout.module.css';

// The language menu (antd Dropdown and Menu) downloads when the pointer or focus reaches its button.
const LanguageSelect = lazy(() =>
  import('./LanguageSelect.tsx').then((m) => ({ default: m.LanguageSelect })),
);

/** The language button; the real menu replaces it on first approach, and opens if it was a click. */
function LanguageButton() {
  const { t } = useTranslation();
  const [wanted, setWanted] = useState<'load' | 'open' | null>(null);
  const box = useRef<HTMLDivElement>(null);
  const placeholder = (
    <Button
      type="text"
      icon={<GlobalOutlined />}
      aria-label={t('common.language')}
      onPointerEnter={() => setWanted((w) => w ?? 'load')}
      onFocus={() => setWanted((w) => w ?? 'load')}
      onClick={() => setWanted('open')}
    />
  );
  return (
    <div ref={box}>
      {wanted ? (
        <Suspense fallback={placeholder}>
          <LanguageSelect />
          {wanted === 'open' && <OpenOnMount box={box} />}
        </Suspense>
      ) : (
        placeholder
      )}
    </div>
  );
}

/** Clicks the loaded menu's button once, for the click that asked for it. */
function OpenOnMount({ box }: { box: RefObject<HTMLDivElement | null> }) {
  useEffect(() => box.current?.querySelector('button')?.click(), [box]);
  return null;
}

/** SPEC 2 layout 2: login-type pages in a centred card (max 368 px) on the background image. */
export default function UserLayout() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  return (
    <div className={styles.container} style={{ backgroundImage: `url("${background}")` }}>
      <div className={styles.lang}>
        <LanguageButton />
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
        {/* Drawn like antd's Card, without its code: the login page is the console's first download. */}
        <div
          className={styles.main}
          style={{
            padding: token.paddingLG,
            background: token.colorBgContainer,
            border: `${token.lineWidth}px solid ${token.colorBorderSecondary}`,
            borderRadius: token.borderRadiusLG,
          }}
        >
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        </div>
      </div>
      <GlobalFooter />
    </div>
  );
}
