import { BUILT_IN_ROLES } from '@cool/shared';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import en from '../i18n/strings/en-US.json';
import zh from '../i18n/strings/zh-CN.json';
import { roleDescription, roleName, staffName } from './builtInNames.ts';

const tIn = async (language: 'en-US' | 'zh-CN') => {
  const instance = i18next.createInstance();
  await instance.init({
    lng: language,
    resources: { [language]: { translation: language === 'zh-CN' ? zh : en } },
  });
  return instance.t;
};

describe('names the server seeds in English', () => {
  it('show built-in roles and the seeded admin in Chinese', async () => {
    const t = await tIn('zh-CN');
    const admin = BUILT_IN_ROLES.find((role) => role.id === 'admin')!;
    expect(roleName(t, admin)).toBe('管理员');
    expect(roleDescription(t, admin)).toBe('拥有控制台所有部分的全部权限');
    expect(roleName(t, { id: 'finance', name: 'Finance' })).toBe('财务');
    expect(staffName(t, { username: 'admin', name: 'Administrator' })).toBe('管理员');
  });

  it('keep what staff wrote once they renamed them, and custom roles as they are', async () => {
    const t = await tIn('zh-CN');
    expect(roleName(t, { id: 'admin', name: '超级管理员' })).toBe('超级管理员');
    expect(roleDescription(t, { id: 'admin', describe: '全部' })).toBe('全部');
    expect(roleName(t, { id: 'reviewers', name: 'Finance' })).toBe('Finance');
    expect(staffName(t, { username: 'admin', name: '王伟' })).toBe('王伟');
    expect(staffName(t, { username: 'li', name: 'Administrator' })).toBe('Administrator');
  });

  it('read in English as the server seeds them', async () => {
    const t = await tIn('en-US');
    for (const role of BUILT_IN_ROLES) {
      expect(roleName(t, role)).toBe(role.name);
      expect(roleDescription(t, role)).toBe(role.describe);
    }
  });
});
