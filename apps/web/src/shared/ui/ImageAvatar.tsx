import { theme } from 'antd';
import { type ReactNode, useState } from 'react';

interface ImageAvatarProps {
  src?: string;
  /** Shown without a picture, or when it fails to load. */
  icon: ReactNode;
  shape?: 'circle' | 'square';
  size?: 'small' | 'default';
}

/**
 * antd's Avatar for a picture or its icon, drawn with the theme's tokens but without its code, which brings
 * Popover for avatar groups: the header (every console page) and the category list show one.
 */
export function ImageAvatar({ src, icon, shape = 'circle', size = 'default' }: ImageAvatarProps) {
  const { token } = theme.useToken();
  // The failure belongs to this picture: another one (the key of the caller's row, or a new avatar) tries again.
  const [failedSrc, setFailedSrc] = useState<string>();
  const picture = src && src !== failedSrc ? src : undefined;
  const small = size === 'small';
  const side = small ? token.controlHeightSM : token.controlHeight;
  return (
    <span
      style={{
        display: 'inline-flex',
        flex: 'none',
        alignItems: 'center',
        justifyContent: 'center',
        width: side,
        height: side,
        overflow: 'hidden',
        verticalAlign: 'middle',
        borderRadius: shape === 'circle' ? '50%' : small ? token.borderRadiusSM : token.borderRadius,
        color: token.colorTextLightSolid,
        background: picture ? 'transparent' : token.colorTextPlaceholder,
        fontSize: small ? token.fontSize : Math.round((token.fontSizeLG + token.fontSizeXL) / 2),
      }}
    >
      {picture ? (
        <img
          src={picture}
          alt=""
          onError={() => setFailedSrc(picture)}
          style={{ display: 'block', width: '100%', height: '100%', objectFit: 'cover' }}
        />
      ) : (
        icon
      )}
    </span>
  );
}
