import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { PageLoading } from '../../shared/ui/PageLoading.tsx';

/** The page area under the header: the multi-tab bar and the routed pages. */
export function ContentArea({ isMobile }: { isMobile: boolean }) {
  return (
    <div style={{ margin: isMobile ? 12 : 24, minWidth: 0 }}>
      <Suspense fallback={<PageLoading />}>
        <Outlet />
      </Suspense>
    </div>
  );
}
