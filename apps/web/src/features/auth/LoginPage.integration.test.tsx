import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { api, reply, replyError, server, setupIntegration } from '../../test/app.tsx';
import { click, fill, screen, waitFor } from '../../test/dom.ts';
import * as fixture from '../../test/fixtures.ts';
import { renderPage } from '../../test/renderPage.tsx';
import LoginPage from './LoginPage.tsx';

setupIntegration();

/** Sign-up switched off, SMS not set up: what every test of this file is told (the page asks once per load). */
const signInOptions = () =>
  http.get(api('/account/sign-in-options'), () =>
    reply({ signUp: false, outbox: { email: false, sms: true } }),
  );

const renderLogin = () => renderPage(<LoginPage />);

describe('the login page', () => {
  it("shows the server's field errors beside their fields", async () => {
    const body = fixture.errorEnvelope(400, 'request.invalid', 'username: Enter at most 64 characters');
    const errors = [
      { field: 'username', error: 'field.tooLong', params: { maximum: 64 }, message: 'server text' },
    ];
    server.use(
      signInOptions(),
      http.post(api('/account/login'), () =>
        HttpResponse.json({ ...body, result: { ...body.result, errors } }, { status: 400 }),
      ),
    );
    const unmount = await renderLogin();
    try {
      fill(document.getElementById('username')!, 'someone');
      fill(document.getElementById('password')!, 'secret');
      click(screen.getByRole('button', { name: 'Login' }));
      await waitFor(() =>
        expect(document.getElementById('username_help')?.textContent).toBe('Enter at most 64 characters'),
      );
    } finally {
      unmount();
    }
  });

  it('signs in with a phone and its code: the button counts down, the form posts mobile and captcha', async () => {
    const posted: unknown[] = [];
    server.use(
      signInOptions(),
      http.post(api('/account/sms'), async ({ request }) => {
        posted.push(await request.json());
        return reply({ resendAfterSeconds: 60 });
      }),
      http.post(api('/account/login'), async ({ request }) => {
        posted.push(await request.json());
        return replyError(401, 'auth.invalidCode', 'Invalid verification code');
      }),
    );
    const unmount = await renderLogin();
    try {
      click(screen.getByRole('tab', { name: 'Mobile number' }));
      await waitFor(() => expect(document.body.textContent).toContain('development outbox'));
      fill(document.getElementById('mobile')!, '138 0013 8000');
      click(screen.getByRole('button', { name: 'Get code' }));
      // Counting down from 60 (a busy machine may already be a few seconds in).
      await waitFor(() => expect(document.body.textContent).toMatch(/Mobile number.*\b[1-6]?\d s/));
      fill(document.getElementById('captcha')!, '123456');
      click(screen.getByRole('button', { name: 'Login' }));
      await waitFor(() => expect(document.body.textContent).toContain('Invalid verification code'));
      expect(posted).toEqual([
        { mobile: '138 0013 8000' },
        { mobile: '138 0013 8000', captcha: '123456', remember_me: true },
      ]);
    } finally {
      unmount();
    }
  });

  it("checks the first tab's fields before asking the server, and sends Remember me as ticked", async () => {
    const posted: unknown[] = [];
    server.use(
      signInOptions(),
      http.post(api('/account/login'), async ({ request }) => {
        posted.push(await request.json());
        return replyError(401, 'auth.invalidCredentials', 'Invalid username or password');
      }),
    );
    const unmount = await renderLogin();
    try {
      fill(document.getElementById('username')!, '   ');
      click(screen.getByRole('button', { name: 'Login' }));
      await waitFor(() =>
        expect(document.getElementById('username_help')?.textContent).toBe(
          'Please enter account name or email address',
        ),
      );
      expect(document.getElementById('password_help')?.textContent).toBe('Please enter your password!');
      expect(document.getElementById('password')?.getAttribute('aria-invalid')).toBe('true');
      // Typing a value takes its message away.
      fill(document.getElementById('password')!, 'secret');
      await waitFor(() => expect(document.getElementById('password_help')).toBeNull());
      expect(posted).toEqual([]);

      fill(document.getElementById('username')!, ' admin ');
      click(screen.getByRole('checkbox', { name: 'Remember me' }));
      click(screen.getByRole('button', { name: 'Login' }));
      await waitFor(() => expect(document.body.textContent).toContain('Invalid username or password'));
      expect(posted).toEqual([{ username: 'admin', password: 'secret', remember_me: false }]);
    } finally {
      unmount();
    }
  });

  it('keeps what was typed on each tab across a switch to the other and back', async () => {
    server.use(signInOptions());
    const unmount = await renderLogin();
    try {
      fill(document.getElementById('username')!, 'someone');
      click(screen.getByRole('tab', { name: 'Mobile number' }));
      await waitFor(() => expect(document.getElementById('mobile')).not.toBeNull());
      fill(document.getElementById('mobile')!, '138 0013 8000');
      click(screen.getByRole('tab', { name: 'Credentials' }));
      await waitFor(() =>
        expect((document.getElementById('username') as HTMLInputElement).value).toBe('someone'),
      );
      click(screen.getByRole('tab', { name: 'Mobile number' }));
      await waitFor(() =>
        expect((document.getElementById('mobile') as HTMLInputElement).value).toBe('138 0013 8000'),
      );
    } finally {
      unmount();
    }
  });

  it('leaves the sign-up link out while sign-up is switched off, and links forgot password to recovery', async () => {
    server.use(signInOptions());
    const unmount = await renderLogin();
    try {
      const forgot = await waitFor(() => screen.getByRole('link', { name: 'Forgot your password?' }));
      expect(forgot.getAttribute('href')).toBe('/user/recover');
      expect(document.body.textContent).not.toContain('Sign up');
    } finally {
      unmount();
    }
  });
});
