import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';

// The language pack cannot be fetched, so none of the app's texts are there to draw.
vi.mock('./i18n/i18n.ts', async (original) => ({
  ...(await original<typeof import('./i18n/i18n.ts')>()),
  initI18n: () => Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
}));

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

describe('starting the app without its language pack', () => {
  it('draws a message in both languages with a reload button', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const page = document.body.appendChild(document.createElement('div'));
    page.id = 'root';
    await act(async () => {
      await import('./main.tsx');
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect(page.textContent).toContain('could not be loaded');
    expect(page.textContent).toContain('加载失败');
    const reload = vi.spyOn(location, 'reload').mockImplementation(() => {});
    await act(async () => page.querySelector('button')?.click());
    expect(reload).toHaveBeenCalled();
  });
});
