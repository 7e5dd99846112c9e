import type { ClientSettings } from '@cool/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { click, within } from '../../test/dom.ts';
import { changeLanguage, initI18n } from '../i18n/i18n.ts';
import PrivacyPage from '../pages/PrivacyPage.tsx';
import { TestListPage } from '../pages/TestListPage.tsx';
import { TabLayout } from './TabLayout.tsx';

const both = (en: string, zh = '') => ({ en, zh });
const SERVICE: ClientSettings = {
  serviceName: both('Calm Minds', '静心'),
  logoUrl: 'https://cdn.example/logo.png',
  hotline: '400-123 4567',
  icpLicence: '浙ICP备12345678号',
  disclaimer: both(''),
  privacyPolicy: both('We keep your answers private.\nAsk us to erase them at any time.'),
};

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
const container = document.body.appendChild(document.createElement('div'));
const root = createRoot(container);
const screen = within(container);
afterEach(async () => {
  await act(() => root.render(null));
  await changeLanguage('en-US');
});
beforeAll(async () => {
  await initI18n();
  await changeLanguage('en-US');
});

async function show(path: string, settings: ClientSettings) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY } } });
  client.setQueryData(['settings'], settings);
  client.setQueryData(['tests'], { pageNo: 1, pageSize: 100, totalCount: 0, totalPage: 0, data: [] });
  await act(async () =>
    root.render(
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route element={<TabLayout />}>
              <Route index element={<TestListPage />} />
              <Route path="records" element={<p>the records</p>} />
            </Route>
            <Route path="privacy" element={<PrivacyPage />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>,
    ),
  );
}

describe('the service staff set up, in the participant app', () => {
  it('names the shelf after the service, with its logo, and lists its policy, hotline and licence', async () => {
    await show('/', SERVICE);
    expect(container.querySelector('h1')?.textContent).toBe('Calm Minds');
    expect(container.querySelector('h1 img')?.getAttribute('src')).toBe('https://cdn.example/logo.png');
    const footer = container.querySelector('footer.h5-service')!;
    expect(footer.querySelector('a[href="/privacy"]')?.textContent).toBe('Privacy policy');
    expect(footer.querySelector('a[href="tel:4001234567"]')?.textContent).toBe('Hotline 400-123 4567');
    expect(footer.textContent).toContain('浙ICP备12345678号');
  });

  it('shows the privacy policy as written', async () => {
    await show('/privacy', SERVICE);
    expect(container.querySelector('.h5-policy')?.textContent).toBe(
      'We keep your answers private.\nAsk us to erase them at any time.',
    );
  });

  it('keeps its own title and shows no footer while staff have set nothing', async () => {
    const empty = {
      ...SERVICE,
      serviceName: both(''),
      logoUrl: '',
      hotline: '',
      icpLicence: '',
      privacyPolicy: both(''),
    };
    await show('/', empty);
    expect(container.querySelector('h1')?.textContent).toBe('Psychological tests');
    expect(container.querySelector('footer.h5-service')).toBeNull();
  });
});

describe('the tab bar of the participant app', () => {
  it('is a named navigation of links, by their labels, that says which screen is open', async () => {
    await show('/', SERVICE);
    const tabs = within(screen.getByRole('navigation', { name: 'Main' }));
    const shelf = tabs.getByRole('link', { name: 'Tests' });
    const records = tabs.getByRole('link', { name: 'My records' });
    expect(shelf.getAttribute('href')).toBe('/');
    expect(records.getAttribute('href')).toBe('/records');
    expect(shelf.getAttribute('aria-current')).toBe('page');
    expect(records.hasAttribute('aria-current')).toBe(false);

    // A link with an address is in the Tab order: the keyboard reaches it.
    records.focus();
    expect(document.activeElement).toBe(records);
    await act(async () => click(records));
    expect(screen.getByText('the records')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'My records' })).toBeTruthy();
    expect(records.getAttribute('aria-current')).toBe('page');
    expect(shelf.hasAttribute('aria-current')).toBe(false);

    await act(async () => click(shelf));
    expect(screen.getByRole('heading', { name: 'Calm Minds' })).toBeTruthy();
    expect(shelf.getAttribute('aria-current')).toBe('page');
  });

  it('names the navigation and its links in Chinese', async () => {
    await changeLanguage('zh-CN');
    await show('/records', SERVICE);
    const tabs = within(screen.getByRole('navigation', { name: '主导航' }));
    expect(tabs.getByRole('link', { name: '测评' }).hasAttribute('aria-current')).toBe(false);
    expect(tabs.getByRole('link', { name: '我的记录' }).getAttribute('aria-current')).toBe('page');
  });
});
