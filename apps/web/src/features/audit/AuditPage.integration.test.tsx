import { auditEntrySchema } from '@cool/shared';
import { http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { formatDateTime } from '../../shared/ui/format.ts';
import { api, queriesTo, renderApp, reply, server, setupIntegration } from '../../test/app.tsx';
import { click, fill, screen, waitFor } from '../../test/dom.ts';
import * as fixture from '../../test/fixtures.ts';

setupIntegration();

// The actor filter asks for staff as the page opens.
beforeEach(() => {
  server.use(http.get(api('/audit-log/actors'), () => reply([])));
});

describe('audit log', () => {
  it('asks for the entity with an entity id, and searches nothing until it is chosen', async () => {
    server.use(http.get(api('/audit-log'), () => reply(fixture.page(auditEntrySchema, []))));
    renderApp('/system/audit');
    const entityId = await waitFor(() => screen.getByLabelText('Entity id'));
    await waitFor(() => expect(queriesTo('/audit-log')).toHaveLength(1));

    fill(entityId, '42');
    const required = await screen.findByRole('alert', { name: 'Required' });
    expect(entityId.getAttribute('aria-invalid')).toBe('true');
    expect(entityId.getAttribute('aria-describedby')).toBe(required.id);
    click(screen.getByRole('button', { name: 'Search' }));
    // A search would be asked for at once: none is.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(queriesTo('/audit-log')).toHaveLength(1);

    // Checked again when the entity changes.
    click(screen.getByRole('combobox', { name: 'Entity' }));
    click(await screen.findByTitle('Account'));
    await waitFor(() => expect(screen.queryByRole('alert', { name: 'Required' })).toBeNull());
    expect(entityId.hasAttribute('aria-invalid')).toBe(false);
    click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(queriesTo('/audit-log').at(-1)).toMatchObject({ entityType: 'account', entityId: '42' }),
    );
  });

  it("shows an entry's changes with the fields' names and times in the viewer's time zone", async () => {
    const entry = auditEntrySchema.parse({
      id: 9,
      time: '2026-11-28T09:30:00.000Z',
      actorId: 1,
      actorUsername: 'admin',
      entityType: 'account',
      entityId: '1',
      action: 'sign-in',
      changes: {
        lastLoginAt: { from: '2026-11-27T23:05:00.000Z', to: '2026-11-28T09:30:00.000Z' },
        lastLoginIp: { from: null, to: '127.0.0.1' },
      },
      requestId: 'req-1',
      ip: '127.0.0.1',
    });
    server.use(http.get(api('/audit-log'), () => reply(fixture.page(auditEntrySchema, [entry]))));
    renderApp('/system/audit');
    const expand = await waitFor(() => screen.getByRole('button', { name: 'Expand row' }));
    click(expand);
    await waitFor(() => screen.getByText('Last sign-in'));
    expect(screen.getByText('Last sign-in address')).toBeTruthy();
    expect(screen.queryByText('lastLoginAt')).toBeNull();
    // The viewer's local time, as every other time on the console is shown; never the stored UTC text.
    expect(screen.getByText(formatDateTime('2026-11-27T23:05:00.000Z'))).toBeTruthy();
    expect(screen.queryByText('2026-11-27T23:05:00.000Z')).toBeNull();
  });

  it('filters by an actor picked by name, searched on the server', async () => {
    server.use(
      http.get(api('/audit-log'), () => reply(fixture.page(auditEntrySchema, []))),
      http.get(api('/audit-log/actors'), ({ request }) => {
        const keyword = new URL(request.url).searchParams.get('keyword') ?? '';
        const staff = [
          { id: 1, name: 'Administrator', username: 'admin' },
          { id: 7, name: 'Wang Fang', username: 'wang' },
        ];
        return reply(staff.filter((person) => `${person.name} ${person.username}`.includes(keyword)));
      }),
    );
    renderApp('/system/audit');
    const actor = await waitFor(() => screen.getByRole('combobox', { name: 'Actor' }));
    click(actor);
    fill(actor, 'Wang');
    await waitFor(() => expect(queriesTo('/audit-log/actors').at(-1)).toMatchObject({ keyword: 'Wang' }));
    click(await screen.findByTitle('Wang Fang (wang)'));
    click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(queriesTo('/audit-log').at(-1)).toMatchObject({ actorId: '7' }));
  });
});
