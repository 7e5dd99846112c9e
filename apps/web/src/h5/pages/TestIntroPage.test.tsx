import type { ClientRecord, ClientTestDetail, Page } from '@cool/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { changeLanguage, initI18n } from '../i18n/i18n.ts';
import TestIntroPage from './TestIntroPage.tsx';

const t = (en: string) => ({ en, zh: '' });

const test = (overrides: Partial<ClientTestDetail> = {}): ClientTestDetail => ({
  id: 2,
  version: 1,
  title: t('PHQ-9 depression'),
  subtitle: t(''),
  coverUrl: null,
  categories: [],
  priceFen: 1990,
  minutes: 3,
  questionCount: 9,
  participantCount: 14,
  paymentUnavailable: true,
  introduction: t('Nine questions on the last two weeks.'),
  instructions: t(''),
  questions: [],
  ...overrides,
});

const inProgress = (records: Partial<ClientRecord>[]): Page<ClientRecord> =>
  ({
    data: records,
    pageNo: 1,
    pageSize: 100,
    totalCount: records.length,
    totalPage: 1,
  }) as Page<ClientRecord>;

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
const container = document.body.appendChild(document.createElement('div'));
const root = createRoot(container);
afterEach(() => act(() => root.render(null)));

async function show(detail: ClientTestDetail, open: Partial<ClientRecord>[] = []) {
  // Fresh for good: the page shows the test as given, without asking the server.
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY } } });
  client.setQueryData(['test', detail.id], detail);
  client.setQueryData(['records', 'inProgress'], inProgress(open));
  await act(async () =>
    root.render(
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[`/tests/${detail.id}`]}>
          <Routes>
            <Route path="/tests/:id" element={<TestIntroPage />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>,
    ),
  );
}

const startButton = () => [...container.ownerDocument.querySelectorAll('button')].at(-1) as HTMLButtonElement;

beforeAll(async () => {
  await initI18n();
  await changeLanguage('en-US');
});

describe('the introduction of a paid test while payment is not open', () => {
  it('says so before the first question, and offers no start', async () => {
    await show(test());
    const notice = container.ownerDocument.querySelector('[role="status"]');
    expect(notice?.textContent).toContain('payment is not open yet, so it cannot be started now');
    expect(startButton().disabled).toBe(true);
    expect(startButton().textContent).toBe('Payment not open yet');
  });

  it('still lets a record already started be finished', async () => {
    await show(test(), [{ id: 7, testId: 2, status: 'in_progress' }]);
    expect(container.textContent).not.toContain('cannot be started now');
    expect(startButton().disabled).toBe(false);
    expect(startButton().textContent).toBe('Continue where you left off');
  });

  it('starts a test that can be paid for', async () => {
    await show(test({ paymentUnavailable: false }));
    expect(container.textContent).not.toContain('cannot be started now');
    expect(startButton().textContent).toBe('Start the test');
    expect(startButton().disabled).toBe(false);
  });
});
