import { Empty, Flex, Spin, theme } from 'antd';
import { type CSSProperties, type Key, type ReactNode, useId } from 'react';
import styles from './ItemList.module.css';

export interface ItemListRow {
  key: Key;
  /** Before the title and description: an icon or avatar. */
  avatar?: ReactNode;
  title?: ReactNode;
  /** Under the title, in the secondary text colour. */
  description?: ReactNode;
  /** Under the title and description; a row without them is only this. */
  content?: ReactNode;
  /** At the row's end: a button, a link or a switch. */
  actions?: ReactNode;
}

interface ItemListProps {
  rows: readonly ItemListRow[];
  /** The list's name for assistive technology, when it has no header. */
  label?: string;
  /** Above the rows, with a separator under it; it names the list. */
  header?: ReactNode;
  /** `vertical`: a larger title with the content under it and the actions at the top (antd List's layouts). */
  layout?: 'horizontal' | 'vertical';
  /** `small`: denser rows, set in from the sides. */
  size?: 'default' | 'small';
  /** Spins over the rows (or the place of the first ones). */
  loading?: boolean;
  /** Shown instead of the list when there are no rows (and it is not loading): antd's "no data" by default. */
  empty?: ReactNode;
}

const BARE_LIST: CSSProperties = { margin: 0, padding: 0, listStyle: 'none' };

/**
 * Rows of an avatar, a title, a description and actions at the end, split by lines: what antd's `List` drew (it
 * is deprecated in antd 6.6; its successor `Listy` is a virtual scroller without rows' parts or an empty state),
 * as a `ul` of `li` in the theme's tokens. Long words wrap rather than widen the page on a phone.
 */
export function ItemList({
  rows,
  label,
  header,
  layout = 'horizontal',
  size = 'default',
  loading,
  empty,
}: ItemListProps) {
  const { token } = theme.useToken();
  const headerId = useId();
  const vertical = layout === 'vertical';
  const separator = `${token.lineWidth}px ${token.lineType} ${token.colorSplit}`;
  const padding =
    size === 'small'
      ? `${token.paddingContentVerticalSM}px ${token.paddingContentHorizontal}px`
      : `${token.paddingContentVertical}px 0`;
  const linkColours = {
    '--item-list-title': token.colorText,
    '--item-list-title-hover': token.colorPrimary,
  } as CSSProperties;

  let body: ReactNode;
  if (rows.length > 0)
    body = (
      <Flex
        component="ul"
        vertical
        aria-label={header ? undefined : label}
        aria-labelledby={header ? headerId : undefined}
        style={BARE_LIST}
      >
        {rows.map((row, index) => {
          const meta = row.avatar !== undefined || row.title !== undefined || row.description !== undefined;
          return (
            <Flex
              component="li"
              key={row.key}
              align={vertical ? 'flex-start' : 'center'}
              justify="space-between"
              gap={vertical ? token.marginLG : `clamp(${token.marginSM}px, 4vw, ${token.marginXXL}px)`}
              style={{
                padding,
                color: token.colorText,
                borderBlockEnd: index < rows.length - 1 ? separator : undefined,
              }}
            >
              <div style={{ flex: '1 1 0', minWidth: 0, overflowWrap: 'anywhere' }}>
                {meta && (
                  <Flex
                    gap={token.padding}
                    align="flex-start"
                    style={{ marginBlockEnd: vertical ? token.padding : undefined }}
                  >
                    {row.avatar !== undefined && <div style={{ flex: 'none' }}>{row.avatar}</div>}
                    <div style={{ flex: '1 1 0', minWidth: 0 }}>
                      {row.title !== undefined && (
                        <div
                          className={styles.title}
                          style={{
                            ...linkColours,
                            marginBlockEnd: vertical ? token.paddingSM : token.marginXXS,
                            fontWeight: token.fontWeightStrong,
                            fontSize: vertical ? token.fontSizeLG : token.fontSize,
                            lineHeight: vertical ? token.lineHeightLG : token.lineHeight,
                          }}
                        >
                          {row.title}
                        </div>
                      )}
                      {row.description !== undefined && (
                        <div style={{ color: token.colorTextDescription, lineHeight: token.lineHeight }}>
                          {row.description}
                        </div>
                      )}
                    </div>
                  </Flex>
                )}
                {row.content}
              </div>
              {row.actions !== undefined && (
                <Flex gap={token.paddingXS} align="center" style={{ flex: 'none' }}>
                  {row.actions}
                </Flex>
              )}
            </Flex>
          );
        })}
      </Flex>
    );
  else if (loading)
    body = <div style={{ minHeight: token.controlHeightLG + token.paddingContentVertical }} />;
  else
    body = (
      <div style={{ padding: token.padding, color: token.colorTextDescription, textAlign: 'center' }}>
        {empty ?? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />}
      </div>
    );

  return (
    <div aria-busy={loading || undefined}>
      {header && (
        <div id={headerId} style={{ paddingBlock: token.paddingSM, borderBlockEnd: separator }}>
          {header}
        </div>
      )}
      {loading === undefined ? body : <Spin spinning={loading}>{body}</Spin>}
    </div>
  );
}
