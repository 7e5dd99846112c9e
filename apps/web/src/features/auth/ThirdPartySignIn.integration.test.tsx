import { http } from 'msw';
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { api, reply, requests, server, setupIntegration } from '../../test/app.tsx';
import { click, screen, waitFor } from '../../test/dom.ts';
import { renderPage } from '../../test/renderPage.tsx';
import LoginPage from './LoginPage.tsx';

setupIntegration();

const handlers = (providers: string[]) => [
  http.get(api('/account/sign-in-options'), () =>
    reply({ signUp: false, outbox: { email: false, sms: false } }),
  ),
  http.get(api('/oauth/providers'), () => reply(providers)),
];

/** WeChat Work set up, and the tickets exchanged in turn (each answered with the session `session-<n>`). */
function ticketServer() {
  const posted: unknown[] = [];
  server.use(
    ...handlers(['wecom']),
    http.post(api('/oauth/ticket'), async ({ request }) => {
      posted.push(await request.json());
      return reply({ token: `session-${posted.length}`, expiresAt: Date.now() + 3_600_000, home: '/game' });
    }),
  );
  return posted;
}

const renderLogin = (path = '/user/login') => renderPage(<LoginPage />, { path });

const providerLinks = () =>
  [...document.querySelectorAll('a[href^="/api/oauth/"]')].map((a) => [
    a.getAttribute('aria-label'),
    a.getAttribute('href'),
  ]);

describe('third-party sign-in on the login page', () => {
  it('shows an icon, with its own name, for each provider set up, and none when none is', async () => {
    server.use(...handlers(['wecom', 'wechat']));
    let unmount = await renderLogin();
    await waitFor(() =>
      expect(providerLinks()).toEqual([
        ['Sign in with WeChat Work', '/api/oauth/wecom/start?purpose=sign-in'],
        ['Sign in with WeChat', '/api/oauth/wechat/start?purpose=sign-in'],
      ]),
    );
    unmount();

    server.use(...handlers([]));
    unmount = await renderLogin();
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(providerLinks()).toEqual([]);
    expect(document.body.textContent).not.toContain('Sign in with');
    unmount();
  });

  it("says why the provider's sign-in was refused, naming the provider", async () => {
    server.use(...handlers(['wecom']));
    const unmount = await renderLogin('/user/login?oauthError=oauth.notBound&provider=wecom');
    try {
      await waitFor(() =>
        expect(screen.getByRole('alert').textContent).toContain(
          'No account is bound to this WeChat Work identity',
        ),
      );
    } finally {
      unmount();
    }
  });

  it('exchanges the ticket from the address for the session, and takes it out of the address', async () => {
    const posted = ticketServer();
    window.history.replaceState(null, '', '/user/login#oauthTicket=one-time');
    const unmount = await renderLogin();
    try {
      await waitFor(() => expect(posted).toEqual([{ ticket: 'one-time', remember_me: false }]));
      expect(window.location.hash).toBe('');
      // Signed in with the session it answered: the console asks who that is.
      await waitFor(() =>
        expect(
          requests.some(
            (r) =>
              new URL(r.url).pathname === '/api/user/info' && r.headers.get('authorization') === 'session-1',
          ),
        ).toBe(true),
      );
    } finally {
      unmount();
    }
  });

  it('keeps "Remember me" as ticked on leaving for the provider, for the session won on the way back', async () => {
    const posted = ticketServer();
    for (const ticked of [true, false]) {
      let unmount = await renderLogin();
      const checkbox = await screen.findByRole('checkbox', { name: 'Remember me' });
      if ((checkbox as HTMLInputElement).checked !== ticked) click(checkbox);
      const link = await screen.findByRole('link', { name: 'Sign in with WeChat Work' });
      // Leaving for the provider: the page itself does not follow the link here.
      link.addEventListener('click', (event) => event.preventDefault(), { once: true });
      click(link);
      unmount();
      // Back with the ticket.
      window.history.replaceState(null, '', '/user/login#oauthTicket=one-time');
      unmount = await renderLogin();
      try {
        await waitFor(() => expect(posted.at(-1)).toEqual({ ticket: 'one-time', remember_me: ticked }));
        const token = `session-${posted.length}`;
        await waitFor(() => expect(JSON.stringify({ ...localStorage, ...sessionStorage })).toContain(token));
        expect(JSON.stringify({ ...localStorage }).includes(token)).toBe(ticked);
      } finally {
        unmount();
      }
    }
  });
});
