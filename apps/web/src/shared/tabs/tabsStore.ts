import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { useAuthStore } from '../session/authStore.ts';

/** An open tab (docs/spec.md section 3: "Tab: fullPath, meta"). */
export interface Tab {
  /** The page: its pathname and the query parameters that identify it (see the route registry's `identity`). */
  key: string;
  /** The full path last shown in the tab, with its list state (filters, sort, page), when it differs from the key. */
  path?: string;
  /** Set by rename; without it the route's translated title is shown. */
  title?: string;
}

interface TabsState {
  tabs: Tab[];
  /** Per tab, how often it was refreshed; a new number re-creates its page. Not saved. */
  generations: Record<string, number>;
  /** Appends a tab unless it is already open, and records the full path it shows. */
  add: (key: string, path?: string) => void;
  remove: (keys: readonly string[]) => void;
  /**
   * Renaming an unknown tab is silently ignored (docs/spec.md section 4); an empty title restores the route
   * title.
   */
  rename: (key: string, title: string) => void;
  refresh: (key: string) => void;
  reset: () => void;
}

export const TABS_STORAGE_KEY = 'app-tabs';

const samePage = (path: string, key: string) => path.split('?')[0] === key.split('?')[0];

/** Where activating a tab goes: the full path it showed last. */
export const tabPath = (tab: Tab): string => tab.path ?? tab.key;

/** Keeps well-formed, distinct tabs only, so a hand-edited or stale entry never breaks startup. */
export function sanitizeTabs(saved: unknown): Tab[] {
  if (!Array.isArray(saved)) return [];
  const tabs: Tab[] = [];
  for (const item of saved as unknown[]) {
    if (typeof item !== 'object' || item === null) continue;
    const { key, path, title } = item as Record<string, unknown>;
    if (typeof key !== 'string' || !key.startsWith('/') || tabs.some((tab) => tab.key === key)) continue;
    tabs.push({
      key,
      ...(typeof path === 'string' && path !== key && samePage(path, key) && { path }),
      ...(typeof title === 'string' && title && { title }),
    });
  }
  return tabs;
}

/** The open tabs, restored after a reload (paths and custom titles only). */
export const useTabsStore = create<TabsState>()(
  persist(
    (set) => ({
      tabs: [],
      generations: {},
      add: (key, path = key) =>
        set((state) => {
          const open = state.tabs.find((tab) => tab.key === key);
          const { path: _last, ...tab } = open ?? { key };
          const next: Tab = path === key ? tab : { ...tab, path };
          if (open && open.path === next.path) return state;
          return { tabs: open ? state.tabs.map((t) => (t === open ? next : t)) : [...state.tabs, next] };
        }),
      remove: (keys) => set((state) => ({ tabs: state.tabs.filter((tab) => !keys.includes(tab.key)) })),
      rename: (key, title) =>
        set((state) =>
          state.tabs.some((tab) => tab.key === key)
            ? {
                tabs: state.tabs.map((tab) => {
                  if (tab.key !== key) return tab;
                  const { title: _old, ...rest } = tab;
                  return title ? { ...rest, title } : rest;
                }),
              }
            : state,
        ),
      refresh: (key) =>
        set((state) => ({ generations: { ...state.generations, [key]: (state.generations[key] ?? 0) + 1 } })),
      reset: () => set({ tabs: [], generations: {} }),
    }),
    {
      name: TABS_STORAGE_KEY,
      version: 1,
      partialize: (state) => ({ tabs: state.tabs }),
      merge: (saved, current) => ({
        ...current,
        tabs: sanitizeTabs((saved as { tabs?: unknown } | null)?.tabs),
      }),
    },
  ),
);

// Tabs belong to a session: none survive a sign-out, a token found expired (even at startup) or replaced.
if (!useAuthStore.getState().token) useTabsStore.getState().reset();
useAuthStore.subscribe((state, previous) => {
  if (previous.token && state.token !== previous.token) useTabsStore.getState().reset();
});
