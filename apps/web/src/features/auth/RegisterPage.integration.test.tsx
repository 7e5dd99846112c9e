import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { api, reply, server, setupIntegration } from '../../test/app.tsx';
import { click, fill, screen, waitFor } from '../../test/dom.ts';
import { renderPage } from '../../test/renderPage.tsx';
import RegisterPage from './RegisterPage.tsx';

setupIntegration();

// The page asks for the sign-in options once per load: this file is told SMS is not set up (codes would go to
// the outbox); RegisterPage.sms.integration.test.tsx is told it is.
describe('sign-up with SMS not set up', () => {
  it('asks for a name and no phone or code, and posts the name with the email and password', async () => {
    const posted: unknown[] = [];
    server.use(
      http.get(api('/account/sign-in-options'), () =>
        reply({ signUp: true, outbox: { email: false, sms: true } }),
      ),
      http.post(api('/account/register'), async ({ request }) => {
        posted.push(await request.json());
        return reply({ email: 'ada@example.com' });
      }),
    );
    const unmount = await renderPage(<RegisterPage />, { path: '/user/register' });
    try {
      await waitFor(() => expect(document.getElementById('name')).not.toBeNull());
      fill(document.getElementById('email')!, 'ada@example.com');
      fill(document.getElementById('password')!, 'tapir-lantern-9');
      fill(document.getElementById('confirm')!, 'tapir-lantern-9');
      click(screen.getByRole('button', { name: 'Register' }));
      await waitFor(() =>
        expect(document.getElementById('name_help')?.textContent).toBe('Please enter your name!'),
      );
      expect(posted).toEqual([]);
      fill(document.getElementById('name')!, '  Ada Lovelace ');
      click(screen.getByRole('button', { name: 'Register' }));
      await waitFor(() => expect(posted).toHaveLength(1));
      expect(posted[0]).toEqual({
        name: 'Ada Lovelace',
        email: 'ada@example.com',
        password: 'tapir-lantern-9',
        confirm: 'tapir-lantern-9',
      });
      // The options answered long before: no phone or code was asked for.
      expect(document.getElementById('mobile')).toBeNull();
      expect(document.getElementById('captcha')).toBeNull();
    } finally {
      unmount();
    }
  });
});
