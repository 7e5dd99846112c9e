import { lazy, Suspense, useRef } from 'react';

// antd's Modal downloads when a preview first opens: the tables that offer one show none when they load.
const Modal = lazy(() => import('./modal.ts'));

interface ImagePreviewModalProps {
  /** The image to show; the modal is open while it is set. */
  src: string | null | undefined;
  /** Accessible name of the dialog and alt text of the image. */
  title: string;
  onClose: () => void;
}

/** SPEC 2 layout 5: a footer-less modal showing one image by its source, 800 px wide. */
export function ImagePreviewModal({ src, title, onClose }: ImagePreviewModalProps) {
  // Mounted from the first opening on, so closing plays the modal's animation.
  const opened = useRef(false);
  if (src) opened.current = true;
  if (!opened.current) return null;
  return (
    <Suspense fallback={null}>
      <Modal open={Boolean(src)} title={title} footer={null} width={800} onCancel={onClose} destroyOnHidden>
        {src && (
          <img src={src} alt={title} style={{ display: 'block', maxWidth: '100%', margin: '0 auto' }} />
        )}
      </Modal>
    </Suspense>
  );
}
