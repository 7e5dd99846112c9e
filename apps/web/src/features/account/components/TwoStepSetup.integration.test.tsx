import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { http } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { screenStrings } from '../../../app/locales/screens.ts';
import { addMessages } from '../../../shared/i18n/i18n.ts';
import { api, reply, server, setupIntegration } from '../../../test/app.tsx';
import { click, fill, screen, waitFor } from '../../../test/dom.ts';
import { renderPage } from '../../../test/renderPage.tsx';
import { TwoStepSetup } from './TwoStepSetup.tsx';

setupIntegration();
// Alone, without the settings page's route that loads them.
beforeAll(() => addMessages(screenStrings.twoStep));

const SETUP = { secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', otpauthUrl: 'otpauth://totp/x', qrSvg: '<svg/>' };

/** Two-step on; every set-up start's body recorded (null when none was sent). */
function twoStepOn() {
  const starts: unknown[] = [];
  server.use(
    http.get(api('/account/two-step'), () =>
      reply({ enabled: true, required: false, recoveryCodesLeft: 10 }),
    ),
    http.post(api('/account/two-step/setup'), async ({ request }) => {
      const text = await request.text();
      starts.push(text ? JSON.parse(text) : null);
      return reply(SETUP);
    }),
  );
  return starts;
}

const render = () =>
  renderPage(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <TwoStepSetup />
    </QueryClientProvider>,
  );

describe('changing the MFA device', () => {
  it('asks for the password and a current code before it shows a new secret', async () => {
    const starts = twoStepOn();
    const unmount = await render();
    try {
      click(await screen.findByRole('button', { name: 'Change device' }));
      const password = await waitFor(() => screen.getByLabelText('Password'));
      // No new secret yet: a session alone does not get one.
      expect(starts).toEqual([]);
      expect(document.body.textContent).not.toContain(SETUP.secret);
      fill(password, 'my-password');
      fill(screen.getByLabelText('Code from your authenticator app, or a recovery code'), ' 123456 ');
      click(screen.getByRole('button', { name: 'Continue' }));
      await waitFor(() => expect(document.body.textContent).toContain(SETUP.secret));
      expect(starts).toEqual([{ password: 'my-password', code: '123456' }]);
    } finally {
      await unmount();
    }
  });
});
