import { QueryClientContext, QueryClientProvider } from '@tanstack/react-query';
import { App, Skeleton } from 'antd';
import { lazy, type ReactNode, Suspense, useContext, useLayoutEffect } from 'react';
import BasicLayout from '../features/layout/BasicLayout.tsx';
import './dates.ts';
import type { MenuNode } from '../shared/routes/tree.ts';
import { useAuthStore } from '../shared/session/authStore.ts';
import { connectNotices } from '../shared/ui/notices.ts';
import { queryClient } from './queryClient.ts';

const TwoStepRequired = lazy(() =>
  import('../features/account/components/TwoStepRequired.tsx').then((m) => ({ default: m.TwoStepRequired })),
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

/** While the console is shown, the light notices (welcome, language errors) use its App's holders too. */
function ConnectNotices() {
  const { message, notification } = App.useApp();
  useLayoutEffect(() => connectNotices({ message, notification }), [message, notification]);
  return null;
}

/** The app's query client, unless a caller (a test) already provides its own. */
function Queries({ children }: { children: ReactNode }) {
  const outer = useContext(QueryClientContext);
  return outer ? children : <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}

interface ConsoleShellProps {
  /** The menu of the pages the user may see. */
  menu: MenuNode[];
  /**
   * The user info is still on its way: the frame shows, its notices stay with the holder outside the console
   * (a refused session signs out, and a notice shown here would leave with the console).
   */
  pending?: boolean;
}

/**
 * What only signed-in pages need, in the console's own chunk: antd's App (message, notification and modal
 * for every screen), react-query and the basic layout. The login page downloads none of it.
 */
export default function ConsoleShell({ menu, pending = false }: ConsoleShellProps) {
  return (
    <App>
      {!pending && <ConnectNotices />}
      <Queries>
        <BasicLayout menu={menu} />
        <TwoStepGate />
      </Queries>
    </App>
  );
}

/** A page's outline in the console's frame, until the user info says which pages there are. */
export function PageOutline() {
  return <Skeleton active title paragraph={{ rows: 6 }} />;
}
