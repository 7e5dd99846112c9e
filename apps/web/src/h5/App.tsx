import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd-mobile';
import { lazy, Suspense } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router';
import { ClientError } from './api/client.ts';
import { RouteBoundary } from './components/ErrorBoundary.tsx';
import { Loading, NotFound } from './components/States.tsx';
import { TabLayout } from './components/TabLayout.tsx';
import { antdLocale, useLanguage } from './i18n/i18n.ts';
import { TestListPage } from './pages/TestListPage.tsx';
import { WechatGate } from './WechatGate.tsx';

// The list is the first screen; every other page is its own chunk, fetched when opened.
const TestIntroPage = lazy(() => import('./pages/TestIntroPage.tsx'));
const AnswerPage = lazy(() => import('./pages/AnswerPage.tsx'));
const ReportPage = lazy(() => import('./pages/ReportPage.tsx'));
const RecordsPage = lazy(() => import('./pages/RecordsPage.tsx'));
const OrdersPage = lazy(() => import('./pages/OrdersPage.tsx'));
const PrivacyPage = lazy(() => import('./pages/PrivacyPage.tsx'));

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      refetchOnWindowFocus: false,
      staleTime: 30_000,
      // A 4xx will not change on retry; only a failed network is tried once more.
      retry: (count, error) => count < 1 && !(error instanceof ClientError && error.status >= 400),
    },
  },
});

export function App() {
  const language = useLanguage();
  return (
    <ConfigProvider locale={antdLocale(language)!}>
      <QueryClientProvider client={queryClient}>
        <WechatGate>
          <BrowserRouter basename="/h5">
            {/* A page's code that fails to load (or a page that throws) shows a reload, not a blank app. */}
            <RouteBoundary>
              <Suspense fallback={<Loading />}>
                <Routes>
                  <Route element={<TabLayout />}>
                    <Route index element={<TestListPage />} />
                    <Route path="records" element={<RecordsPage />} />
                  </Route>
                  <Route path="tests/:id" element={<TestIntroPage />} />
                  <Route path="records/:id/answer" element={<AnswerPage />} />
                  <Route path="records/:id" element={<ReportPage />} />
                  <Route path="orders" element={<OrdersPage />} />
                  <Route path="privacy" element={<PrivacyPage />} />
                  <Route path="*" element={<NotFound />} />
                </Routes>
              </Suspense>
            </RouteBoundary>
          </BrowserRouter>
        </WechatGate>
      </QueryClientProvider>
    </ConfigProvider>
  );
}
