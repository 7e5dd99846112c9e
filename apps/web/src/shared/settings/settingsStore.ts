import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@cool/shared';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';

interface SettingsState {
  language: Language;
  sidebarCollapsed: boolean;
  setLanguage: (language: Language) => void;
  setSidebarCollapsed: (collapsed: boolean) => void;
}

export const isLanguage = (value: unknown): value is Language => LANGUAGES.includes(value as Language);

/** Display settings restored from storage at startup and saved on change (SPEC 4). */
export const useSettingsStore = create<SettingsState>()(
  persist(
    (set) => ({
      language: DEFAULT_LANGUAGE,
      sidebarCollapsed: false,
      setLanguage: (language) => set({ language }),
      setSidebarCollapsed: (sidebarCollapsed) => set({ sidebarCollapsed }),
    }),
    {
      name: 'app-settings',
      version: 1,
      // A hand-edited or stale language value must not break startup.
      merge: (persisted, current) => {
        const saved = (persisted ?? {}) as Partial<SettingsState>;
        return {
          ...current,
          language: isLanguage(saved.language) ? saved.language : current.language,
          sidebarCollapsed: saved.sidebarCollapsed === true,
        };
      },
    },
  ),
);
