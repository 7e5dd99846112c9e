import { theme } from 'antd';
import type { CSSProperties, ReactNode } from 'react';
import styles from './TextLink.module.css';

interface TextLinkProps {
  onClick: () => void;
  children: ReactNode;
  /** Secondary text colour, as antd's `Typography.Link type="secondary"`. */
  secondary?: boolean;
}

/**
 * A link-looking button for actions that are not navigation, without antd Typography's code (its copy, edit
 * and ellipsis features): the login page and footer are the console's first download.
 */
export function TextLink({ onClick, children, secondary }: TextLinkProps) {
  const { token } = theme.useToken();
  const colours = {
    '--text-link': secondary ? token.colorTextDescription : token.colorLink,
    '--text-link-hover': secondary ? token.colorText : token.colorLinkHover,
  } as CSSProperties;
  return (
    <button type="button" className={styles.link} style={colours} onClick={onClick}>
      {children}
    </button>
  );
}
