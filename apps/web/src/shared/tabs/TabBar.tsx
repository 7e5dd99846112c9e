import { Dropdown, type MenuProps, Tabs, theme } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { routeName, routeTitle } from '../i18n/routeTitle.ts';
import { useMayOpen } from '../permissions/mayOpen.ts';
import { tabKey } from '../routes/routes.ts';
import type { CloseAction } from './closing.ts';
import { tabPath, useTabsStore } from './tabsStore.ts';
import { useTabs } from './useTabs.ts';

/** A long custom title (a test's) is cut short; the whole title shows on hover. */
const LABEL_STYLE = {
  display: 'inline-block',
  maxWidth: 240,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  verticalAlign: 'bottom',
} as const;

/**
 * The multi-tab bar (docs/spec.md section 2): one tab per visited page, activated by click, with a
 * right-click close menu.
 */
export function TabBar({ isMobile }: { isMobile: boolean }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const current = pathname + search;
  const activeKey = tabKey(current);
  const tabs = useTabsStore((s) => s.tabs);
  const add = useTabsStore((s) => s.add);
  const api = useTabs();
  const mayOpen = useMayOpen();

  // Every visited page becomes a tab (the redirect at '/' is no page); a change of list state stays in its tab.
  // A page the role may not open shows 403 and gets no tab.
  const isPage = routeName(pathname) !== undefined && mayOpen(pathname);
  useEffect(() => {
    if (isPage) add(activeKey, current);
  }, [isPage, activeKey, current, add]);

  // The right-click menu, in the order of docs/spec.md section 2.
  const closers: Record<CloseAction, (path: string) => void> = {
    closeThis: api.close,
    closeRight: api.closeRight,
    closeLeft: api.closeLeft,
    closeOthers: api.closeOthers,
  };
  const menu = (key: string): MenuProps => ({
    items: Object.keys(closers).map((action) => ({
      key: action,
      label: t(`tabs.menu.${action as CloseAction}`),
    })),
    onClick: ({ key: action }) => closers[action as CloseAction](key),
  });

  return (
    <nav
      aria-label={t('tabs.label')}
      style={{ background: token.colorBgContainer, paddingInline: isMobile ? 12 : 24, paddingTop: 6 }}
    >
      <Tabs
        type="editable-card"
        hideAdd
        size="small"
        activeKey={activeKey}
        onChange={(key) => {
          const tab = tabs.find((open) => open.key === key);
          if (tab) navigate(tabPath(tab));
        }}
        onEdit={(key, action) => {
          if (action === 'remove' && typeof key === 'string') api.close(key);
        }}
        locale={{ removeAriaLabel: t('tabs.close'), dropdownAriaLabel: t('tabs.more') }}
        // The pages are rendered by the kept-alive outlet, not as tab panels.
        styles={{ body: { display: 'none' } }}
        items={tabs.map(({ key, title }) => {
          const label = title ?? routeTitle(key.split('?')[0]!, t) ?? key;
          return {
            key,
            closable: tabs.length > 1,
            label: (
              <span title={label} style={LABEL_STYLE}>
                {label}
              </span>
            ),
          };
        })}
        renderTabBar={(props, DefaultTabBar) => (
          <DefaultTabBar {...props} style={{ margin: 0 }}>
            {(node) => (
              <Dropdown key={node.key} trigger={['contextMenu']} menu={menu(String(node.key))}>
                {node}
              </Dropdown>
            )}
          </DefaultTabBar>
        )}
      />
    </nav>
  );
}
