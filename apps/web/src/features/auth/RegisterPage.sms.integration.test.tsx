import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { api, reply, server, setupIntegration } from '../../test/app.tsx';
import { waitFor } from '../../test/dom.ts';
import { renderPage } from '../../test/renderPage.tsx';
import RegisterPage from './RegisterPage.tsx';

setupIntegration();

// A file of its own: the page asks for the sign-in options once per load, and here SMS is set up.
describe('sign-up with SMS set up', () => {
  it('asks for the name, and the phone with its code', async () => {
    server.use(
      http.get(api('/account/sign-in-options'), () =>
        reply({ signUp: true, outbox: { email: false, sms: false } }),
      ),
    );
    const unmount = await renderPage(<RegisterPage />, { path: '/user/register' });
    try {
      await waitFor(() => expect(document.getElementById('mobile')).not.toBeNull());
      expect(document.getElementById('captcha')).not.toBeNull();
      expect(document.getElementById('name')).not.toBeNull();
    } finally {
      unmount();
    }
  });
});
