import { type Participant, participantSchema } from '@cool/shared';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { api, queriesTo, renderApp, reply, server, setupIntegration } from '../../test/app.tsx';
import { click, fill, screen, waitFor, within } from '../../test/dom.ts';
import * as fixture from '../../test/fixtures.ts';

setupIntegration();

/** One participant as the server keeps them; block, unblock and erase change them. */
function people() {
  let lin: Participant = fixture.participant({ wechat: true, recordCount: 2 });
  const actions: string[] = [];
  server.use(
    http.get(api('/participants'), () => reply(fixture.page(participantSchema, [lin]))),
    http.get(api('/participants/7'), () => reply(fixture.participantDetail(lin))),
    http.post(api('/participants/7/:action'), ({ params }) => {
      const action = String(params.action);
      actions.push(action);
      lin =
        action === 'erase'
          ? { ...lin, nickname: null, wechat: false, locale: null, erased: true }
          : { ...lin, status: action === 'block' ? 'blocked' : 'active' };
      return reply(lin);
    }),
  );
  return actions;
}

const row = () => screen.findByRole('row', { name: /^7/ });

describe('participants', () => {
  it('lists participants by the filters in the URL with their counts and status', async () => {
    people();
    renderApp('/participants?nickname=Lin&status=active');
    const lin = await row();
    expect(within(lin).getByText('Lin')).toBeTruthy();
    expect(within(lin).getByText('Bound')).toBeTruthy();
    expect(within(lin).getByText('Active')).toBeTruthy();
    expect(within(lin).getByRole('cell', { name: '2' })).toBeTruthy();
    expect(queriesTo('/participants').at(-1)).toMatchObject({ nickname: 'Lin', status: 'active' });
  });

  it('shows a participant with their records, linked to the records screen', async () => {
    people();
    renderApp('/participants');
    click(within(await row()).getByRole('button', { name: 'View' }));
    const drawer = await screen.findByRole('dialog', { name: 'Participant #7' });
    expect(await within(drawer).findByText('#31 PHQ-9 depression')).toBeTruthy();
    expect(within(drawer).getByRole('link', { name: 'All their records' }).getAttribute('href')).toBe(
      '/records?participantId=7',
    );
  });

  it('asks before blocking, then blocks', async () => {
    const actions = people();
    renderApp('/participants');
    click(within(await row()).getByRole('button', { name: 'Block' }));
    const confirm = await screen.findByRole('dialog', { name: 'Block Lin?' });
    expect(actions).toEqual([]);
    click(within(confirm).getByRole('button', { name: 'Block' }));
    expect(await screen.findByText('Lin is blocked')).toBeTruthy();
    expect(actions).toEqual(['block']);
    await waitFor(() =>
      expect(within(screen.getByRole('row', { name: /^7/ })).getByText('Blocked')).toBeTruthy(),
    );
  });

  it('erases only once the id or ERASE is typed, and the row then shows the participant erased', async () => {
    const actions = people();
    renderApp('/participants');
    click(within(await row()).getByRole('button', { name: 'Erase' }));
    const dialog = await screen.findByRole('dialog', { name: 'Erase participant #7?' });
    click(within(dialog).getByRole('button', { name: 'Erase personal data' }));
    expect(await within(dialog).findByText("Type the participant's id or ERASE")).toBeTruthy();
    const erase = within(dialog).getByRole('button', { name: 'Erase personal data' });
    // Each refusal settles before the next click: a click on a loading button is ignored.
    await waitFor(() => expect(erase.className).not.toContain('ant-btn-loading'));
    fill(within(dialog).getByLabelText('Type 7 or ERASE to confirm'), '8');
    click(erase);
    expect(await within(dialog).findByText("Type the participant's id or ERASE")).toBeTruthy();
    expect(actions).toEqual([]);
    await waitFor(() => expect(erase.className).not.toContain('ant-btn-loading'));

    fill(within(dialog).getByLabelText('Type 7 or ERASE to confirm'), 'ERASE');
    click(within(dialog).getByRole('button', { name: 'Erase personal data' }));
    expect(await screen.findByText('Personal data of participant #7 erased')).toBeTruthy();
    expect(actions).toEqual(['erase']);
    const erased = await screen.findByRole('row', { name: /Erased #7/ });
    expect(within(erased).queryByRole('button', { name: 'Erase' })).toBeNull();
    expect(within(erased).queryByRole('button', { name: 'Block' })).toBeNull();
  });
});
