import { BUILT_IN_ROLES, type RoleCreate, toPermissionEntries } from '@cool/shared';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { api, renderApp, reply, server, setupIntegration } from '../../test/app.tsx';
import { click, fill, screen, waitFor, within } from '../../test/dom.ts';
import * as fixture from '../../test/fixtures.ts';

setupIntegration();

const operator = BUILT_IN_ROLES.find((role) => role.id === 'operator')!;

describe('roles', () => {
  it('copies a built-in role into the new-role form and creates it through the normal create', async () => {
    const created: RoleCreate[] = [];
    server.use(
      http.get(api('/roles'), () => reply([fixture.role('admin'), fixture.role('operator')])),
      http.post(api('/roles'), async ({ request }) => {
        const input = (await request.json()) as RoleCreate;
        created.push(input);
        return reply(fixture.role(input.id, { ...input, builtIn: false }));
      }),
    );
    renderApp('/system/roles');
    const row = await screen.findByRole('row', { name: /Content operator/ });
    click(within(row).getByRole('button', { name: 'Copy Content operator' }));

    const dialog = await screen.findByRole('dialog', { name: 'New role' });
    expect((within(dialog).getByLabelText('Name') as HTMLInputElement).value).toBe(
      'Copy of Content operator',
    );
    expect((within(dialog).getByLabelText('Role id') as HTMLInputElement).value).toBe('operator-copy');
    // The copy is editable, starting from the operator's grants.
    const editAlerts = within(dialog).getByLabelText('Alerts Edit') as HTMLInputElement;
    expect(editAlerts.checked).toBe(true);
    expect(editAlerts.disabled).toBe(false);
    expect((within(dialog).getByLabelText('Payment orders Query') as HTMLInputElement).checked).toBe(false);

    fill(within(dialog).getByLabelText('Role id'), 'content-lead');
    click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(await screen.findByText('Role created')).toBeTruthy();
    await waitFor(() => expect(created).toHaveLength(1));
    const [input] = created;
    expect(input).toMatchObject({ id: 'content-lead', name: 'Copy of Content operator' });
    const granted = (entries: { permissionId: string; actionList: string[] }[]) =>
      entries
        .filter((entry) => entry.actionList.length > 0)
        .map((entry) => [entry.permissionId, [...entry.actionList].sort()])
        .sort();
    expect(granted(input!.permissions)).toEqual(granted(toPermissionEntries(operator.grants)));
  });

  it('offers no copy to a role that may not add roles', async () => {
    server.use(
      http.get(api('/user/info'), () =>
        reply(fixture.userInfo({ ...BUILT_IN_ROLES[0]!.grants, roles: ['query', 'get', 'edit'] })),
      ),
      http.get(api('/roles'), () => reply([fixture.role('admin'), fixture.role('operator')])),
    );
    renderApp('/system/roles');
    const row = await screen.findByRole('row', { name: /Content operator/ });
    expect(within(row).queryByRole('button', { name: 'Copy Content operator' })).toBeNull();
  });
});
