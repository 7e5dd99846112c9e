import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { api, reply, server, setupIntegration } from '../../test/app.tsx';
import { click, screen, waitFor } from '../../test/dom.ts';
import { renderPage } from '../../test/renderPage.tsx';
import { GlobalFooter } from './GlobalFooter.tsx';

setupIntegration();

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
    const unmount = await renderPage(<GlobalFooter />, { strict: true });
    try {
      click(screen.getByRole('button', { name: 'Privacy' }));
      await waitFor(() => expect(document.body.textContent).toContain('We keep little.'));
    } finally {
      unmount();
    }
  });
});
