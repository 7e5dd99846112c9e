import type { TableProps } from 'antd';
import { useSyncExternalStore } from 'react';
import styles from './fitTable.module.css';

/**
 * Table props for a list that fits its page: columns share the width by their content (cells wrap, headers do
 * not) instead of each taking its full width, so on a desktop nothing sits hidden under the pinned actions.
 * The table scrolls sideways only when even its narrowest layout is wider than the page. The middle density's
 * narrower cell padding is what lets a nine-column list fit a 1280 px screen beside the menu.
 */
export const FIT_TABLE = {
  size: 'middle',
  tableLayout: 'auto',
  scroll: { x: true },
  rootClassName: styles.fit,
} satisfies Partial<TableProps<unknown>>;

/**
 * The mobile table breakpoint of docs/spec.md section 9: narrower than 480 px a list shows each row as one
 * block with its actions.
 */
const PHONE_QUERY = '(max-width: 479.98px)';

const subscribe = (onChange: () => void) => {
  const query = window.matchMedia(PHONE_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
};

/** Whether lists show the phone layout (see PHONE_QUERY). */
export const usePhoneTable = (): boolean =>
  useSyncExternalStore(
    subscribe,
    () => window.matchMedia(PHONE_QUERY).matches,
    () => false,
  );
