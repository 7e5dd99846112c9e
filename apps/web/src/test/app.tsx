import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd';
import { type HttpHandler, HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { createRoot, type Root } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { AppRoutes } from '../app/AppRoutes.tsx';
import { errorMessageLoaders, localeLoaders } from '../app/locales/loaders.ts';
import NoticeHolder from '../app/NoticeHolder.tsx';
import { queryClient as appQueryClient } from '../app/queryClient.ts';
import { getAntdLocale, initI18n, setErrorMessages } from '../shared/i18n/i18n.ts';
import { useAuthStore } from '../shared/session/authStore.ts';
import { useSettingsStore } from '../shared/settings/settingsStore.ts';
import { useTabsStore } from '../shared/tabs/tabsStore.ts';
import { envelope, errorEnvelope, promotion, shelfPayment, userInfo } from './fixtures.ts';

/**
 * The console as a user meets it, for integration tests: the app's own routes, shell and pages in a
 * memory router, a real QueryClient, and HTTP answered by MSW from contract-checked fixtures.
 */

/** Answers a request with the envelope around `result`. */
export const reply = (result: unknown) => HttpResponse.json(envelope(result));

/** Answers a request with a refusal, as the server's error handler does. */
export const replyError = (status: number, error: string, message: string) =>
  HttpResponse.json(errorEnvelope(status, error, message), { status });

/** Route matching for MSW: any origin, the API's path. */
export const api = (path: string) => `*/api${path}`;

/** What every signed-in page asks for: the session's user, the shell's promotion link, the menu's new alerts. */
const shellHandlers: HttpHandler[] = [
  http.get(api('/user/info'), () => reply(userInfo())),
  http.get(api('/settings/promotion'), () => reply(promotion())),
  // The login page asks which third-party sign-ins are set up: none, unless a test says otherwise.
  http.get(api('/oauth/providers'), () => reply([])),
  // ... and whether sign-up is on and codes go to the outbox: off and no.
  http.get(api('/account/sign-in-options'), () =>
    reply({ signUp: false, outbox: { email: false, sms: false } }),
  ),
  http.get(api('/alerts/counts'), () => reply({ new: 0 })),
  // Display settings kept for the account: none, so the browser's own apply.
  http.get(api('/account/preferences'), () => reply({})),
  // The tests list and WeChat Pay settings warn of priced tests that cannot be paid for: none here.
  http.get(api('/tests/shelf-payment'), () => reply(shelfPayment())),
];

export const server = setupServer(...shellHandlers);

/** Every request the page sent in this test, oldest first. */
export const requests: Request[] = [];
server.events.on('request:start', ({ request }) => {
  requests.push(request.clone());
});

/** The query parameters of the requests sent to `GET path`, oldest first. */
/** Holds the answers to `GET path` until released, so a test sees the page while its data is on the way. */
export function hold(path: string) {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  // Answered by the handler registered before this one once released.
  server.use(
    http.get(api(path), async () => {
      await released;
      return undefined;
    }),
  );
  return release;
}

export const queriesTo = (path: string) =>
  requests
    .filter((request) => request.method === 'GET' && new URL(request.url).pathname === `/api${path}`)
    .map((request) => Object.fromEntries(new URL(request.url).searchParams));

let root: Root | null = null;

/** Registers the file's hooks: MSW for the whole file, English strings, a clean page and stores per test. */
export function setupIntegration() {
  // A page's first render loads its modules; on a busy machine that alone can take seconds.
  vi.setConfig({ testTimeout: 30_000 });
  beforeAll(async () => {
    server.listen({ onUnhandledRequest: 'error' });
    useSettingsStore.setState({ language: 'en-US', multiTab: true });
    // Without antd's CSS (see renderApp) an auto-sized textarea would measure its padding as NaN.
    const sizes = document.createElement('style');
    sizes.textContent = 'textarea { padding: 0; border-top-width: 0; border-bottom-width: 0; }';
    document.head.append(sizes);
    // As main.tsx does: the server's error texts load with the first failed call or the console.
    setErrorMessages(errorMessageLoaders);
    await initI18n(localeLoaders);
  });
  afterEach(() => {
    root?.unmount();
    root = null;
    document.body.innerHTML = '';
    server.resetHandlers();
    requests.length = 0;
    useAuthStore.getState().signOut();
    useTabsStore.getState().reset();
  });
  afterAll(() => server.close());
}

/** Signs in and opens `path` in the console. */
export function renderApp(path: string) {
  useAuthStore.getState().signIn('integration-token', Date.now() + 60 * 60_000);
  // The app's query defaults, retrying at once instead of after a second.
  const client = new QueryClient({
    defaultOptions: { queries: { ...appQueryClient.getDefaultOptions().queries, retryDelay: 0 } },
  });
  const router = createMemoryRouter([{ path: '*', element: <AppRoutes /> }], { initialEntries: [path] });
  const container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  root.render(
    // No motion: a closed dialog or popup leaves the page at once instead of after its animation. No
    // runtime CSS: happy-dom lays nothing out, and matching antd's rules made every textarea render slow.
    <ConfigProvider locale={getAntdLocale('en-US')} theme={{ zeroRuntime: true, token: { motion: false } }}>
      {/* Connected from the start: the app loads it with the first notice. */}
      <NoticeHolder />
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </ConfigProvider>,
  );
  return { router };
}
