import { http } from 'msw';
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { api as client } from '../shared/http/client.ts';
import { useAuthStore } from '../shared/session/authStore.ts';
import { api, renderApp, reply, replyError, server, setupIntegration } from '../test/app.tsx';
import { waitFor } from '../test/dom.ts';
import { userInfo } from '../test/fixtures.ts';

setupIntegration();

const profileOf = (id: number, name: string) => ({
  id,
  username: name.toLowerCase(),
  name,
  avatar: null,
  email: `${name.toLowerCase()}@example.com`,
  phone: null,
  profile: `${name}'s bio`,
  country: '',
  region: '',
  address: '',
  backupEmail: null,
  language: null,
  role: { id: 'admin', name: 'Administrator', permissions: [] },
  security: {
    passwordLevel: null,
    passwordChangedAt: null,
    phoneSet: false,
    backupEmailSet: false,
    twoStepEnabled: false,
    bindings: 0,
  },
});

describe('the cache of a session', () => {
  it('shows the next account nothing of the one whose session the server ended', async () => {
    let who: 'alice' | 'ended' | 'bob' = 'alice';
    const person = () => (who === 'bob' ? { id: 2, name: 'Bob' } : { id: 1, name: 'Alice' });
    server.use(
      http.get(api('/account/profile'), () => reply(profileOf(person().id, person().name))),
      http.get(api('/account/activity'), () =>
        reply({ data: [], pageNo: 1, pageSize: 10, totalCount: 0, totalPage: 0 }),
      ),
      http.get(api('/user/info'), () => reply({ ...userInfo(), ...person() })),
      http.get(api('/alerts/counts'), () =>
        who === 'ended' ? replyError(401, 'auth.signInRequired', 'Sign in') : reply({ new: 0 }),
      ),
    );
    const { router } = renderApp('/account/center');
    await waitFor(() => expect(document.body.textContent).toContain("Alice's bio"));
    // Alice's session ends on the server (idle, revoked): the next call answers 401 and signs her out.
    who = 'ended';
    await client.get('/alerts/counts', null as never).catch(() => undefined);
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/login'));
    // Bob signs in in the same tab and opens the same page.
    who = 'bob';
    await act(async () => useAuthStore.getState().signIn('bob-token', Date.now() + 3_600_000));
    await act(async () => router.navigate('/account/center'));
    await waitFor(() => expect(document.body.textContent).toContain("Bob's bio"));
    expect(document.body.textContent).not.toContain("Alice's bio");
  });
});
