import { CheckOutlined, CopyOutlined, UndoOutlined } from '@ant-design/icons';
import {
  Alert,
  Button,
  ConfigProvider,
  Divider,
  Drawer,
  Flex,
  Layout,
  Radio,
  Spin,
  Switch,
  Tooltip,
  Typography,
  theme,
} from 'antd';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../shared/permissions/usePermission.ts';
import { PromotionForm } from '../../shared/promotion/PromotionForm.tsx';
import { usePromotion } from '../../shared/promotion/promotionApi.ts';
import { applyLayoutRules } from '../../shared/settings/layoutRules.ts';
import {
  type DisplaySettings,
  PAGE_STYLES,
  type PageStyle,
  sanitizeSettings,
  THEME_COLORS,
  type ThemeColor,
  useSettingsStore,
} from '../../shared/settings/settingsStore.ts';
import { useNotices } from '../../shared/ui/notices.ts';
import styles from './SettingsDrawer.module.css';

const DRAWER_WIDTH = 320;

interface Choice<T extends string> {
  value: T;
  title: string;
  face: (checked: boolean) => ReactNode;
}

/** A row of pictured choices (Ant Design Pro's block checker): native radios named by their titles. */
function ChoiceGroup<T extends string>(props: {
  label: string;
  value: T;
  choices: Choice<T>[];
  onChange: (value: T) => void;
}) {
  const { token } = theme.useToken();
  const name = useId();
  return (
    <Flex role="radiogroup" aria-label={props.label} gap={token.marginSM} wrap>
      {props.choices.map((choice) => {
        const checked = choice.value === props.value;
        return (
          <Tooltip key={choice.value} title={choice.title}>
            <label className={styles.choice}>
              <input
                type="radio"
                name={name}
                value={choice.value}
                checked={checked}
                aria-label={choice.title}
                onChange={() => props.onChange(choice.value)}
              />
              {choice.face(checked)}
            </label>
          </Tooltip>
        );
      })}
    </Flex>
  );
}

interface PreviewProps {
  navigation: 'side' | 'top';
  navTheme: 'light' | 'dark';
  checked: boolean;
}

/**
 * A miniature shell drawn with antd's own Layout, so each preview shows that style's real colours
 * whatever style the page currently has.
 */
function ShellPreview({ dark = false, ...props }: PreviewProps & { dark?: boolean }) {
  return (
    <ConfigProvider theme={{ algorithm: dark ? theme.darkAlgorithm : theme.defaultAlgorithm }}>
      <PreviewLayout {...props} />
    </ConfigProvider>
  );
}

function PreviewLayout({ navigation, navTheme, checked }: PreviewProps) {
  const { token } = theme.useToken();
  const bar = { height: 10, padding: 0, lineHeight: 'normal' as const };
  return (
    <Layout
      hasSider={navigation === 'side'}
      style={{
        position: 'relative',
        width: 48,
        height: 40,
        borderRadius: token.borderRadiusSM,
        overflow: 'hidden',
        boxShadow: token.boxShadowTertiary,
      }}
    >
      {navigation === 'side' && <Layout.Sider width={14} theme={navTheme} />}
      <Layout>
        {/* Only the top menu's header takes the navigation colour; the side layout's header is light. */}
        <Layout.Header
          style={
            navigation === 'top' && navTheme === 'dark' ? bar : { ...bar, background: token.colorBgContainer }
          }
        />
      </Layout>
      {checked && (
        <CheckOutlined style={{ position: 'absolute', right: 6, bottom: 6, color: token.colorPrimary }} />
      )}
    </Layout>
  );
}

function Swatch({ color, checked }: { color: string; checked: boolean }) {
  const { token } = theme.useToken();
  return (
    <span
      style={{
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'center',
        width: 20,
        height: 20,
        borderRadius: token.borderRadiusXS,
        background: color,
        color: token.colorTextLightSolid,
      }}
    >
      {checked && <CheckOutlined />}
    </span>
  );
}

function SettingRow({ label, hint, children }: { label: string; hint?: string; children: ReactNode }) {
  return (
    <Flex justify="space-between" align="center" gap={12} style={{ paddingBlock: 8 }}>
      <Typography.Text>{label}</Typography.Text>
      {/* The span lets the tooltip explain a disabled switch, which gets no pointer events itself. */}
      <Tooltip title={hint}>
        <span>{children}</span>
      </Tooltip>
    </Flex>
  );
}

/** Only staff who may edit service settings see the promotion link's editor. */
function PromotionSection() {
  const { t } = useTranslation();
  const canEdit = usePermission()('settings', 'edit');
  const { data } = usePromotion();
  if (!canEdit) return null;
  return (
    <section aria-label={t('layout.promotion.section')}>
      <Divider />
      <Typography.Title level={5}>{t('layout.promotion.section')}</Typography.Title>
      {data ? <PromotionForm promotion={data} /> : <Spin />}
    </section>
  );
}

function DevTools({ settings }: { settings: DisplaySettings }) {
  const { t } = useTranslation();
  const { message } = useNotices();
  const copy = () =>
    navigator.clipboard
      .writeText(JSON.stringify(sanitizeSettings(settings), null, 2))
      .then(() => message.success(t('layout.settings.copied')))
      .catch(() => message.error(t('layout.settings.copyFailed')));
  return (
    <Button block icon={<CopyOutlined />} onClick={copy}>
      {t('layout.settings.copy')}
    </Button>
  );
}

interface SettingsDrawerProps {
  open: boolean;
  onClose: () => void;
}

/** Layout and theme settings (docs/spec.md section 3): every change applies at once; the store saves it. */
export function SettingsDrawer({ open, onClose }: SettingsDrawerProps) {
  const { t } = useTranslation();
  const { message } = useNotices();
  const settings = useSettingsStore();
  const { updateSettings, resetSettings } = settings;

  const change = (patch: Partial<DisplaySettings>) => {
    // As in the template, development builds announce a theme switch.
    if (import.meta.env.DEV && (patch.pageStyle || patch.themeColor)) {
      message.loading(t('layout.settings.loadingTheme'), 0.5);
    }
    updateSettings(applyLayoutRules(patch));
  };

  const styleFaces: Record<PageStyle, (checked: boolean) => ReactNode> = {
    light: (checked) => <ShellPreview navigation="side" navTheme="light" checked={checked} />,
    dark: (checked) => <ShellPreview navigation="side" navTheme="dark" checked={checked} />,
    realdark: (checked) => <ShellPreview navigation="side" navTheme="light" checked={checked} dark />,
  };
  const toggle = (
    key: 'fixedHeader' | 'autoHideHeader' | 'fixSiderbar' | 'colorWeak' | 'multiTab' | 'hideHintAlert',
    extra?: { hint?: string; disabled?: boolean },
  ) => (
    <SettingRow label={t(`layout.settings.${key}`)} hint={extra?.disabled ? extra.hint : undefined}>
      <Switch
        size="small"
        aria-label={t(`layout.settings.${key}`)}
        checked={settings[key]}
        disabled={extra?.disabled}
        onChange={(checked) => change({ [key]: checked })}
      />
    </SettingRow>
  );

  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={t('layout.settings.title')}
      size={DRAWER_WIDTH}
      destroyOnHidden
      footer={
        <Flex vertical gap={8}>
          <Button
            block
            icon={<UndoOutlined />}
            onClick={() => {
              resetSettings();
              message.success(t('layout.settings.resetDone'));
            }}
          >
            {t('layout.settings.reset')}
          </Button>
          {import.meta.env.DEV && <DevTools settings={settings} />}
        </Flex>
      }
    >
      {!settings.hideHintAlert && (
        <Alert
          type="info"
          showIcon
          title={t('layout.settings.hint')}
          // On the close itself: antd calls afterClose at the end of the animation, never without motion.
          closable={{ onClose: () => updateSettings({ hideHintAlert: true }) }}
          style={{ marginBottom: 24 }}
        />
      )}

      <Typography.Title level={5}>{t('layout.settings.pageStyle')}</Typography.Title>
      <ChoiceGroup
        label={t('layout.settings.pageStyle')}
        value={settings.pageStyle}
        choices={PAGE_STYLES.map((style) => ({
          value: style,
          title: t(`layout.settings.style.${style}`),
          face: styleFaces[style],
        }))}
        onChange={(pageStyle) => change({ pageStyle })}
      />

      <Typography.Title level={5} style={{ marginTop: 24 }}>
        {t('layout.settings.themeColor')}
      </Typography.Title>
      <ChoiceGroup
        label={t('layout.settings.themeColor')}
        value={settings.themeColor}
        choices={(Object.keys(THEME_COLORS) as ThemeColor[]).map((color) => ({
          value: color,
          title: t(`layout.settings.color.${color}`),
          face: (checked) => <Swatch color={THEME_COLORS[color]} checked={checked} />,
        }))}
        onChange={(themeColor) => change({ themeColor })}
      />

      <Divider />
      <Typography.Title level={5}>{t('layout.settings.navigationMode')}</Typography.Title>
      <ChoiceGroup
        label={t('layout.settings.navigationMode')}
        value={settings.layout}
        choices={[
          {
            value: 'sidemenu',
            title: t('layout.settings.layout.sidemenu'),
            face: (checked) => <ShellPreview navigation="side" navTheme="dark" checked={checked} />,
          },
          {
            value: 'topmenu',
            title: t('layout.settings.layout.topmenu'),
            face: (checked) => <ShellPreview navigation="top" navTheme="dark" checked={checked} />,
          },
        ]}
        onChange={(layout) => change({ layout })}
      />
      <div style={{ marginTop: 12 }}>
        <SettingRow label={t('layout.settings.contentWidth')}>
          <Radio.Group
            size="small"
            optionType="button"
            buttonStyle="solid"
            aria-label={t('layout.settings.contentWidth')}
            value={settings.contentWidth}
            onChange={(event) => change({ contentWidth: event.target.value })}
            options={(['Fluid', 'Fixed'] as const).map((width) => ({
              value: width,
              label: t(`layout.settings.width.${width}`),
            }))}
          />
        </SettingRow>
        {toggle('fixedHeader')}
        {toggle('autoHideHeader', {
          disabled: !settings.fixedHeader,
          hint: t('layout.settings.autoHideHeaderHint'),
        })}
        {toggle('fixSiderbar', {
          disabled: settings.layout === 'topmenu',
          hint: t('layout.settings.fixSiderbarHint'),
        })}
      </div>

      <Divider />
      <Typography.Title level={5}>{t('layout.settings.otherSettings')}</Typography.Title>
      {toggle('colorWeak')}
      {toggle('multiTab')}
      {toggle('hideHintAlert')}

      <PromotionSection />
    </Drawer>
  );
}
