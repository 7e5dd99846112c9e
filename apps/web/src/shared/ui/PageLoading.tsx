import { Spin, type SpinProps } from 'antd';
import type { ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';

interface PageLoadingProps {
  /**
   * SPEC 2 layout 6: cover the whole page with a dark translucent layer (stacking level 1100, above modals)
   * while long work runs. Without it the spinner sits inline, e.g. as a Suspense fallback.
   */
  overlay?: boolean;
  /** Whether it shows; lets a screen keep it mounted and toggle it. */
  visible?: boolean;
  size?: SpinProps['size'];
  /** Defaults to the translated 'Loading...'. */
  tip?: ReactNode;
}

export function PageLoading({ overlay = false, visible = true, size = 'large', tip }: PageLoadingProps) {
  const { t } = useTranslation();
  if (!visible) return null;
  const description = tip ?? t('common.loading');
  if (!overlay)
    return (
      <div style={{ minHeight: 240, height: '100%', display: 'grid', placeItems: 'center' }}>
        <Spin size={size} description={description} />
      </div>
    );
  // antd's fullscreen Spin is the dark layer (token colorBgMask); portalled so no transformed ancestor
  // (an opening modal) can shrink a fixed layer to its own box.
  return createPortal(
    <Spin fullscreen size={size} description={description} style={{ zIndex: 1100 }} />,
    document.body,
  );
}
