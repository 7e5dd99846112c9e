import { LANGUAGES, PAGE_STYLES } from '@cool/shared';
import { Form, Radio, Select, Switch, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { applyLayoutRules } from '../../../shared/settings/layoutRules.ts';
import {
  type DisplaySettings,
  THEME_COLORS,
  type ThemeColor,
  useSettingsStore,
} from '../../../shared/settings/settingsStore.ts';

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
