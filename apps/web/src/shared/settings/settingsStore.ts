import {
  browserLanguage,
  DEFAULT_LANGUAGE,
  type DisplayPreferences,
  LANGUAGES,
  type Language,
  PAGE_STYLES,
  type THEME_COLOR_NAMES,
} from '@cool/shared';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';

export { PAGE_STYLES };
export type PageStyle = (typeof PAGE_STYLES)[number];

/** The theme colours of docs/spec.md section 9, by their Ant Design names. */
export const THEME_COLORS = {
  daybreak: '#1890ff',
  dust: '#f5222d',
  volcano: '#fa541c',
  sunset: '#faad14',
  cyan: '#13c2c2',
  green: '#52c41a',
  geekblue: '#2f54eb',
  purple: '#722ed1',
} as const satisfies Record<(typeof THEME_COLOR_NAMES)[number], string>;
export type ThemeColor = keyof typeof THEME_COLORS;

export type NavigationMode = 'sidemenu' | 'topmenu';
export type ContentWidth = 'Fluid' | 'Fixed';

/** Every layout and theme setting of docs/spec.md section 3: the contract the server keeps too. */
export type DisplaySettings = DisplayPreferences;

/**
 * Defaults (docs/spec.md section 9): side menu, dark navigation, fluid width, #1890ff, nothing fixed,
 * multi-tab on.
 */
export const DEFAULT_SETTINGS: DisplaySettings = {
  // A first visit speaks the browser's language (zh-* -> Chinese), else English.
  language: browserLanguage(navigator.languages ?? [navigator.language ?? DEFAULT_LANGUAGE]),
  pageStyle: 'dark',
  themeColor: 'daybreak',
  layout: 'sidemenu',
  contentWidth: 'Fluid',
  fixedHeader: false,
  autoHideHeader: false,
  fixSiderbar: false,
  colorWeak: false,
  multiTab: true,
  hideHintAlert: false,
  sidebarCollapsed: false,
};

interface SettingsState extends DisplaySettings {
  setLanguage: (language: Language) => void;
  setSidebarCollapsed: (collapsed: boolean) => void;
  /** Applies a change as given; the layout rules live with the settings drawer that calls this. */
  updateSettings: (patch: Partial<DisplaySettings>) => void;
  resetSettings: () => void;
}

export const isLanguage = (value: unknown): value is Language => LANGUAGES.includes(value as Language);

const VALIDATORS: { [K in keyof DisplaySettings]: (value: unknown) => boolean } = {
  language: isLanguage,
  pageStyle: (v) => PAGE_STYLES.includes(v as PageStyle),
  themeColor: (v) => typeof v === 'string' && Object.hasOwn(THEME_COLORS, v),
  layout: (v) => v === 'sidemenu' || v === 'topmenu',
  contentWidth: (v) => v === 'Fluid' || v === 'Fixed',
  fixedHeader: (v) => typeof v === 'boolean',
  autoHideHeader: (v) => typeof v === 'boolean',
  fixSiderbar: (v) => typeof v === 'boolean',
  colorWeak: (v) => typeof v === 'boolean',
  multiTab: (v) => typeof v === 'boolean',
  hideHintAlert: (v) => typeof v === 'boolean',
  sidebarCollapsed: (v) => typeof v === 'boolean',
};

/** Keeps each saved value only when it is valid, so a hand-edited or stale entry never breaks startup. */
export function sanitizeSettings(saved: unknown): DisplaySettings {
  const source = (saved ?? {}) as Record<string, unknown>;
  const result = { ...DEFAULT_SETTINGS } as Record<string, unknown>;
  for (const [key, valid] of Object.entries(VALIDATORS)) {
    if (valid(source[key])) result[key] = source[key];
  }
  return result as unknown as DisplaySettings;
}

/** A language chosen before signing in (the sign-in page's menu), which becomes the account's when it signs in. */
const CHOSEN_SIGNED_OUT_KEY = 'app-language-chosen';

/** Notes that the language was just chosen by someone not signed in. */
export const noteSignedOutLanguage = () => localStorage.setItem(CHOSEN_SIGNED_OUT_KEY, '1');

/** The language chosen before signing in, once: null when none was (or it was already taken). */
export function takeSignedOutLanguage(): Language | null {
  if (localStorage.getItem(CHOSEN_SIGNED_OUT_KEY) === null) return null;
  localStorage.removeItem(CHOSEN_SIGNED_OUT_KEY);
  return useSettingsStore.getState().language;
}

/** Display settings restored from storage at startup and saved on every change (docs/spec.md section 4). */
export const useSettingsStore = create<SettingsState>()(
  persist(
    (set, get) => ({
      ...DEFAULT_SETTINGS,
      setLanguage: (language) => set({ language }),
      setSidebarCollapsed: (sidebarCollapsed) => set({ sidebarCollapsed }),
      updateSettings: (patch) => set(sanitizeSettings({ ...get(), ...patch })),
      resetSettings: () => set((state) => ({ ...DEFAULT_SETTINGS, language: state.language })),
    }),
    {
      name: 'app-settings',
      version: 1,
      partialize: (state) => sanitizeSettings(state),
      merge: (persisted, current) => ({ ...current, ...sanitizeSettings(persisted) }),
    },
  ),
);
