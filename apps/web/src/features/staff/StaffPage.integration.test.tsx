import { type Account, accountSchema } from '@cool/shared';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { api, renderApp, reply, server, setupIntegration } from '../../test/app.tsx';
import { screen, waitFor } from '../../test/dom.ts';
import * as fixture from '../../test/fixtures.ts';

setupIntegration();

const account = (overrides: Partial<Account> = {}): Account => ({
  id: 7,
  username: 'wang',
  name: 'Wang Fang',
  email: null,
  phone: null,
  avatar: null,
  status: 'enabled',
  roleId: 'operator',
  roleName: 'Operator',
  lastLoginTime: null,
  lastLoginIp: null,
  createTime: '2026-11-01T08:00:00.000Z',
  ...overrides,
});

describe('staff accounts', () => {
  it('counts one account in the singular and marks empty cells as every other list does', async () => {
    server.use(
      http.get(api('/accounts'), () => reply(fixture.page(accountSchema, [account()]))),
      http.get(api('/roles'), () => reply([])),
    );
    renderApp('/system/accounts');
    await waitFor(() => screen.getByText('Wang Fang'));
    expect(screen.getByText('1 account')).toBeTruthy();
    const row = screen.getByText('Wang Fang').closest('tr')!;
    const cells = [...row.querySelectorAll('td')].map((cell) => cell.textContent);
    // No email and no phone: the same mark as the other lists' empty cells, never a hyphen.
    expect(cells.filter((text) => text === '—')).toHaveLength(2);
    expect(cells).not.toContain('-');
  });
});
