import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { ConfigProvider } from 'antd';
import i18n from 'i18next';
import { act, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { initReactI18next } from 'react-i18next';
import {
  MemoryRouter,
  type NavigateFunction,
  Route,
  Routes,
  useLocation,
  useNavigate,
  useSearchParams,
} from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
// The app's routes register themselves for the titles, tabs and kept-alive routes read here.
import NoticeHolder from '../../app/NoticeHolder.tsx';
import '../../app/routes/registry.tsx';
import { messages as en } from '../../app/locales/en-US.ts';
import zhPack from '../../app/locales/zh-CN.ts';
import { userInfo } from '../../test/fixtures.ts';
import zh from '../i18n/strings/zh-CN.json';
import { useAuthStore } from '../session/authStore.ts';
import { useSettingsStore } from '../settings/settingsStore.ts';
import { KeptAliveOutlet, MAX_LIVE_PAGES } from './KeptAliveOutlet.tsx';
import tabsEn from './strings/en-US.json';
import { TabBar } from './TabBar.tsx';
import { useTabsStore } from './tabsStore.ts';
import { type TabsApi, useTabs } from './useTabs.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const PATHS = ['/game', '/user', '/qtable', '/center', '/order', '/account/center'];

let root: Root | null = null;
let api: TabsApi;
let navigate: NavigateFunction;
/** The location on screen. */
let location = '';
let fetches: Record<string, number>;
let tabsUserRenders = 0;

/** A page with state, its own search param and a query that counts its fetches. */
function Probe({ path }: { path: string }) {
  const [params] = useSearchParams();
  const key = path + (params.get('testId') ?? '');
  const [clicks, setClicks] = useState(0);
  const query = useQuery({
    queryKey: [key],
    queryFn: async () => {
      fetches[key] = (fetches[key] ?? 0) + 1;
      return fetches[key];
    },
  });
  return (
    <button type="button" data-page={key} onClick={() => setClicks((n) => n + 1)}>
      {`clicks=${clicks} data=${query.data ?? '-'}`}
    </button>
  );
}

/** A page that only holds the tabs API, as the tests table does to open a test's questions. */
function TabsUser() {
  useTabs();
  tabsUserRenders++;
  return <span data-page="tabs-user">tabs user</span>;
}

function Layout() {
  api = useTabs();
  navigate = useNavigate();
  const { pathname, search } = useLocation();
  location = pathname + search;
  const multiTab = useSettingsStore((s) => s.multiTab);
  return (
    <>
      {multiTab && <TabBar isMobile={false} />}
      <KeptAliveOutlet />
    </>
  );
}

/** Lets effects, query fetches and their notifications (scheduled on a timer) settle. */
const settle = () =>
  act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 10));
  });

let client: QueryClient;

/** The app at `path`; `outline` puts an outline in every page's place, as while the user info loads. */
const tree = (path: string, outline: boolean) => (
  // Motion off, as in the browser tests: a message that closes leaves at once.
  <ConfigProvider theme={{ token: { motion: false } }}>
    <NoticeHolder />
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route element={<Layout />}>
            {PATHS.map((p) => (
              <Route
                key={p}
                path={p}
                element={
                  outline ? <span data-page="outline" /> : p === '/order' ? <TabsUser /> : <Probe path={p} />
                }
              />
            ))}
          </Route>
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>
  </ConfigProvider>
);

async function mount(path: string, { outline = false } = {}) {
  client = new QueryClient({ defaultOptions: { queries: { staleTime: 60_000, retry: false } } });
  const container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  act(() => root?.render(tree(path, outline)));
  await settle();
}

async function go(path: string) {
  act(() => {
    void navigate(path);
  });
  await settle();
}

const page = (key: string) => document.querySelector<HTMLElement>(`[data-page="${key}"]`);
/** Shown unless an `<Activity>` hid it (display: none on its top element). */
const isShown = (key: string) => page(key)?.style.display !== 'none';
const click = (key: string) => act(() => page(key)?.click());
const tabLabels = () => [...document.querySelectorAll('[role="tab"]')].map((tab) => tab.textContent);

beforeAll(async () => {
  await i18n.use(initReactI18next).init({
    lng: 'en-US',
    resources: {
      'en-US': { translation: { ...en, ...tabsEn } },
      'zh-CN': { translation: zhPack.messages },
    },
    interpolation: { escapeValue: false },
  });
});

beforeEach(() => {
  fetches = {};
  // Signed in as an admin, who may open every page (one the role may not open gets no tab).
  useAuthStore.setState({ token: 'token', user: userInfo() });
  useTabsStore.getState().reset();
  useSettingsStore.setState({ multiTab: true });
});

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
});

describe('kept-alive pages', () => {
  it('switching tabs does not re-render a page for holding the tabs API', async () => {
    await mount('/order');
    const rendersAfterMount = tabsUserRenders;
    await go('/game');
    await go('/user');
    await go('/order');
    expect(isShown('tabs-user')).toBe(true);
    expect(tabsUserRenders).toBe(rendersAfterMount);
  });

  it('a background page keeps its state and its own search params, and is not fetched again', async () => {
    await mount('/qtable?testId=1');
    click('/qtable1');
    click('/qtable1');
    await go('/qtable?testId=2');
    expect(isShown('/qtable2')).toBe(true);
    expect(isShown('/qtable1')).toBe(false);
    // Still rendered for id=1 although the location on screen says id=2.
    expect(page('/qtable1')?.textContent).toBe('clicks=2 data=1');

    await go('/qtable?testId=1');
    expect(isShown('/qtable1')).toBe(true);
    expect(page('/qtable1')?.textContent).toBe('clicks=2 data=1');
    expect(fetches['/qtable1']).toBe(1);
    expect(tabLabels()).toHaveLength(2);
  });

  it('a change of list state stays in its tab and page; the tab returns to it', async () => {
    await mount('/user');
    click('/user');
    await go('/user?name=mood&pageNo=2');
    // The same page, still showing its state, in the same tab.
    expect(page('/user')?.textContent).toBe('clicks=1 data=1');
    expect(useTabsStore.getState().tabs).toEqual([{ key: '/user', path: '/user?name=mood&pageNo=2' }]);

    await go('/game');
    act(() => [...document.querySelectorAll<HTMLElement>('[role="tab"]')][0]?.click());
    await settle();
    expect(isShown('/user')).toBe(true);
    expect(location).toBe('/user?name=mood&pageNo=2');
    expect(tabLabels()).toEqual(['category list', 'psychological test questions']);
  });

  it('a page shown in place of its outline is the one kept when another tab is shown', async () => {
    await mount('/game', { outline: true });
    expect(page('outline')).not.toBeNull();
    act(() => root?.render(tree('/game', false)));
    await settle();
    click('/game');
    await go('/user');
    expect(isShown('/game')).toBe(false);
    expect(page('/game')?.textContent).toBe('clicks=1 data=1');
    expect(page('outline')).toBeNull();
  });

  it('refresh re-creates the shown page and fetches its data again', async () => {
    await mount('/game');
    click('/game');
    act(() => api.refresh());
    await settle();
    expect(page('/game')?.textContent).toBe('clicks=0 data=2');
    expect(fetches['/game']).toBe(2);
  });

  it('refreshing a background tab re-creates it and fetches when it is shown again', async () => {
    await mount('/game');
    click('/game');
    await go('/user');
    act(() => api.refresh('/game'));
    await settle();
    expect(fetches['/game']).toBe(1);
    await go('/game');
    expect(page('/game')?.textContent).toBe('clicks=0 data=2');
    expect(fetches['/user']).toBe(1);
  });

  it('closing a tab drops its page; closing the shown one shows the last tab left', async () => {
    await mount('/game');
    await go('/user');
    await go('/order');
    act(() => api.close('/user'));
    await settle();
    expect(page('/user')).toBeNull();
    expect(isShown('/order')).toBe(true);

    act(() => api.closeCurrent());
    await settle();
    expect(page('/order')).toBeNull();
    expect(isShown('/game')).toBe(true);
    expect(tabLabels()).toEqual(['psychological test questions']);
  });

  it('re-creates the least recently shown page beyond the limit while its tab stays', async () => {
    await mount('/qtable?testId=0');
    click('/qtable0');
    for (let id = 1; id <= MAX_LIVE_PAGES; id++) await go(`/qtable?testId=${id}`);
    expect(page('/qtable0')).toBeNull();
    expect(page('/qtable1')).not.toBeNull();
    expect(tabLabels()).toHaveLength(MAX_LIVE_PAGES + 1);

    await go('/qtable?testId=0');
    expect(page('/qtable0')?.textContent).toBe('clicks=0 data=1');
  });

  it('tells the window to resize when a page is shown again', async () => {
    let resizes = 0;
    const count = () => resizes++;
    window.addEventListener('resize', count);
    await mount('/game');
    await go('/user');
    expect(resizes).toBe(0);
    await go('/game');
    expect(resizes).toBe(1);
    window.removeEventListener('resize', count);
  });

  it('without multi-tab shows no bar and keeps only the routes that ask for it', async () => {
    useSettingsStore.setState({ multiTab: false });
    await mount('/account/center');
    click('/account/center');
    await go('/game');
    expect(page('/account/center')).toBeNull();
    click('/game');
    await go('/user');
    await go('/game');
    expect(page('/game')?.textContent).toBe('clicks=1 data=1');
    expect(tabLabels()).toEqual([]);
  });
});

describe('tab titles and the API', () => {
  it('shows custom titles, else route titles that follow the language', async () => {
    await mount('/game');
    act(() => {
      api.open('/qtable?testId=7');
      api.rename('/qtable?testId=7', 'Anxiety scale');
      api.rename('/nowhere', 'ignored');
    });
    await settle();
    expect(isShown('/qtable7')).toBe(true);
    expect(tabLabels()).toEqual(['psychological test questions', 'Anxiety scale']);

    await act(() => i18n.changeLanguage('zh-CN'));
    expect(tabLabels()).toEqual([zh.menu.game, 'Anxiety scale']);
    await act(() => i18n.changeLanguage('en-US'));
  });

  it('a refusal shortly after another shows for its full time, in place of the first', async () => {
    await mount('/game');
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      act(() => api.closeRight());
      await act(() => vi.advanceTimersByTimeAsync(50));
      expect(document.body.textContent).toContain('No tabs on the right');
      // Shortly before the first would go (messages show for 3 s).
      await act(() => vi.advanceTimersByTimeAsync(2500));
      act(() => api.closeCurrent());
      await act(() => vi.advanceTimersByTimeAsync(1000));
      expect(document.body.textContent).toContain('This is the last tab, it cannot be closed');
      expect(document.body.textContent).not.toContain('No tabs on the right');
    } finally {
      vi.useRealTimers();
    }
  });

  it('refuses to open an empty path', async () => {
    await mount('/game');
    expect(() => api.open('')).toThrow();
  });
});
