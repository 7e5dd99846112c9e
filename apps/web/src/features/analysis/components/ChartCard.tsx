import { InfoCircleOutlined } from '@ant-design/icons';
import type { UseQueryResult } from '@tanstack/react-query';
import { Skeleton, Tooltip, theme } from 'antd';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryErrorState } from '../../../shared/ui/QueryErrorState.tsx';

interface ChartCardProps {
  title: string;
  /** What the figure counts, behind the title's info icon. */
  hint: string;
  /** The figure, formatted: its length sets its size (see totalFontSize). */
  total: string;
  /** The figures' query: a skeleton while it loads, its error and a retry when it failed. */
  query: Pick<UseQueryResult, 'data' | 'error' | 'isError' | 'isFetching' | 'refetch'>;
  /** A small chart or bar under the figure. */
  children?: ReactNode;
  /** A line under a divider: today's figure, or the comparisons. */
  footer?: ReactNode;
}

/** The largest and smallest sizes of the figure; below the smallest it wraps rather than be cut. */
const TOTAL_MAX_PX = 30;
const TOTAL_MIN_PX = 16;

/**
 * About how many ems wide `text` is in antd's fonts, erring wide: digits, letters and `¥` about 0.6, separators
 * about 0.3, `%` 0.9, Chinese 1.
 */
function emsOf(text: string): number {
  let ems = 0;
  for (const char of text)
    ems += /[,.:;'\s]/.test(char) ? 0.3 : char === '%' ? 0.9 : char >= '\u2e80' ? 1 : 0.62;
  return Math.max(ems, 1);
}

/**
 * The figure's size: 30 px as the template has it where the card is wide enough, else as large as fits the
 * card's width (`cqi`, the section being a size container), so "¥1,234,567.89" stays whole in the 4 narrow
 * cards beside a 256 px menu at 1280 px instead of ending in an ellipsis.
 */
export const totalFontSize = (text: string) =>
  `clamp(${TOTAL_MIN_PX}px, ${Math.floor(1000 / emsOf(text)) / 10}cqi, ${TOTAL_MAX_PX}px)`;

/** One of the top cards (the template's ChartCard): a titled figure, a small chart and a footer line. */
export function ChartCard({ title, hint, total, query, children, footer }: ChartCardProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const id = useId();
  return (
    <section
      aria-labelledby={id}
      style={{
        background: token.colorBgContainer,
        border: `${token.lineWidth}px ${token.lineType} ${token.colorBorderSecondary}`,
        borderRadius: token.borderRadiusLG,
        padding: `${token.paddingMD}px ${token.paddingLG}px ${token.paddingXS}px`,
        height: '100%',
        minWidth: 0,
        // The figure's size follows the card's width (totalFontSize).
        containerType: 'inline-size',
      }}
    >
      <div style={{ display: 'flex', justifyContent: 'space-between', color: token.colorTextSecondary }}>
        <h2 id={id} style={{ margin: 0, fontSize: token.fontSize, fontWeight: 'normal' }}>
          {title}
        </h2>
        <Tooltip title={hint}>
          <InfoCircleOutlined aria-label={hint} />
        </Tooltip>
      </div>
      {query.isError && query.data === undefined ? (
        <div style={{ padding: `${token.paddingSM}px 0` }}>
          <QueryErrorState
            compact
            error={query.error}
            title={t('analysis.loadFailed', { part: title })}
            onRetry={() => query.refetch()}
            retrying={query.isFetching}
          />
        </div>
      ) : query.data === undefined ? (
        <Skeleton
          active
          paragraph={{ rows: 2 }}
          title={false}
          style={{ padding: `${token.paddingSM}px 0` }}
        />
      ) : (
        <>
          <div
            style={{
              color: token.colorTextHeading,
              // A browser without container units keeps this size, and wraps a figure too long for it.
              fontSize: TOTAL_MAX_PX,
              // The same line height at every size keeps the cards of a row level.
              lineHeight: '38px',
              minHeight: 38,
              margin: `${token.marginXXS}px 0`,
            }}
          >
            <span style={{ fontSize: totalFontSize(total), overflowWrap: 'anywhere' }}>{total}</span>
          </div>
          <div style={{ height: 46, position: 'relative' }}>{children}</div>
          {footer && (
            <div
              style={{
                borderTop: `${token.lineWidth}px ${token.lineType} ${token.colorBorderSecondary}`,
                marginTop: token.marginXS,
                paddingTop: token.paddingXS,
                display: 'flex',
                flexWrap: 'wrap',
                columnGap: token.marginMD,
                color: token.colorText,
                minHeight: 30,
              }}
            >
              {footer}
            </div>
          )}
        </>
      )}
    </section>
  );
}
