import type { ClientQuestion, ClientRecordDetail } from '@cool/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Dialog, Toast } from 'antd-mobile';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage, initI18n } from '../i18n/i18n.ts';
import AnswerPage from './AnswerPage.tsx';

const t = (en: string) => ({ en, zh: '' });

const question = (position: number): ClientQuestion => ({
  position,
  stem: t(`Question stem ${position}`),
  imageUrl: null,
  type: 'single',
  required: true,
  options: [
    { label: 'A', text: t('Yes'), imageUrl: null },
    { label: 'B', text: t('No'), imageUrl: null },
  ],
});

const record = (
  answers: ClientRecordDetail['answers'],
  status: ClientRecordDetail['status'] = 'in_progress',
) =>
  ({
    id: 5,
    testId: 2,
    testVersion: 1,
    title: t('Mood check'),
    coverUrl: null,
    status,
    priceFen: 0,
    unlocked: true,
    answeredCount: answers.filter((a) => a !== null).length,
    questionCount: 2,
    startTime: '2026-11-23T05:00:00Z',
    submitTime: status === 'submitted' ? '2026-11-23T05:03:00Z' : null,
    answers,
    questions: [question(1), question(2)],
    instructions: t(''),
    report: null,
  }) satisfies ClientRecordDetail;

/** Answers by `METHOD /path` from a queue, recording every request's path and body. */
function fakeServer(answers: Record<string, [number, unknown][]>) {
  const seen: { key: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const key = `${init.method ?? 'GET'} ${new URL(url, 'http://localhost').pathname}`;
      seen.push({ key, body: init.body ? JSON.parse(init.body as string) : undefined });
      const [status, result] = answers[key]?.shift() ?? [500, null];
      const body = { code: status, success: status < 300, message: `answer ${status}`, result };
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return seen;
}

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
const container = document.body.appendChild(document.createElement('div'));
const root = createRoot(container);
/** Lets `ms` of the page's time pass at once (its saves and moving on run on fake timers). */
const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

beforeAll(async () => {
  await initI18n();
  await changeLanguage('en-US');
});
beforeEach(() => {
  vi.useFakeTimers();
  localStorage.setItem('h5-token', 'token');
  // antd-mobile's toasts and dialogs draw outside the page: answered here instead.
  vi.spyOn(Toast, 'show').mockImplementation(() => ({ close: () => {} }));
  vi.spyOn(Dialog, 'confirm').mockResolvedValue(true);
});
afterEach(async () => {
  await act(() => root.render(null));
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function open(detail: ClientRecordDetail) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY } } });
  client.setQueryData(['record', detail.id], detail);
  await act(async () =>
    root.render(
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[`/records/${detail.id}/answer`]}>
          <Routes>
            <Route path="/records/:id/answer" element={<AnswerPage />} />
            <Route path="/records/:id" element={<p>The report page</p>} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>,
    ),
  );
}

const button = (text: string) =>
  [...container.querySelectorAll('button')].find(
    (b) => b.textContent?.replace(/\s/g, '') === text.replace(/\s/g, ''),
  );
const option = (text: string) =>
  [...container.querySelectorAll('label')].find((l) => l.textContent === text)!.querySelector('input')!;

describe('saving answers', () => {
  it('stays on the question when the save fails, and a retry sends the answers again', async () => {
    const seen = fakeServer({
      'PUT /api/client/records/5/answers': [
        [500, null],
        [200, record([0, null])],
      ],
    });
    await open(record([null, null]));
    await act(async () => option('Yes').click());
    await wait(400);
    expect(container.textContent).toContain('Question 1 of 2');
    expect(container.textContent).toContain('Your answer was not saved');
    expect(button('Next')?.disabled).toBe(true);

    await act(async () => button('Try again')!.click());
    await wait(50);
    expect(seen.filter((s) => s.key === 'PUT /api/client/records/5/answers').map((s) => s.body)).toEqual([
      { answers: [0, null] },
      { answers: [0, null] },
    ]);
    expect(container.textContent).not.toContain('Your answer was not saved');
    expect(button('Next')?.disabled).toBe(false);
  });

  it('moves on by itself once a choice is saved', async () => {
    fakeServer({ 'PUT /api/client/records/5/answers': [[200, record([0, null])]] });
    await open(record([null, null]));
    await act(async () => option('Yes').click());
    await wait(400);
    expect(container.textContent).toContain('Question 2 of 2');
  });

  it('does not submit while a save has failed', async () => {
    fakeServer({ 'PUT /api/client/records/5/answers': [[500, null]] });
    await open(record([0, 1]));
    expect(container.textContent).toContain('Question 2 of 2');
    await act(async () => option('Yes').click());
    await wait(50);
    expect(container.textContent).toContain('Your answer was not saved');
    expect(button('Submit')?.disabled).toBe(true);
  });
});

describe('submitting', () => {
  it('opens the report when the server already has the submission (its first reply was lost)', async () => {
    const seen = fakeServer({
      'POST /api/client/records/5/submit': [[409, { error: 'record.submitted' }]],
      'GET /api/client/records/5': [[200, record([0, 1], 'submitted')]],
    });
    await open(record([0, 1]));
    await act(async () => button('Submit')!.click());
    await wait(50);
    expect(seen.map((s) => s.key)).toContain('GET /api/client/records/5');
    expect(container.textContent).toContain('The report page');
  });
});
