import { Suspense, useState } from 'react';
import { LazyModal } from './LazyModal.ts';

interface ImagePreviewModalProps {
  /** The image to show; the modal is open while it is set. */
  src: string | null | undefined;
  /** Accessible name of the dialog and alt text of the image. */
  title: string;
  onClose: () => void;
}

/** docs/spec.md section 2, layout 5: a footer-less modal showing one image by its source, 800 px wide. */
export function ImagePreviewModal({ src, title, onClose }: ImagePreviewModalProps) {
  // Nothing (no Modal code) until the first opening; mounted from then on, so closing plays the animation.
  const [opened, setOpened] = useState(false);
  if (src && !opened) setOpened(true);
  if (!src && !opened) return null;
  return (
    <Suspense fallback={null}>
      <LazyModal
        open={Boolean(src)}
        title={title}
        footer={null}
        width={800}
        onCancel={onClose}
        destroyOnHidden
      >
        {src && (
          <img src={src} alt={title} style={{ display: 'block', maxWidth: '100%', margin: '0 auto' }} />
        )}
      </LazyModal>
    </Suspense>
  );
}
