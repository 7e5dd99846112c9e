import { act, type ReactNode, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { MemoryRouter } from 'react-router';

interface RenderPageOptions {
  /** The address the page opens at. */
  path?: string;
  /** In React's StrictMode, which runs effects twice: for a page that must cope with it. */
  strict?: boolean;
}

/**
 * Renders one page (or part of one) alone in a memory router, without the console's shell (see renderApp).
 * Answers its unmount.
 */
export async function renderPage(element: ReactNode, { path = '/', strict = false }: RenderPageOptions = {}) {
  const container = document.body.appendChild(document.createElement('div'));
  const root = createRoot(container);
  const page = <MemoryRouter initialEntries={[path]}>{element}</MemoryRouter>;
  await act(async () => root.render(strict ? <StrictMode>{page}</StrictMode> : page));
  return () => act(() => root.unmount());
}
