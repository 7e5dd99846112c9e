import { theme } from 'antd';
import type { CSSProperties, ReactNode } from 'react';

export type TagTone = 'default' | 'success' | 'processing' | 'warning' | 'error';

/** The tokens of antd's status tags (its default, filled variant): background and text. */
const TONES = {
  success: ['colorSuccessBg', 'colorSuccess'],
  processing: ['colorInfoBg', 'colorInfo'],
  warning: ['colorWarningBg', 'colorWarning'],
  error: ['colorErrorBg', 'colorError'],
} as const;

/**
 * A status or a name in a small box, drawn as antd's (filled) `Tag` with the theme's tokens: the tests list (the
 * console's home) and the category list show them in every row, and antd's Tag would add its colour parsing and
 * close icon to their first download (3 KiB gzip). Other screens use antd's `Tag`; they look the same.
 */
export function StatusTag({
  tone = 'default',
  style,
  children,
}: {
  tone?: TagTone;
  style?: CSSProperties;
  children: ReactNode;
}) {
  const { token } = theme.useToken();
  const [background, color] =
    tone === 'default'
      ? // antd's default tag: the tertiary fill laid over the container's background.
        [
          `linear-gradient(${token.colorFillTertiary}, ${token.colorFillTertiary}) ${token.colorBgContainer}`,
          token.colorText,
        ]
      : TONES[tone].map((name) => token[name]);
  return (
    <span
      style={{
        display: 'inline-block',
        paddingInline: 8 - token.lineWidth,
        fontSize: token.fontSizeSM,
        lineHeight: `${token.lineHeightSM * token.fontSizeSM}px`,
        whiteSpace: 'nowrap',
        background,
        border: `${token.lineWidth}px ${token.lineType} transparent`,
        borderRadius: token.borderRadiusSM,
        color,
        ...style,
      }}
    >
      {children}
    </span>
  );
}
