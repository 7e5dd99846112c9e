import { theme } from 'antd';
import { type CSSProperties, type ReactNode, useId } from 'react';

interface PanelProps {
  /** The panel's heading; with it the panel is a region named by it. */
  title?: ReactNode;
  /** Buttons at the heading's right. */
  extra?: ReactNode;
  bodyStyle?: CSSProperties;
  children: ReactNode;
}

/**
 * A page's panel (a list's search form, the list itself), drawn as antd's Card with the theme's tokens but
 * without its code (grids, tabs, actions, covers, loading): every list page, the console's home among them, and
 * the login page's frame have one.
 */
export function Panel({ title, extra, bodyStyle, children }: PanelProps) {
  const { token } = theme.useToken();
  const headingId = useId();
  const divider = `${token.lineWidth}px ${token.lineType} ${token.colorBorderSecondary}`;
  return (
    <section
      aria-labelledby={title ? headingId : undefined}
      style={{
        background: token.colorBgContainer,
        border: divider,
        borderRadius: token.borderRadiusLG,
        color: token.colorText,
        minWidth: 0,
      }}
    >
      {title && (
        <div
          style={{
            display: 'flex',
            // A heading and buttons wider than a phone: the buttons go below the heading, which is never cut.
            flexWrap: 'wrap',
            alignItems: 'center',
            gap: token.paddingXS,
            minHeight: token.fontSizeLG * token.lineHeightLG + token.padding * 2,
            padding: `${token.paddingSM}px ${token.paddingLG}px`,
            borderBottom: divider,
          }}
        >
          <h2
            id={headingId}
            style={{
              flex: '1 1 auto',
              minWidth: 0,
              margin: 0,
              overflowWrap: 'anywhere',
              color: token.colorTextHeading,
              fontWeight: token.fontWeightStrong,
              fontSize: token.fontSizeLG,
              lineHeight: token.lineHeightLG,
            }}
          >
            {title}
          </h2>
          {extra}
        </div>
      )}
      <div style={{ padding: token.paddingLG, ...bodyStyle }}>{children}</div>
    </section>
  );
}
