import type { AlertProps } from 'antd';
import { lazy, Suspense } from 'react';

const Alert = lazy(() => import('antd/es/alert'));

/**
 * antd's Alert, downloaded the first time one shows: the login page shows one only after a failed sign-in or on
 * its mobile tab, and it is the console's first download.
 */
export function LazyAlert(props: AlertProps) {
  return (
    <Suspense fallback={null}>
      <Alert {...props} />
    </Suspense>
  );
}
