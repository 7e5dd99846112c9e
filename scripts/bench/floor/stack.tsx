// The console's floor with the libraries the stack names (and zod/mini for the list's URL), each used the way a
// console page uses it: what no console page of this stack can go below.
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import i18n from 'i18next';
import { createRoot } from 'react-dom/client';
import { initReactI18next, useTranslation } from 'react-i18next';
import { BrowserRouter, useRoutes, useSearchParams } from 'react-router';
import * as z from 'zod/mini';
import { create } from 'zustand';
import { Console } from './ui.tsx';

const query = z.object({
  pageNo: z._default(z.coerce.number().check(z.int(), z.minimum(1)), 1),
  name: z.optional(z.string().check(z.maxLength(50))),
});
const useStore = create<{ n: number }>(() => ({ n: 1 }));

function Page() {
  const [params] = useSearchParams();
  const list = query.parse(Object.fromEntries(params));
  const { t } = useTranslation();
  const n = useStore((state) => state.n);
  const { data } = useQuery({
    queryKey: ['rows', list],
    queryFn: async () => [{ id: n, name: `${t('name')} ${dayjs().format('YYYY')}` }],
  });
  return <Console rows={data ?? []} />;
}

// As the console routes (app/AppRoutes.tsx): declarative mode, not a data router (16 KiB more).
const Routes = () => useRoutes([{ path: '*', element: <Page /> }]);

await i18n.use(initReactI18next).init({ lng: 'en', resources: { en: { translation: { name: 'Name' } } } });
createRoot(document.getElementById('root')!).render(
  <QueryClientProvider client={new QueryClient()}>
    <BrowserRouter>
      <Routes />
    </BrowserRouter>
  </QueryClientProvider>,
);
