import { lazy } from 'react';

/**
 * antd's Modal, downloaded when the first one opens: pages that hold dialogs (useDialog, ImagePreviewModal) show
 * none when they open. Render it inside a Suspense boundary.
 */
export const LazyModal = lazy(() => import('./modal.ts'));
