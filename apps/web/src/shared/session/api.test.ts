import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../http/client.ts';
import { fetchUserInfo, ROLES_ERROR } from './api.ts';

const baseInfo = {
  id: 1,
  username: 'admin',
  name: 'Admin',
  avatar: '',
  email: null,
  phone: null,
  lastLoginTime: null,
  lastLoginIp: null,
};

describe('fetchUserInfo', () => {
  afterEach(() => vi.restoreAllMocks());

  it('rejects with the error of docs/spec.md section 4 when the role has no permissions', async () => {
    vi.spyOn(api, 'get').mockResolvedValue({
      ...baseInfo,
      role: { id: 'r', name: 'r', describe: '', permissions: [] },
    });
    await expect(fetchUserInfo()).rejects.toThrow(ROLES_ERROR);
  });

  it('rejects when there is no role', async () => {
    vi.spyOn(api, 'get').mockResolvedValue({ ...baseInfo, role: null });
    await expect(fetchUserInfo()).rejects.toThrow(ROLES_ERROR);
  });

  it('resolves with the info when the role has permissions', async () => {
    const role = {
      id: 'viewer',
      name: 'Viewer',
      describe: '',
      permissions: [
        { permissionId: 'dashboard', permissionName: 'D', actionEntitySet: [], actionList: ['query'] },
      ],
    };
    vi.spyOn(api, 'get').mockResolvedValue({ ...baseInfo, role });
    await expect(fetchUserInfo()).resolves.toMatchObject({ username: 'admin', role: { id: 'viewer' } });
  });
});
