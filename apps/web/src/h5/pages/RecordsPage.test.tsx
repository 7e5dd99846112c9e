import type { ClientRecord, Page } from '@cool/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { changeLanguage, initI18n } from '../i18n/i18n.ts';
import RecordsPage from './RecordsPage.tsx';

const record = (id: number): ClientRecord => ({
  id,
  testId: 1,
  testVersion: 1,
  title: { en: `Test ${id}`, zh: '' },
  coverUrl: null,
  status: 'submitted',
  priceFen: 0,
  unlocked: true,
  answeredCount: 9,
  questionCount: 9,
  startTime: '2026-11-23T05:00:00Z',
  submitTime: '2026-11-23T05:03:00Z',
});

const page = (pageNo: number, ids: number[], nextCursor?: string): Page<ClientRecord> => ({
  pageNo,
  pageSize: 20,
  totalCount: 25,
  totalPage: 2,
  data: ids.map(record),
  ...(nextCursor && { nextCursor }),
});

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
const container = document.body.appendChild(document.createElement('div'));
const root = createRoot(container);
beforeAll(async () => {
  await initI18n();
  await changeLanguage('en-US');
});
afterEach(async () => {
  await act(() => root.render(null));
  vi.unstubAllGlobals();
});

describe('my records', () => {
  it('reads on past the first page, by the cursor the server gave', async () => {
    localStorage.setItem('h5-token', 'token');
    const asked: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        const query = new URL(url, 'http://localhost').searchParams;
        asked.push(query.toString());
        const result =
          query.get('pageNo') === '2'
            ? page(2, [21, 22, 23, 24, 25])
            : page(
                1,
                Array.from({ length: 20 }, (_, i) => i + 1),
                'c2',
              );
        return new Response(JSON.stringify({ code: 200, success: true, message: 'OK', result }), {
          headers: { 'content-type': 'application/json' },
        });
      }),
    );
    await act(async () =>
      root.render(
        <QueryClientProvider client={new QueryClient()}>
          <MemoryRouter>
            <RecordsPage />
          </MemoryRouter>
        </QueryClientProvider>,
      ),
    );
    await vi.waitFor(() => expect(container.querySelectorAll('li').length).toBe(20));
    const more = () => [...container.querySelectorAll('button')].find((b) => b.textContent === 'Show more');
    await act(async () => more()?.click());
    await vi.waitFor(() => expect(container.querySelectorAll('li').length).toBe(25));
    // The last page came without a cursor: nothing more to show.
    expect(more()).toBeUndefined();
    expect(asked).toEqual(['pageSize=20&pageNo=1', 'pageSize=20&pageNo=2&cursor=c2']);
    expect(container.textContent).toContain('Test 25');
  });
});
