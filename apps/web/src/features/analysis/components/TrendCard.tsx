import { formatNumber, formatYuan } from '@cool/shared';
import { Col, Row, Tabs, theme } from 'antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useSales, useVisits } from '../api.ts';
import { bucketLabel, type Period } from '../period.ts';
import { useChartColours } from './charts.tsx';
import { Ranking } from './Ranking.tsx';
import { SectionContent } from './SectionContent.tsx';

interface TrendChartProps {
  title: string;
  total: string;
  data: { label: string; value: number }[];
  name: string;
  format: (value: number) => string;
}

/** The period's bars, one per bucket, with the period's total above. */
function TrendChart({ title, total, data, name, format }: TrendChartProps) {
  const colours = useChartColours();
  const { token } = theme.useToken();
  const id = useId();
  return (
    <section aria-labelledby={id} style={{ minWidth: 0 }}>
      <div
        style={{
          display: 'flex',
          flexWrap: 'wrap',
          justifyContent: 'space-between',
          gap: 8,
          marginBottom: token.marginMD,
        }}
      >
        <h3 id={id} style={{ margin: 0, fontSize: token.fontSize, fontWeight: token.fontWeightStrong }}>
          {title}
        </h3>
        <span style={{ color: token.colorTextSecondary }}>{total}</span>
      </div>
      <ResponsiveContainer width="100%" height={280}>
        <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
          <CartesianGrid vertical={false} stroke={colours.grid} strokeDasharray="3 3" />
          <XAxis
            dataKey="label"
            tick={{ fill: colours.text, fontSize: 12 }}
            stroke={colours.grid}
            minTickGap={8}
          />
          <YAxis
            tick={{ fill: colours.text, fontSize: 12 }}
            stroke={colours.grid}
            width={56}
            allowDecimals={false}
            tickFormatter={(value: number) => format(value)}
          />
          <Tooltip {...colours.tooltip} formatter={(value) => [format(Number(value)), name]} />
          <Bar isAnimationActive={false} dataKey="value" fill={colours.primary} maxBarSize={40} />
        </BarChart>
      </ResponsiveContainer>
    </section>
  );
}

const yuan = (fen: number) => formatYuan(fen, { symbol: true });
/** The axis in whole yuan: the cents would crowd it. */
const axisYuan = (fen: number) => `¥${formatNumber(Math.round(fen / 100))}`;

interface TrendAndRankingProps {
  chart: Parameters<typeof TrendChart>[0];
  ranking: Parameters<typeof Ranking>[0];
}

/** A tab's layout: the trend chart, and the period's ranking beside it (below it on a phone). */
function TrendAndRanking({ chart, ranking }: TrendAndRankingProps) {
  return (
    <Row gutter={[32, 24]}>
      <Col xs={24} lg={16}>
        <TrendChart {...chart} />
      </Col>
      <Col xs={24} lg={8}>
        <Ranking {...ranking} />
      </Col>
    </Row>
  );
}

function SalesTab({ period }: { period: Period }) {
  const { t } = useTranslation();
  const query = useSales({ from: period.from, to: period.to, unit: period.unit });
  const data = query.data;
  return (
    <SectionContent query={query} part={t('analysis.sales')}>
      <TrendAndRanking
        chart={{
          title: t('analysis.salesTrend'),
          total: t('analysis.periodTotal', { total: yuan(data?.totalFen ?? 0) }),
          name: t('analysis.amount'),
          format: axisYuan,
          data: (data?.buckets ?? []).map((b) => ({
            label: bucketLabel(b.bucket, period.unit),
            value: b.amountFen,
          })),
        }}
        ranking={{
          title: t('analysis.salesRanking'),
          empty: t('analysis.empty'),
          rows: (data?.ranking ?? []).map((r) => ({ ...r, value: yuan(r.amountFen) })),
        }}
      />
    </SectionContent>
  );
}

function VisitsTab({ period }: { period: Period }) {
  const { t } = useTranslation();
  const query = useVisits({ from: period.from, to: period.to, unit: period.unit });
  const data = query.data;
  return (
    <SectionContent query={query} part={t('analysis.visits')}>
      <TrendAndRanking
        chart={{
          title: t('analysis.visitsTrend'),
          total: t('analysis.periodTotal', { total: formatNumber(data?.records ?? 0) }),
          name: t('analysis.records'),
          format: formatNumber,
          data: (data?.buckets ?? []).map((b) => ({
            label: bucketLabel(b.bucket, period.unit),
            value: b.records,
          })),
        }}
        ranking={{
          title: t('analysis.visitsRanking'),
          empty: t('analysis.empty'),
          rows: (data?.ranking ?? []).map((r) => ({ ...r, value: formatNumber(r.records) })),
        }}
      />
    </SectionContent>
  );
}

/** The template's sales card: tabs Sales and Visits (each for the role that may see it) over the period. */
export function TrendCard({ period, sales, visits }: { period: Period; sales: boolean; visits: boolean }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const items = [
    sales && { key: 'sales', label: t('analysis.sales'), children: <SalesTab period={period} /> },
    visits && { key: 'visits', label: t('analysis.visits'), children: <VisitsTab period={period} /> },
  ].filter((item) => item !== false);
  return (
    <div
      style={{
        background: token.colorBgContainer,
        border: `${token.lineWidth}px ${token.lineType} ${token.colorBorderSecondary}`,
        borderRadius: token.borderRadiusLG,
        padding: `0 ${token.paddingLG}px ${token.paddingLG}px`,
        minWidth: 0,
      }}
    >
      <Tabs items={items} size="large" />
    </div>
  );
}
