import { useQueryClient } from '@tanstack/react-query';
import {
  Activity,
  type ContextType,
  type ReactNode,
  Suspense,
  useContext,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { UNSAFE_LocationContext as LocationContext, useOutlet } from 'react-router';
import { routeName } from '../i18n/routeTitle.ts';
import { useMayOpen } from '../permissions/mayOpen.ts';
import { allRoutes, tabKey } from '../routes/routes.ts';
import { useSettingsStore } from '../settings/settingsStore.ts';
import { PageLoading } from '../ui/PageLoading.tsx';
import { type CachedPage, retainPages } from './pageCache.ts';
import { trackPageQueries } from './pageQueries.ts';
import { useTabsStore } from './tabsStore.ts';

/** Pages kept alive at most; the least recently shown beyond it is dropped (its tab stays, the page is re-created). */
export const MAX_LIVE_PAGES = 8;

/** The paths of the routes whose meta asks to be kept alive (read once the registry has registered). */
let keepAlivePaths: Set<string> | null = null;
const isKeptAlive = (pathname: string) => {
  keepAlivePaths ??= new Set(
    allRoutes()
      .filter((route) => route.keepAlive)
      .map((route) => route.path),
  );
  return keepAlivePaths.has(pathname);
};

/** What a kept page renders while hidden: its own route element and its own location. */
interface PageSnapshot {
  element: ReactNode;
  location: ContextType<typeof LocationContext>;
}

/**
 * The routed page, with pages kept alive in hidden `<Activity>` trees (docs/spec.md section 2, layout 3):
 * every titled page when multi-tab is on (until its tab closes), else the routes whose meta asks for
 * keepAlive.
 */
export function KeptAliveOutlet() {
  const location = useContext(LocationContext);
  const { pathname, search } = location.location;
  // A page is kept per tab: its list state (filters, sort, page) changes in place.
  const current = tabKey(pathname + search);
  const outlet = useOutlet();
  const multiTab = useSettingsStore((s) => s.multiTab);
  const tabs = useTabsStore((s) => s.tabs);
  const generations = useTabsStore((s) => s.generations);

  const mayOpen = useMayOpen();
  // A page the role may not open (its 403) is never kept.
  const cached = mayOpen(pathname) && (multiTab ? routeName(pathname) !== undefined : isKeptAlive(pathname));
  const [pages, setPages] = useState<readonly CachedPage<PageSnapshot>[]>([]);
  const retained = retainPages(
    pages,
    cached ? { key: current, value: { element: outlet, location } } : null,
    (key) => (multiTab ? tabs.some((tab) => tab.key === key) : isKeptAlive(key.split('?')[0]!)),
    MAX_LIVE_PAGES,
  );
  // A kept page hidden later shows what it showed last: its list state, not the one it was first shown with, and
  // its page, not the outline that stood in while the user info loaded.
  const synced = retained.map((page) =>
    page.key === current && (page.value.location !== location || page.value.element !== outlet)
      ? { ...page, value: { element: outlet, location } }
      : page,
  );
  const next = synced.some((page, i) => page !== retained[i]) ? synced : retained;
  // Derived during render (not in an effect) so a page is never shown a frame late or one frame too long.
  if (next !== pages) setPages(next);

  const shown = cached ? next : [...next, { key: current, value: { element: outlet, location } }];
  return shown.map(({ key, value }) => {
    const active = key === current;
    return (
      <Activity key={`${key}#${generations[key] ?? 0}`} mode={active ? 'visible' : 'hidden'}>
        <KeptPage pageKey={key}>
          {/* A hidden page keeps seeing its own location (e.g. its ?testId), not the one on screen. */}
          <LocationContext value={active ? location : value.location}>
            <Suspense fallback={<PageLoading />}>{active ? outlet : value.element}</Suspense>
          </LocationContext>
        </KeptPage>
      </Activity>
    );
  });
}

/** Effects that run while its page is on screen (an `<Activity>` unmounts them while hidden). */
function KeptPage({ pageKey, children }: { pageKey: string; children: ReactNode }) {
  const queryClient = useQueryClient();
  // The window scrolls, not the page: its position is saved while shown and restored when shown again.
  const scrollY = useRef(0);
  const shownBefore = useRef(false);

  useLayoutEffect(() => {
    window.scrollTo(0, scrollY.current);
    const save = () => {
      scrollY.current = window.scrollY;
    };
    window.addEventListener('scroll', save, { passive: true });
    const stopTracking = trackPageQueries(queryClient, pageKey);
    return () => {
      window.removeEventListener('scroll', save);
      stopTracking();
    };
  }, [pageKey, queryClient]);

  useEffect(() => {
    // Charts measure their container on resize; while hidden it had no size.
    if (shownBefore.current) window.dispatchEvent(new Event('resize'));
    shownBefore.current = true;
  }, []);

  return children;
}
