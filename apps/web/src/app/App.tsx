import { ConfigProvider, theme } from 'antd';
import { lazy, Suspense, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { BrowserRouter } from 'react-router';
import { getAntdLocale } from '../shared/i18n/i18n.ts';
import { useSettingsStore } from '../shared/settings/settingsStore.ts';
import {
  buildThemeConfig,
  prefersReducedMotion,
  subscribeReducedMotion,
} from '../shared/settings/themeConfig.ts';
import { onNoticeWaiting } from '../shared/ui/notices.ts';
import { AppRoutes } from './AppRoutes.tsx';

const NoticeHolder = lazy(() => import('./NoticeHolder.tsx'));

/**
 * Page-level effects of the display settings that antd cannot reach: the page background behind the
 * layouts, native scrollbars, and colour-weak mode. The filter sits on <html> because a filter on any
 * other element would make it the containing block of fixed boxes (header, promotion box, drawers).
 */
function DocumentTheme() {
  const { token } = theme.useToken();
  const realDark = useSettingsStore((s) => s.pageStyle === 'realdark');
  const colorWeak = useSettingsStore((s) => s.colorWeak);
  useEffect(() => {
    const root = document.documentElement;
    root.style.colorScheme = realDark ? 'dark' : 'light';
    root.classList.toggle('color-weak', colorWeak);
    // What antd's <App> would give its children, for every page (its message, notification and modal hooks
    // would add to the first download: see shared/ui/notices.ts).
    Object.assign(document.body.style, {
      backgroundColor: token.colorBgLayout,
      color: token.colorText,
      fontFamily: token.fontFamily,
      fontSize: `${token.fontSize}px`,
      lineHeight: String(token.lineHeight),
    });
  }, [realDark, colorWeak, token]);
  return null;
}

/** Loads the holder of notices and confirm dialogs the first time one waits (none on a plain visit to a page). */
function LazyNoticeHolder() {
  const [wanted, setWanted] = useState(false);
  useEffect(() => onNoticeWaiting(() => setWanted(true)), []);
  return wanted ? (
    <Suspense fallback={null}>
      <NoticeHolder />
    </Suspense>
  ) : null;
}

export function App() {
  const language = useSettingsStore((s) => s.language);
  const pageStyle = useSettingsStore((s) => s.pageStyle);
  const themeColor = useSettingsStore((s) => s.themeColor);
  const reducedMotion = useSyncExternalStore(subscribeReducedMotion, prefersReducedMotion);
  // Theme tokens change in place: a new colour or style applies without a reload.
  const themeConfig = useMemo(
    () => buildThemeConfig(pageStyle, themeColor, reducedMotion),
    [pageStyle, themeColor, reducedMotion],
  );
  return (
    <ConfigProvider locale={getAntdLocale(language)} theme={themeConfig}>
      <DocumentTheme />
      <LazyNoticeHolder />
      {/* Synchronous location updates keep sign-out and its redirect in one render. */}
      <BrowserRouter useTransitions={false}>
        <AppRoutes />
      </BrowserRouter>
    </ConfigProvider>
  );
}
