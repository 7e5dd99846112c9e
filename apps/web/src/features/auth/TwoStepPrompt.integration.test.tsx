import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { api, reply, replyError, server, setupIntegration } from '../../test/app.tsx';
import { click, fill, screen, waitFor } from '../../test/dom.ts';
import { renderPage } from '../../test/renderPage.tsx';
import LoginPage from './LoginPage.tsx';

setupIntegration();

const renderLogin = () => renderPage(<LoginPage />);

/** The sign-in's answers in turn, each login body recorded. */
function signInServer(stepCode: 0 | 1, answers: (() => Response)[]) {
  const posted: Record<string, unknown>[] = [];
  server.use(
    http.get(api('/account/sign-in-options'), () =>
      reply({ signUp: false, outbox: { email: false, sms: false } }),
    ),
    http.post(api('/auth/2step-code'), () => reply({ stepCode })),
    http.post(api('/account/login'), async ({ request }) => {
      posted.push((await request.json()) as Record<string, unknown>);
      return (answers.shift() ?? answers[0]!)();
    }),
  );
  return posted;
}

const submitCredentials = () => {
  fill(document.getElementById('username')!, 'alice');
  fill(document.getElementById('password')!, 'secret');
  click(screen.getByRole('button', { name: 'Login' }));
};

const dialog = () => document.querySelector('.ant-modal') as HTMLElement | null;
const otpInputs = () => [...(dialog()?.querySelectorAll<HTMLInputElement>('.ant-otp input') ?? [])];

describe('two-step verification at sign-in', () => {
  it('asks for the code of an account that has it, and asks again with the reason when it is refused', async () => {
    const posted = signInServer(1, [
      () => replyError(401, 'twoStep.codeInvalid', 'The code is wrong or was already used'),
      () => replyError(429, 'auth.tooManyAttempts', 'Too many attempts'),
    ]);
    const unmount = await renderLogin();
    try {
      submitCredentials();
      await waitFor(() => expect(otpInputs()).toHaveLength(6));
      // Nothing was sent before the code.
      expect(posted).toEqual([]);
      fill(otpInputs()[0]!, '123456');
      await waitFor(() => expect(dialog()?.textContent).toContain('The code is wrong or was already used'));
      expect(posted[0]).toMatchObject({ username: 'alice', password: 'secret', twoStepCode: '123456' });
      fill(otpInputs()[0]!, '654321');
      // Another refusal closes the dialog and shows on the page.
      await waitFor(() => expect(dialog()).toBeNull());
      expect(posted[1]).toMatchObject({ twoStepCode: '654321' });
      expect((await screen.findByRole('alert')).textContent).toContain('Too many');
    } finally {
      unmount();
    }
  });

  it('asks about the account once the password field is reached, so the click waits for the login alone', async () => {
    const posted = signInServer(0, [() => replyError(401, 'auth.invalidCredentials', 'Wrong password')]);
    const asked: unknown[] = [];
    server.use(
      http.post(api('/auth/2step-code'), async ({ request }) => {
        asked.push(((await request.json()) as { username: unknown }).username);
        return reply({ stepCode: 0 });
      }),
    );
    const unmount = await renderLogin();
    try {
      const [username, password] = [
        document.getElementById('username')!,
        document.getElementById('password')!,
      ];
      fill(username, 'bob');
      fill(password, 'secret');
      await waitFor(() => expect(asked).toEqual(['bob']));
      // Another name is asked about when the password is reached again; the same one is not.
      fill(username, ' alice ');
      fill(password, 'secret');
      fill(password, 'secret2');
      await waitFor(() => expect(asked).toEqual(['bob', 'alice']));
      click(screen.getByRole('button', { name: 'Login' }));
      await waitFor(() => expect(posted).toHaveLength(1));
      expect(asked).toEqual(['bob', 'alice']);
      // The answer served one sign-in: the next click asks again.
      await screen.findByRole('alert');
      click(screen.getByRole('button', { name: 'Login' }));
      await waitFor(() => expect(posted).toHaveLength(2));
      expect(asked).toEqual(['bob', 'alice', 'alice']);
    } finally {
      unmount();
    }
  });

  it('answers the server asking for a code; a recovery code can be typed; cancel leaves the form', async () => {
    const posted = signInServer(0, [
      () => replyError(401, 'twoStep.codeRequired', 'Enter the code'),
      () => replyError(401, 'twoStep.codeInvalid', 'The code is wrong or was already used'),
    ]);
    const unmount = await renderLogin();
    try {
      submitCredentials();
      await waitFor(() => expect(otpInputs()).toHaveLength(6));
      expect(posted[0]).not.toHaveProperty('twoStepCode');
      click(screen.getByRole('button', { name: 'Use a recovery code instead' }));
      fill(await waitFor(() => screen.getByRole('textbox', { name: /recovery codes/ })), 'abcde-fghjk');
      click(screen.getByRole('button', { name: 'Verify' }));
      await waitFor(() => expect(dialog()?.textContent).toContain('already used'));
      expect(posted[1]).toMatchObject({ twoStepCode: 'abcde-fghjk' });
      click(screen.getByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(dialog()).toBeNull());
      await waitFor(() =>
        expect(screen.getByRole('button', { name: 'Login' }).className).not.toContain('loading'),
      );
      expect(document.querySelector('[role="alert"]')).toBeNull();
    } finally {
      unmount();
    }
  });
});
