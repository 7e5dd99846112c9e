import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { api, reply, replyError, server, setupIntegration } from '../../test/app.tsx';
import { screen, waitFor } from '../../test/dom.ts';
import { renderPage } from '../../test/renderPage.tsx';
import AccountLinkPage from './AccountLinkPage.tsx';

setupIntegration();

describe('the mailed-link page', () => {
  it('says an expired reset link is dead before asking for a password, with a way to a new one', async () => {
    server.use(http.get(api('/account/links/check'), () => reply({ valid: false })));
    const unmount = await renderPage(<AccountLinkPage kind="reset" />, {
      path: '/user/reset?token=old',
      strict: true,
    });
    try {
      await waitFor(() =>
        expect(document.body.textContent).toContain('This link is invalid, already used or expired'),
      );
      expect(screen.getByRole('link', { name: 'Send a new link' }).getAttribute('href')).toBe(
        '/user/recover',
      );
      expect(document.getElementById('password')).toBeNull();
    } finally {
      unmount();
    }
  });

  it('uses an activation link once even when React runs the effect twice', async () => {
    let calls = 0;
    server.use(
      http.post(api('/account/activate'), () => {
        calls += 1;
        return calls === 1
          ? reply({ awaitingApproval: true })
          : replyError(410, 'recovery.linkInvalid', 'used');
      }),
    );
    const unmount = await renderPage(<AccountLinkPage kind="activate" />, {
      path: '/user/activate?token=fresh',
      strict: true,
    });
    try {
      await waitFor(() => expect(document.body.textContent).toContain('Your email is confirmed'));
      expect(calls).toBe(1);
    } finally {
      unmount();
    }
  });
});
