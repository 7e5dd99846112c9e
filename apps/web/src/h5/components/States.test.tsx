import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { changeLanguage, initI18n } from '../i18n/i18n.ts';
import { NotFound } from './States.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
const container = document.body.appendChild(document.createElement('div'));
const root = createRoot(container);
afterEach(() => act(() => root.render(null)));

beforeAll(async () => {
  await initI18n();
  await changeLanguage('en-US');
});

describe('the not-found page', () => {
  it('says not found, with no "something went wrong" under it', async () => {
    await act(async () => root.render(<NotFound />));
    expect(container.textContent).toBe('Not found');
  });
});
