import { http } from 'msw';
import { act, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { api, reply, server, setupIntegration } from '../../test/app.tsx';
import { click, screen, waitFor } from '../../test/dom.ts';
import { GlobalFooter } from './GlobalFooter.tsx';

setupIntegration();

async function render(element: React.ReactNode, path = '/') {
  const container = document.body.appendChild(document.createElement('div'));
  const root = createRoot(container);
  await act(async () =>
    root.render(
      <StrictMode>
        <MemoryRouter initialEntries={[path]}>{element}</MemoryRouter>
      </StrictMode>,
    ),
  );
  return () => act(() => root.unmount());
}

describe('the footer', () => {
  it('opens the privacy policy in the console language', async () => {
    server.use(
      http.get(api('/account/policies'), () =>
        reply({
          privacyPolicy: { zh: '隐私', en: 'We keep little.' },
          terms: { zh: '', en: '' },
          hotline: '',
        }),
      ),
    );
    const unmount = await render(<GlobalFooter />);
    try {
      click(screen.getByRole('button', { name: 'Privacy' }));
      await waitFor(() => expect(document.body.textContent).toContain('We keep little.'));
    } finally {
      unmount();
    }
  });
});
