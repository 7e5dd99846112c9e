import { HttpResponse, http } from 'msw';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { api, server, setupIntegration } from '../../test/app.tsx';
import { click, fill, screen, waitFor } from '../../test/dom.ts';
import * as fixture from '../../test/fixtures.ts';
import LoginPage from './LoginPage.tsx';

setupIntegration();

describe('the login page', () => {
  it("shows the server's field errors beside their fields", async () => {
    const body = fixture.errorEnvelope(400, 'request.invalid', 'username: Enter at most 64 characters');
    const errors = [
      { field: 'username', error: 'field.tooLong', params: { maximum: 64 }, message: 'server text' },
    ];
    server.use(
      http.post(api('/account/login'), () =>
        HttpResponse.json({ ...body, result: { ...body.result, errors } }, { status: 400 }),
      ),
    );
    const container = document.body.appendChild(document.createElement('div'));
    const root = createRoot(container);
    await act(async () =>
      root.render(
        <MemoryRouter>
          <LoginPage />
        </MemoryRouter>,
      ),
    );
    try {
      fill(document.getElementById('username')!, 'someone');
      fill(document.getElementById('password')!, 'secret');
      click(screen.getByRole('button', { name: 'Login' }));
      await waitFor(() =>
        expect(document.getElementById('username_help')?.textContent).toBe('Enter at most 64 characters'),
      );
    } finally {
      act(() => root.unmount());
    }
  });
});
