import { useEffect } from 'react';
import { useTabsStore } from './tabsStore.ts';
import { useTabs } from './useTabs.ts';

/**
 * Names the tab of the page at `path` (and so the window title) after what it shows, once that is known: a
 * link or a reload opens the tab under the route's title, and several items' tabs (or an item's and the route's
 * own, opened from the menu) would look alike. Runs again when the tab appears or the title changes.
 */
export function useTabTitle(path: string, title: string | undefined) {
  const { rename } = useTabs();
  const tabCount = useTabsStore((s) => s.tabs.length);
  useEffect(() => {
    if (title && tabCount > 0) rename(path, title);
  }, [rename, path, title, tabCount]);
}
