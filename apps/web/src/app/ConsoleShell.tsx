import { QueryClientContext, QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import { theme } from 'antd';
import { type CSSProperties, lazy, type ReactNode, Suspense, useContext, useEffect } from 'react';
import BasicLayout from './layout/BasicLayout.tsx';
import './dates.ts';
import { useTranslation } from 'react-i18next';
import { addMessages } from '../shared/i18n/i18n.ts';
import type { MenuNode } from '../shared/routes/tree.ts';
import { useAuthStore } from '../shared/session/authStore.ts';
import { useServerPreferences } from '../shared/settings/useServerPreferences.ts';
import { QueryErrorState } from '../shared/ui/QueryErrorState.tsx';
import { screenStrings } from './locales/screens.ts';
import styles from './PageOutline.module.css';
import { queryClient } from './queryClient.ts';

const TwoStepRequired = lazy(() =>
  Promise.all([
    import('../features/account/components/TwoStepRequired.tsx'),
    addMessages(screenStrings.twoStep),
  ]).then(([m]) => ({ default: m.TwoStepRequired })),
);

/** The blocking two-step set-up, downloaded only for an account whose role requires it and that lacks it. */
function TwoStepGate() {
  const twoStep = useAuthStore((s) => s.user?.twoStep);
  if (!twoStep?.required || twoStep.enabled) return null;
  return (
    <Suspense fallback={null}>
      <TwoStepRequired />
    </Suspense>
  );
}

/** The app's query client, unless a caller (a test) already provides its own. */
function Queries({ children }: { children: ReactNode }) {
  const outer = useContext(QueryClientContext);
  return outer ? children : <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}

interface ConsoleShellProps {
  /** The menu of the pages the user may see. */
  menu: MenuNode[];
}

/**
 * Cached answers belong to the session that fetched them: whatever ends it (sign-out, a 401, another account's
 * token found in storage), none may show to whoever signs in next.
 */
function SessionCache() {
  const client = useQueryClient();
  useEffect(
    () =>
      useAuthStore.subscribe((state, previous) => {
        if (previous.token && state.token !== previous.token) client.clear();
      }),
    [client],
  );
  return null;
}

/**
 * What only signed-in pages need, in the console's own chunk: react-query and the basic layout. The login page
 * downloads none of it; notices and confirm dialogs come with their first use (shared/ui/notices.ts).
 */
export default function ConsoleShell({ menu }: ConsoleShellProps) {
  // Here, not in the header: switching between side and top menu remounts the header.
  useServerPreferences(useAuthStore((s) => s.user?.id));
  return (
    <Queries>
      <SessionCache />
      <BasicLayout menu={menu} />
      <TwoStepGate />
    </Queries>
  );
}

const OUTLINE_ROWS = [1, 2, 3, 4, 5, 6];

/**
 * A page's outline in the console's frame, until the user info says which pages there are: drawn as antd's
 * Skeleton is, which would otherwise be part of the console's first download for these few grey bars.
 */
export function PageOutline() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const colours = {
    '--outline-fill': token.colorFillContent,
    '--outline-shine': token.colorFill,
  } as CSSProperties;
  return (
    <div
      className={styles.outline}
      style={colours}
      data-testid="page-outline"
      role="status"
      aria-busy="true"
      aria-label={t('common.loading')}
    >
      <div className={`${styles.bar} ${styles.title}`} />
      {OUTLINE_ROWS.map((row) => (
        <div key={row} className={styles.bar} />
      ))}
    </div>
  );
}

/** In a page's place when the user info could not be loaded but the session stands (SessionGate). */
export function UserInfoFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  return <QueryErrorState error={error} title={t('layout.session.loadFailed')} onRetry={onRetry} />;
}
