import { formatNumber, formatYuan } from '@cool/shared';
import { Col, Progress, Row, theme } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSalesOverview, useVisitsOverview } from '../api.ts';
import { Change } from './Change.tsx';
import { ChartCard } from './ChartCard.tsx';
import { Sparkline } from './charts.tsx';

/** A share as a percentage with one decimal; null when there is nothing to share. */
export const percentOf = (part: number, whole: number) =>
  whole === 0 ? null : Math.round((part / whole) * 1000) / 10;

/** A footer's figure: its label, then the value in the heading's colour. */
function Figure({ label, value }: { label: string; value: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <span>
      {label} <span style={{ color: token.colorTextHeading }}>{value}</span>
    </span>
  );
}

function TotalSalesCard() {
  const { t } = useTranslation();
  const query = useSalesOverview();
  const data = query.data;
  return (
    <ChartCard
      title={t('analysis.totalSales')}
      hint={t('analysis.totalSalesHint')}
      query={query}
      total={formatYuan(data?.totalFen, { symbol: true })}
      footer={
        <Figure label={t('analysis.dailySales')} value={formatYuan(data?.salesFen.today, { symbol: true })} />
      }
    >
      {data && (
        <div
          title={t('analysis.changeHint')}
          style={{ display: 'flex', flexWrap: 'wrap', columnGap: 16, paddingTop: 12 }}
        >
          <Change
            label={t('analysis.weekChange')}
            current={data.salesFen.week}
            previous={data.salesFen.previousWeek}
          />
          <Change
            label={t('analysis.dayChange')}
            current={data.salesFen.today}
            previous={data.salesFen.yesterday}
          />
        </div>
      )}
    </ChartCard>
  );
}

function VisitsCard() {
  const { t } = useTranslation();
  const query = useVisitsOverview();
  const data = query.data;
  return (
    <ChartCard
      title={t('analysis.visits')}
      hint={t('analysis.visitsHint')}
      query={query}
      total={formatNumber(data?.total)}
      footer={<Figure label={t('analysis.dailyVisits')} value={formatNumber(data?.visits.today)} />}
    >
      {data && <Sparkline kind="area" data={data.trend} name={t('analysis.visits')} />}
    </ChartCard>
  );
}

function PaymentsCard() {
  const { t } = useTranslation();
  const query = useSalesOverview();
  const data = query.data;
  return (
    <ChartCard
      title={t('analysis.payments')}
      hint={t('analysis.paymentsHint')}
      query={query}
      total={formatNumber(data?.payments)}
      footer={<Figure label={t('analysis.paymentsToday')} value={formatNumber(data?.paymentsToday)} />}
    >
      {data && <Sparkline kind="bar" data={data.paymentTrend} name={t('analysis.payments')} />}
    </ChartCard>
  );
}

/** The template's operational effect: the conversion of locked reports of paid tests into payments. */
function ConversionCard() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const query = useSalesOverview();
  const conversion = query.data?.conversion;
  const rate = conversion ? percentOf(conversion.paid, conversion.submitted) : null;
  const rateOf = (span: { paid: number; submitted: number }) => {
    const value = percentOf(span.paid, span.submitted);
    return value === null ? '—' : `${value}%`;
  };
  return (
    <ChartCard
      title={t('analysis.operationalEffect')}
      hint={t('analysis.conversionHint')}
      query={query}
      total={rate === null ? '—' : `${rate}%`}
      footer={
        conversion && (
          <>
            <Figure label={t('analysis.lastWeek')} value={rateOf(conversion.week)} />
            <Figure label={t('analysis.previousWeek')} value={rateOf(conversion.previousWeek)} />
          </>
        )
      }
    >
      {conversion && (
        <div style={{ paddingTop: 4 }}>
          <div
            style={{
              color: token.colorTextSecondary,
              whiteSpace: 'nowrap',
              overflow: 'hidden',
              textOverflow: 'ellipsis',
            }}
          >
            {t('analysis.conversionCounts', {
              paid: formatNumber(conversion.paid),
              submitted: formatNumber(conversion.submitted),
            })}
          </div>
          <Progress
            percent={rate ?? 0}
            showInfo={false}
            strokeColor={token.colorPrimary}
            aria-label={t('analysis.conversionRate')}
          />
        </div>
      )}
    </ChartCard>
  );
}

const COLUMN = { xs: 24, sm: 12, xl: 6 } as const;

/** The top row, as the template orders it: each card the role may see. */
export function OverviewCards({ sales, visits }: { sales: boolean; visits: boolean }) {
  const cards = [
    sales && <TotalSalesCard key="sales" />,
    visits && <VisitsCard key="visits" />,
    sales && <PaymentsCard key="payments" />,
    sales && <ConversionCard key="conversion" />,
  ].filter(Boolean);
  return (
    <Row gutter={[16, 16]}>
      {cards.map((card) => (
        <Col key={(card as { key: string }).key} {...COLUMN}>
          {card}
        </Col>
      ))}
    </Row>
  );
}
