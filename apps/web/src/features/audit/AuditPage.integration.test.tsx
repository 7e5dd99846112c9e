import { auditEntrySchema } from '@cool/shared';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { api, queriesTo, renderApp, reply, server, setupIntegration } from '../../test/app.tsx';
import { click, fill, screen, waitFor } from '../../test/dom.ts';
import * as fixture from '../../test/fixtures.ts';

setupIntegration();

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
});
