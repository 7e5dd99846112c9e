import { useQueryClient } from '@tanstack/react-query';
import { useContext, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import {
  UNSAFE_NavigationContext as NavigationContext,
  type Navigator,
  type Path,
  parsePath,
} from 'react-router';
import { routeName } from '../i18n/routeTitle.ts';
import { mayOpen } from '../permissions/mayOpen.ts';
import { tabKey } from '../routes/routes.ts';
import { useSettingsStore } from '../settings/settingsStore.ts';
import { useNotices } from '../ui/notices.ts';
import { type CloseAction, tabsToClose } from './closing.ts';
import { forgetPageQueries, invalidatePageQueries } from './pageQueries.ts';
import { tabPath, useTabsStore } from './tabsStore.ts';

/**
 * The multi-tab API for any page. Paths are full paths or tab keys (a tab key is the pathname and the identifying
 * query parameters; list state is not part of it); the default is the shown page.
 */
export interface TabsApi {
  /** Shows a path, as a new tab unless it is open already. An empty path throws (docs/spec.md section 4). */
  open: (path: string) => void;
  /**
   * Closing the last tab is refused with a message (docs/spec.md section 5); closing the shown tab shows the
   * last one left.
   */
  close: (path?: string) => void;
  closeCurrent: () => void;
  closeLeft: (path?: string) => void;
  closeRight: (path?: string) => void;
  closeOthers: (path?: string) => void;
  /** Sets a tab's custom title; an unknown key is silently ignored (docs/spec.md section 4). */
  rename: (key: string, title: string) => void;
  /** Re-creates a tab's page and fetches its data again. */
  refresh: (path?: string) => void;
}

/**
 * The shown page's tab key, read from the router's history when an action runs. useLocation or useNavigate
 * would re-render every page holding the API (a whole table) on each navigation, kept-alive tab switches too.
 */
function shownTab(navigator: Navigator): string {
  const { pathname, search } = (navigator as Navigator & { location: Path }).location;
  return tabKey(pathname + search);
}

export function useTabs(): TabsApi {
  const { t } = useTranslation();
  const { message } = useNotices();
  /** The key of the refusal on screen, if any. */
  const refusal = useRef('');
  const { navigator } = useContext(NavigationContext);
  const queryClient = useQueryClient();

  return useMemo(() => {
    const navigate = (path: string) => navigator.push(path);
    const closing =
      (action: CloseAction) =>
      (path = shownTab(navigator)) => {
        const { tabs, remove } = useTabsStore.getState();
        const result = tabsToClose(
          tabs.map((tab) => tab.key),
          tabKey(path),
          action,
        );
        if ('refused' in result) {
          // One refusal at a time (stacked ones would reach down over the tab bar), each shown for its full
          // time: the last one goes and this one opens under a new key (one reusing the key would update the
          // last one's text and go when the last one was due to).
          if (refusal.current) message.destroy(refusal.current);
          refusal.current = `tabs-refused-${Date.now()}`;
          void message.info({ key: refusal.current, content: t(`tabs.message.${result.refused}`) });
          return;
        }
        if (result.close.length === 0) return;
        remove(result.close);
        forgetPageQueries(result.close);
        const last = useTabsStore.getState().tabs.at(-1);
        if (result.close.includes(shownTab(navigator)) && last) navigate(tabPath(last));
      };
    const close = closing('closeThis');
    return {
      open: (path) => {
        if (!path) throw new Error('useTabs().open needs a path');
        // Added before navigating, so a rename right after finds the tab.
        const target = parsePath(path);
        const { pathname } = target;
        if (useSettingsStore.getState().multiTab && pathname && routeName(pathname) && mayOpen(pathname))
          useTabsStore.getState().add(tabKey(path), pathname + (target.search ?? ''));
        navigate(path);
      },
      close,
      closeCurrent: () => close(),
      closeLeft: closing('closeLeft'),
      closeRight: closing('closeRight'),
      closeOthers: closing('closeOthers'),
      rename: (key, title) => useTabsStore.getState().rename(tabKey(key), title),
      refresh: (path = shownTab(navigator)) => {
        const key = tabKey(path);
        invalidatePageQueries(queryClient, key);
        useTabsStore.getState().refresh(key);
      },
    };
  }, [message, navigator, queryClient, t]);
}
