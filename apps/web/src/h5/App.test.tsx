import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { App } from './App.tsx';
import { changeLanguage, initI18n } from './i18n/i18n.ts';

// The report page's code cannot be fetched: a dropped connection, or a deploy since the app was opened.
vi.mock('./pages/ReportPage.tsx', () => {
  throw new TypeError('Failed to fetch dynamically imported module');
});

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
const container = document.body.appendChild(document.createElement('div'));
const root = createRoot(container);
afterEach(async () => {
  await act(() => root.render(null));
  vi.restoreAllMocks();
});

beforeAll(async () => {
  await initI18n();
  await changeLanguage('en-US');
});

describe('a page whose code does not load', () => {
  it('shows a message and a reload button instead of a blank app', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    history.pushState(null, '', '/h5/records/5');
    await act(async () => root.render(<App />));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(container.textContent).toContain('This page could not be opened');
    const reload = vi.spyOn(location, 'reload').mockImplementation(() => {});
    await act(async () => container.querySelector('button')?.click());
    expect(reload).toHaveBeenCalled();
  });
});
