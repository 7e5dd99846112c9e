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
  total: ReactNode;
  /** The figures' query: a skeleton while it loads, its error and a retry when it failed. */
  query: Pick<UseQueryResult, 'data' | 'error' | 'isError' | 'isFetching' | 'refetch'>;
  /** A small chart or bar under the figure. */
  children?: ReactNode;
  /** A line under a divider: today's figure, or the comparisons. */
  footer?: ReactNode;
}

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
            title={t('analysis.loadFailed')}
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
              fontSize: 30,
              lineHeight: '38px',
              height: 38,
              overflow: 'hidden',
              textOverflow: 'ellipsis',
              whiteSpace: 'nowrap',
              margin: `${token.marginXXS}px 0`,
            }}
          >
            {total}
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
