import type { ClientRecordDetail, ClientSettings } from '@cool/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { changeLanguage, initI18n } from '../i18n/i18n.ts';
import ReportPage from './ReportPage.tsx';

const t = (en: string) => ({ en, zh: '' });

const record = (report: ClientRecordDetail['report']): ClientRecordDetail => ({
  id: 5,
  testId: 2,
  testVersion: 1,
  title: t('Four-letter personality'),
  coverUrl: null,
  status: 'submitted',
  priceFen: 990,
  unlocked: false,
  answeredCount: 4,
  questionCount: 4,
  startTime: '2026-11-23T05:00:00Z',
  submitTime: '2026-11-23T05:03:00Z',
  answers: [0, 1, 0, 1],
  questions: [],
  instructions: t(''),
  report,
});

/** What staff set under Settings > General: nothing but the disclaimer. */
const settings = (disclaimer: string): ClientSettings => ({
  serviceName: t(''),
  logoUrl: '',
  hotline: '',
  icpLicence: '',
  disclaimer: t(disclaimer),
  privacyPolicy: t(''),
});

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
const container = document.body.appendChild(document.createElement('div'));
const root = createRoot(container);
afterEach(() => act(() => root.render(null)));

async function show(detail: ClientRecordDetail, service = settings('')) {
  // Fresh for good: the page shows the record as given, without asking the server.
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY } } });
  client.setQueryData(['record', detail.id], detail);
  client.setQueryData(['settings'], service);
  await act(async () =>
    root.render(
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[`/records/${detail.id}`]}>
          <Routes>
            <Route path="/records/:id" element={<ReportPage />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>,
    ),
  );
}

beforeAll(async () => {
  await initI18n();
  await changeLanguage('en-US');
});

describe('the disclaimer under a report', () => {
  const locked = record({
    locked: true,
    alerts: [],
    preview: { dimensions: [], hasType: false },
    report: null,
  });

  it('is the one staff wrote under Settings, else the built-in line', async () => {
    await show(locked, settings('Results are a screening only; see a doctor for a diagnosis.'));
    expect(container.textContent).toContain('Results are a screening only; see a doctor for a diagnosis.');
    expect(container.textContent).not.toContain('does not replace a professional diagnosis');
    // Afresh, as opening the page again would.
    await act(() => root.render(null));
    await show(locked, settings(''));
    expect(container.textContent).toContain('does not replace a professional diagnosis');
  });
});

describe('a locked report', () => {
  it('shows the alert with the hotline first, the names of what unlocking shows, and the price, no score', async () => {
    await show(
      record({
        locked: true,
        alerts: [{ question: 3, severity: 'severe', message: t('Please talk to someone') }],
        preview: { dimensions: [{ key: 'ei', name: t('Energy') }], hasType: true },
        report: null,
      }),
    );
    const text = container.textContent ?? '';
    const alert = container.querySelector('[role="alert"]')!;
    expect(alert.getAttribute('aria-label')).toBe('Please read this first');
    expect(alert.textContent).toContain('400-161-9995');
    expect(alert.textContent).toContain('Please talk to someone');
    expect(text).toContain('The full report is locked');
    expect(text).toContain('Energy');
    expect(text).toContain('your type and its description');
    const unlock = [...container.querySelectorAll('button')].find(
      (b) => b.textContent === 'Unlock for ¥9.90',
    );
    expect(unlock?.disabled).toBe(false);
    expect(text).not.toMatch(/Score/);
    // The alert comes before everything else in the report.
    expect(container.querySelector('section')).toBe(alert);
  });
});

describe('the crisis text', () => {
  const withAlerts = (alerts: ClientRecordDetail['report'] & object) => record(alerts);
  const locked = (alerts: NonNullable<ClientRecordDetail['report']>['alerts']) =>
    withAlerts({ locked: true, alerts, preview: { dimensions: [], hasType: false }, report: null });

  it("shows only when a raised alert's rule asks for it", async () => {
    await show(
      locked([{ question: 2, severity: 'severe', crisis: false, message: t('Very sleepy lately') }]),
    );
    expect(container.textContent).toContain('Very sleepy lately');
    expect(container.textContent).not.toContain('400-161-9995');
    expect(container.textContent).not.toContain('harming yourself');

    await act(() => root.render(null));
    await show(
      locked([{ question: 9, severity: 'mild', crisis: true, message: t('Please talk to someone') }]),
    );
    expect(container.querySelector('[role="alert"]')!.textContent).toContain('400-161-9995');
  });

  it('follows the severity of an alert stored before rules said so: severe shows it, milder do not', async () => {
    await show(locked([{ question: 2, severity: 'moderate', message: t('Tired') }]));
    expect(container.textContent).toContain('Tired');
    expect(container.textContent).not.toContain('400-161-9995');
    await act(() => root.render(null));
    await show(locked([{ question: 9, severity: 'severe', message: t('Please talk to someone') }]));
    expect(container.textContent).toContain('400-161-9995');
  });
});

describe("a report's screen", () => {
  it('has a named button back to the previous screen and titles the document with the screen and the service', async () => {
    await show(
      record({ locked: true, alerts: [], preview: { dimensions: [], hasType: false }, report: null }),
      { ...settings(''), serviceName: t('Calm Minds') },
    );
    expect(container.querySelector('button[aria-label="Previous screen"]')).not.toBeNull();
    expect(document.title).toBe('Your report - Calm Minds');
  });
});
