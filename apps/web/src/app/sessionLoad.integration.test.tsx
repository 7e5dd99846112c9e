import { recordSchema, testSchema } from '@cool/shared';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { useAuthStore } from '../shared/session/authStore.ts';
import { readToken } from '../shared/session/tokenStorage.ts';
import { api, renderApp, reply, replyError, server, setupIntegration } from '../test/app.tsx';
import { click, screen, waitFor } from '../test/dom.ts';
import * as fixture from '../test/fixtures.ts';

setupIntegration();

/** The records page's data; `/user/info` answers with `failure` until it is cleared, then with the user. */
function userInfoFails(failure: () => Response) {
  let failing = true;
  server.use(
    http.get(api('/user/info'), () => (failing ? failure() : reply(fixture.userInfo()))),
    http.get(api('/records'), () => reply(fixture.page(recordSchema, []))),
    http.get(api('/tests'), () => reply(fixture.page(testSchema, []))),
  );
  return () => {
    failing = false;
  };
}

describe('loading the user info of a session', () => {
  const keeps: [string, () => Response, string][] = [
    [
      'no answer (the browser aborted it, the network dropped)',
      () => HttpResponse.error(),
      'The server could not be reached. Check your connection and try again.',
    ],
    [
      "the server's failure",
      () => replyError(503, 'server.unavailable', 'The server is starting'),
      'The service is starting or unavailable',
    ],
    ["a proxy's 502", () => new HttpResponse('Bad Gateway', { status: 502 }), 'The server could not answer'],
  ];
  for (const [what, failure, text] of keeps) {
    it(`keeps the session and offers Retry after ${what}`, async () => {
      const answer = userInfoFails(failure);
      const { router } = renderApp('/records');
      expect(await screen.findByText('Your account could not be loaded')).toBeTruthy();
      expect(screen.getByText(new RegExp(text.replace(/[.()]/g, '\\$&')))).toBeTruthy();
      expect(router.state.location.pathname).toBe('/records');
      expect(readToken()).toBe('integration-token');

      answer();
      click(screen.getByRole('button', { name: 'Retry' }));
      expect(await screen.findByRole('heading', { name: 'test records' })).toBeTruthy();
      expect(useAuthStore.getState().user?.name).toBe(fixture.userInfo().name);
    });
  }

  it('signs out when the server says the session is gone', async () => {
    userInfoFails(() => replyError(401, 'auth.signInRequired', 'Please sign in'));
    const { router } = renderApp('/records');
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/login'));
    expect(readToken()).toBeNull();
  });

  it('signs out when the role is unusable', async () => {
    server.use(
      http.get(api('/user/info'), () =>
        reply({ ...fixture.userInfo(), role: { ...fixture.userInfo().role, permissions: [] } }),
      ),
    );
    const { router } = renderApp('/records');
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/login'));
    expect(readToken()).toBeNull();
    expect(await screen.findByText('getInfo: roles must be a non-null array !')).toBeTruthy();
  });
});
