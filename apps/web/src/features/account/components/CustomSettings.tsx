import { entriesAccess, homePath, LANGUAGES, PAGE_STYLES, startPages } from '@cool/shared';
import { Form, Radio, Select, Switch, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../shared/http/errorText.ts';
import { menuKey } from '../../../shared/i18n/menu.ts';
import { routeTrailAt } from '../../../shared/routes/routes.ts';
import { useAuthStore } from '../../../shared/session/authStore.ts';
import { applyLayoutRules } from '../../../shared/settings/layoutRules.ts';
import {
  type DisplaySettings,
  THEME_COLORS,
  type ThemeColor,
  useSettingsStore,
} from '../../../shared/settings/settingsStore.ts';
import { useNotices } from '../../../shared/ui/notices.ts';
import { saveStartPage } from '../api.ts';

const SWITCHES = ['fixedHeader', 'fixSiderbar', 'colorWeak', 'multiTab'] as const;

/**
 * The settings drawer's display settings as a section of account settings. Changes apply at once; while
 * signed in they are saved to the account (useServerPreferences), so they follow the person.
 */
export function CustomSettings() {
  const { t } = useTranslation();
  const settings = useSettingsStore();
  const change = (patch: Partial<DisplaySettings>) => settings.updateSettings(applyLayoutRules(patch));
  return (
    <Form layout="vertical" style={{ maxWidth: 560 }}>
      <Typography.Paragraph type="secondary">{t('account.settings.custom.hint')}</Typography.Paragraph>
      <Form.Item label={t('account.settings.custom.pageStyle')}>
        <Radio.Group
          value={settings.pageStyle}
          onChange={(e) => change({ pageStyle: e.target.value })}
          options={PAGE_STYLES.map((style) => ({
            value: style,
            label: t(`account.settings.custom.pageStyles.${style}`),
          }))}
        />
      </Form.Item>
      <Form.Item label={t('account.settings.custom.themeColor')}>
        <Radio.Group value={settings.themeColor} onChange={(e) => change({ themeColor: e.target.value })}>
          {(Object.entries(THEME_COLORS) as [ThemeColor, string][]).map(([name, colour]) => (
            <Tooltip key={name} title={name}>
              <Radio value={name} aria-label={name}>
                <span
                  style={{
                    display: 'inline-block',
                    width: 16,
                    height: 16,
                    borderRadius: 2,
                    background: colour,
                  }}
                />
              </Radio>
            </Tooltip>
          ))}
        </Radio.Group>
      </Form.Item>
      <Form.Item label={t('account.settings.custom.layout')}>
        <Radio.Group
          value={settings.layout}
          onChange={(e) => change({ layout: e.target.value })}
          options={(['sidemenu', 'topmenu'] as const).map((layout) => ({
            value: layout,
            label: t(`account.settings.custom.layouts.${layout}`),
          }))}
        />
      </Form.Item>
      <Form.Item label={t('account.settings.custom.contentWidth')}>
        <Radio.Group
          value={settings.contentWidth}
          onChange={(e) => change({ contentWidth: e.target.value })}
          options={(['Fluid', 'Fixed'] as const).map((width) => ({
            value: width,
            label: t(`account.settings.custom.widths.${width}`),
            disabled: settings.layout === 'sidemenu' && width === 'Fixed',
          }))}
        />
      </Form.Item>
      {SWITCHES.map((key) => (
        <Form.Item key={key} label={t(`account.settings.custom.${key}`)}>
          <Switch
            checked={settings[key]}
            disabled={key === 'fixSiderbar' && settings.layout === 'topmenu'}
            onChange={(checked) => change({ [key]: checked })}
            aria-label={t(`account.settings.custom.${key}`)}
          />
        </Form.Item>
      ))}
      <StartPage />
      <Form.Item label={t('account.settings.custom.language')}>
        <Select
          value={settings.language}
          onChange={(language) => change({ language })}
          options={LANGUAGES.map((language) => ({
            value: language,
            label: t(`common.languages.${language}`),
          }))}
          style={{ width: 200 }}
        />
      </Form.Item>
    </Form>
  );
}

/** Where signing in takes this person: a page of their menu, kept with the account, or their role's own. */
function StartPage() {
  const { t } = useTranslation();
  const { message } = useNotices();
  const user = useAuthStore((s) => s.user);
  const setUser = useAuthStore((s) => s.setUser);
  const [saving, setSaving] = useState(false);
  if (!user) return null;
  const access = entriesAccess(user.role.permissions);
  // A page under a menu group is named with its group ("Dashboard / Analysis").
  const titleOf = (path: string) =>
    routeTrailAt(path)
      .map((route) => t(menuKey(route.name ?? '')))
      .join(' / ');
  const choose = async (path: string) => {
    setSaving(true);
    try {
      const saved = await saveStartPage({ startPage: path || null });
      // The user info may have been replaced meanwhile (a sign-out): only this person's is updated.
      const current = useAuthStore.getState().user;
      if (current?.id === user.id) setUser({ ...current, ...saved });
      message.success(t('account.settings.custom.startPageSaved', { page: titleOf(saved.home) }));
    } catch (error) {
      message.error(errorText(error, t));
    } finally {
      setSaving(false);
    }
  };
  return (
    <Form.Item
      label={t('account.settings.custom.startPage')}
      extra={t('account.settings.custom.startPageHint')}
      htmlFor="start-page"
    >
      <Select
        id="start-page"
        value={user.startPage ?? ''}
        loading={saving}
        disabled={saving}
        onChange={choose}
        showSearch={{ optionFilterProp: 'label' }}
        options={[
          {
            value: '',
            label: t('account.settings.custom.startPageRole', { page: titleOf(homePath(access)) }),
          },
          ...startPages(access).map((path) => ({ value: path, label: titleOf(path) })),
        ]}
        style={{ width: 320, maxWidth: '100%' }}
      />
    </Form.Item>
  );
}
