import { http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { api, reply, replyError, server, setupIntegration } from '../../test/app.tsx';
import { click, fill, screen, waitFor } from '../../test/dom.ts';
import { renderPage } from '../../test/renderPage.tsx';
import LoginPage from './LoginPage.tsx';

setupIntegration();

const renderLogin = () => renderPage(<LoginPage />);

/** Every question to /auth/2step-code: the login page must ask none (an answer would tell anyone). */
const askedTwoStep: unknown[] = [];
afterEach(() => {
  expect(askedTwoStep).toEqual([]);
});

/** The sign-in's answers in turn, each login body recorded. */
function signInServer(answers: (() => Response)[]) {
  const posted: Record<string, unknown>[] = [];
  server.use(
    http.get(api('/account/sign-in-options'), () =>
      reply({ signUp: false, outbox: { email: false, sms: false } }),
    ),
    http.post(api('/auth/2step-code'), async ({ request }) => {
      askedTwoStep.push(await request.json());
      return reply({ stepCode: 1 });
    }),
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
  it('sends the credentials first, asks for the code the server wants, and asks again with the reason', async () => {
    const posted = signInServer([
      () => replyError(401, 'twoStep.codeRequired', 'Enter the code'),
      () => replyError(401, 'twoStep.codeInvalid', 'The code is wrong or was already used'),
      () => replyError(429, 'auth.tooManyAttempts', 'Too many attempts'),
    ]);
    const unmount = await renderLogin();
    try {
      submitCredentials();
      await waitFor(() => expect(otpInputs()).toHaveLength(6));
      expect(posted).toEqual([expect.objectContaining({ username: 'alice', password: 'secret' })]);
      expect(posted[0]).not.toHaveProperty('twoStepCode');
      fill(otpInputs()[0]!, '123456');
      await waitFor(() => expect(dialog()?.textContent).toContain('The code is wrong or was already used'));
      expect(posted[1]).toMatchObject({ username: 'alice', password: 'secret', twoStepCode: '123456' });
      fill(otpInputs()[0]!, '654321');
      // Another refusal closes the dialog and shows on the page.
      await waitFor(() => expect(dialog()).toBeNull());
      expect(posted[2]).toMatchObject({ twoStepCode: '654321' });
      expect((await screen.findByRole('alert')).textContent).toContain('Too many');
    } finally {
      unmount();
    }
  });

  it('answers the server asking for a code; a recovery code can be typed; cancel leaves the form', async () => {
    const posted = signInServer([
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
