import { theme } from 'antd';
import { type CSSProperties, Fragment, type ReactNode } from 'react';
import styles from './Breadcrumb.module.css';

export interface Crumb {
  key: string;
  title: ReactNode;
}

/**
 * A trail of links ending with the current page, drawn as antd's Breadcrumb with the theme's tokens: every page
 * has one, and antd's would add its dropdown menus and item rendering to the console's first download.
 */
export function Breadcrumb({ items, label }: { items: Crumb[]; label: string }) {
  const { token } = theme.useToken();
  const colours = {
    '--trail-muted': token.colorTextDescription,
    '--trail-current': token.colorText,
    '--trail-hover-bg': token.colorBgTextHover,
    '--trail-gap': `${token.marginXS}px`,
    '--trail-font-size': `${token.fontSize}px`,
    '--trail-line-height': token.lineHeight,
  } as CSSProperties;
  return (
    // Left off a printed page (refunds/components/outcome.module.css), as the console around it is.
    <nav aria-label={label} data-print-hide>
      <ol className={styles.trail} style={colours}>
        {items.map((item, index) => (
          <Fragment key={item.key}>
            {index > 0 && (
              <li className={styles.separator} aria-hidden>
                /
              </li>
            )}
            <li aria-current={index === items.length - 1 ? 'page' : undefined}>{item.title}</li>
          </Fragment>
        ))}
      </ol>
    </nav>
  );
}
