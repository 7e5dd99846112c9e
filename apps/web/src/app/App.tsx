import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import { BrowserRouter } from 'react-router';
import { getAntdLocale } from '../shared/i18n/i18n.ts';
import { useSettingsStore } from '../shared/settings/settingsStore.ts';
import { AppRoutes } from './AppRoutes.tsx';
import { queryClient } from './queryClient.ts';

/** SPEC 9 default primary colour. */
const theme = { token: { colorPrimary: '#1890ff' } };

export function App() {
  const language = useSettingsStore((s) => s.language);
  return (
    <ConfigProvider locale={getAntdLocale(language)} theme={theme}>
      <AntApp>
        <QueryClientProvider client={queryClient}>
          {/* Synchronous location updates keep sign-out and its redirect in one render. */}
          <BrowserRouter useTransitions={false}>
            <AppRoutes />
          </BrowserRouter>
        </QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  );
}
