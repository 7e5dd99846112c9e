import { SafeArea } from 'antd-mobile';
import { Link, Outlet, useLocation } from 'react-router';
import { useContent, useText } from '../i18n/i18n.ts';
import { LanguageSwitch } from './LanguageSwitch.tsx';
import { useDocumentTitle, useService } from './Service.tsx';

const TestsIcon = () => (
  <svg viewBox="0 0 24 24" width="1em" height="1em" aria-hidden="true" fill="none" stroke="currentColor">
    <rect x="4" y="3" width="16" height="18" rx="2" strokeWidth="2" />
    <path d="M8 8h8M8 12h8M8 16h5" strokeWidth="2" strokeLinecap="round" />
  </svg>
);

const RecordsIcon = () => (
  <svg viewBox="0 0 24 24" width="1em" height="1em" aria-hidden="true" fill="none" stroke="currentColor">
    <circle cx="12" cy="12" r="9" strokeWidth="2" />
    <path d="M12 7v5l3 3" strokeWidth="2" strokeLinecap="round" />
  </svg>
);

const TABS = [
  { path: '/', icon: <TestsIcon />, label: 'nav.tests' },
  { path: '/records', icon: <RecordsIcon />, label: 'nav.records' },
] as const;

/**
 * The two home screens (tests, my records) with the title bar and the tab bar at the bottom. The tabs are
 * links in a named navigation landmark, so a keyboard reaches them and a screen reader says which is open.
 */
export function TabLayout() {
  const t = useText();
  const text = useContent();
  const service = useService().data;
  const { pathname } = useLocation();
  const active = pathname.startsWith('/records') ? '/records' : '/';
  useDocumentTitle(active === '/' ? '' : t('nav.records'));
  return (
    <div className="h5-page">
      <header className="h5-bar">
        <SafeArea position="top" />
        <div className="h5-home-bar">
          <h1>
            {active === '/' && service?.logoUrl && <img className="h5-logo" src={service.logoUrl} alt="" />}
            {active === '/' ? (service && text(service.serviceName)) || t('app.title') : t('nav.records')}
          </h1>
          <LanguageSwitch />
        </div>
      </header>
      <main className="h5-content">
        <Outlet />
      </main>
      <footer className="h5-footer h5-tabs">
        <nav className="h5-tab-bar" aria-label={t('nav.tabs')}>
          {TABS.map((tab) => (
            <Link
              key={tab.path}
              to={tab.path}
              className="h5-tab"
              aria-current={tab.path === active ? 'page' : undefined}
            >
              <span className="h5-tab-icon">{tab.icon}</span>
              <span className="h5-tab-title">{t(tab.label)}</span>
            </Link>
          ))}
        </nav>
        <SafeArea position="bottom" />
      </footer>
    </div>
  );
}
