import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

// biome-ignore lint/suspicious/noExplicitAny: React.lazy's own constraint
export type Preloadable<T extends ComponentType<any>> = LazyExoticComponent<T> & {
  /** Starts the download now (once); resolves when the module is there. */
  preload: () => Promise<unknown>;
};

/**
 * `React.lazy` that can start its download early (on the sign-in click). A module already downloaded is handed
 * to React synchronously, so the screen renders at once instead of showing its Suspense fallback for a frame.
 */
// biome-ignore lint/suspicious/noExplicitAny: React.lazy's own constraint
export function preloadable<T extends ComponentType<any>>(
  load: () => Promise<{ default: T }>,
): Preloadable<T> {
  let loaded: { default: T } | undefined;
  let pending: Promise<{ default: T }> | undefined;
  const preload = () => {
    pending ??= load().then(
      (module) => {
        loaded = module;
        return module;
      },
      (error: unknown) => {
        // A failed download may be tried again (the next navigation or a reload).
        pending = undefined;
        throw error;
      },
    );
    return pending;
  };
  const component = lazy(() =>
    loaded
      ? // biome-ignore lint/suspicious/noThenProperty: a thenable that resolves synchronously is the point
        ({ then: (resolve: (m: { default: T }) => void) => resolve(loaded!) } as Promise<{ default: T }>)
      : preload(),
  );
  return Object.assign(component, { preload });
}
