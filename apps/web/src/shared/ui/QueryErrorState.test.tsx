import i18n from 'i18next';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { initReactI18next } from 'react-i18next';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { messages } from '../../app/locales/en-US.ts';
import { click, waitFor, within } from '../../test/dom.ts';
import { ApiError, NETWORK_ERROR_STATUS } from '../http/client.ts';
import { QueryErrorState } from './QueryErrorState.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
const container = document.body.appendChild(document.createElement('div'));
const root = createRoot(container);
const screen = within(container);

beforeAll(async () => {
  await i18n.use(initReactI18next).init({ lng: 'en-US', resources: { 'en-US': { translation: messages } } });
});
afterAll(() => act(() => root.unmount()));

describe('a compact failure', () => {
  it('names what failed, beside the reason and a retry, so two on one screen tell which part to retry', async () => {
    const retryAlerts = vi.fn();
    const retryJobs = vi.fn();
    const offline = new ApiError(NETWORK_ERROR_STATUS, 'offline');
    await act(async () => {
      root.render(
        <>
          <QueryErrorState
            compact
            error={offline}
            title="The alerts could not be counted"
            onRetry={retryAlerts}
          />
          <QueryErrorState
            compact
            error={offline}
            title="The job queue could not be read"
            onRetry={retryJobs}
          />
        </>,
      );
      // antd's Alert downloads with the first failure.
      await import('antd/es/alert');
    });
    const jobs = await waitFor(
      () => screen.getByRole('alert', { name: /^The job queue could not be read/ }),
      3000,
    );
    const alerts = screen.getByRole('alert', { name: /^The alerts could not be counted/ });
    expect(
      within(jobs).getByText('The server could not be reached. Check your connection and try again.'),
    ).toBeTruthy();
    click(within(jobs).getByRole('button', { name: 'Retry' }));
    expect(retryJobs).toHaveBeenCalledOnce();
    expect(retryAlerts).not.toHaveBeenCalled();
    click(within(alerts).getByRole('button', { name: 'Retry' }));
    expect(retryAlerts).toHaveBeenCalledOnce();
  });
});
