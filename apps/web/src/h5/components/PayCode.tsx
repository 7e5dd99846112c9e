import { useEffect, useState } from 'react';

/**
 * The Native payment's `weixin://` URL as a QR code to scan with WeChat. The encoder (uqr, no dependencies)
 * loads only when a code is shown, so the first screen does not carry it; the image is an SVG data URL,
 * which the page's CSP allows for images.
 */
export function PayCode({ url, label }: { url: string; label: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    void import('uqr').then(({ renderSVG }) => {
      if (current)
        setSrc(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(renderSVG(url, { border: 2 }))}`);
    });
    return () => {
      current = false;
    };
  }, [url]);
  return src ? <img className="h5-pay-qr" src={src} alt={label} width={200} height={200} /> : null;
}
