import { Spin } from 'antd';
import type { ReactNode } from 'react';
import { createPortal } from 'react-dom';

interface LoadingOverlayProps {
  /** Whether it shows; lets a screen keep it mounted and toggle it. */
  visible: boolean;
  tip: ReactNode;
}

/**
 * docs/spec.md section 2, layout 6: covers the whole page with a dark translucent layer (stacking level 1100,
 * above modals) while long work runs. antd's fullscreen Spin is that layer (token colorBgMask); portalled so
 * no transformed ancestor (an opening modal) can shrink a fixed layer to its own box.
 */
export function LoadingOverlay({ visible, tip }: LoadingOverlayProps) {
  if (!visible) return null;
  return createPortal(
    <Spin fullscreen size="large" description={tip} style={{ zIndex: 1100 }} />,
    document.body,
  );
}
