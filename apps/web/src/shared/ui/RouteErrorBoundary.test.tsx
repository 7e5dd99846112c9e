import i18n from 'i18next';
import { act, lazy, Suspense } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { initReactI18next } from 'react-i18next';
import { Link, MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { messages } from '../../app/locales/en-US.ts';
import { failedChunk, RouteErrorBoundary } from './RouteErrorBoundary.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const CHROME_CHUNK_ERROR =
  'Failed to fetch dynamically imported module: http://127.0.0.1:8123/assets/CategoryPage-B1x_9a.js';

describe('failedChunk', () => {
  it('names the chunk of a failed dynamic import', () => {
    expect(failedChunk(new TypeError(CHROME_CHUNK_ERROR))).toBe('CategoryPage-B1x_9a');
    expect(
      failedChunk(new TypeError('error loading dynamically imported module: https://host/assets/x-1.js')),
    ).toBe('x-1');
  });

  it('recognises a failure whose message names no file', () => {
    expect(failedChunk(new TypeError('Importing a module script failed.'))).toBe('');
    const webpack = Object.assign(new Error('Loading chunk 42 failed.'), { name: 'ChunkLoadError' });
    expect(failedChunk(webpack)).toBe('');
  });

  it('ignores other errors', () => {
    expect(failedChunk(new TypeError("Cannot read properties of undefined (reading 'map')"))).toBeNull();
    expect(failedChunk('Loading chunk 1 failed')).toBeNull();
  });
});

let root: Root | null = null;

beforeAll(async () => {
  await i18n.use(initReactI18next).init({ lng: 'en-US', resources: { 'en-US': { translation: messages } } });
});

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

function Broken(): never {
  throw new Error('boom');
}

const BrokenChunk = lazy(() => Promise.reject(new TypeError(CHROME_CHUNK_ERROR)));

async function render(page: React.ReactNode) {
  // React reports every caught render error on the console; the boundary is what is under test.
  vi.spyOn(console, 'error').mockImplementation(() => {});
  const container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  await act(async () =>
    root?.render(
      <MemoryRouter initialEntries={['/broken']}>
        <Link to="/fine">elsewhere</Link>
        <RouteErrorBoundary>
          <Suspense fallback="loading">
            <Routes>
              <Route path="/broken" element={page} />
              <Route path="/fine" element={<p>fine page</p>} />
              <Route path="/" element={<p>home page</p>} />
            </Routes>
          </Suspense>
        </RouteErrorBoundary>
      </MemoryRouter>,
    ),
  );
}

const button = (label: string) =>
  [...document.body.querySelectorAll('button')].find((b) => b.textContent?.replace(/\s/g, '') === label);

describe('RouteErrorBoundary', () => {
  it('shows the 500 page instead of a blank screen when a page throws, and Back Home leaves it', async () => {
    await render(<Broken />);
    expect(document.body.textContent).toContain('500');
    expect(document.body.textContent).toContain('Sorry, something went wrong while showing this page.');
    await act(async () => button('BackHome')?.click());
    expect(document.body.textContent).toContain('home page');
    expect(document.body.textContent).not.toContain('500');
  });

  it('gives the next page a fresh try after navigating', async () => {
    await render(<Broken />);
    await act(async () => document.body.querySelector('a')?.click());
    expect(document.body.textContent).toContain('fine page');
  });

  it('asks for a reload when the page code could not be downloaded', async () => {
    await render(<BrokenChunk />);
    expect(document.body.textContent).toContain('Loading chunk CategoryPage-B1x_9a failed');
    const reload = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload });
    await act(async () => button('Reload')?.click());
    expect(reload).toHaveBeenCalledOnce();
  });
});
