import { InfoCircleOutlined } from '@ant-design/icons';
import { formatNumber, localized, type VisitsPeriod } from '@cool/shared';
import { Col, Row, Table, Tooltip, theme } from 'antd';
import { Trans, useTranslation } from 'react-i18next';
import { useTextLanguage } from '../../../shared/i18n/contentText.ts';
import { Panel } from '../../../shared/ui/Panel.tsx';
import { useVisits } from '../api.ts';
import { bucketLabel, type Period } from '../period.ts';
import { Change } from './Change.tsx';
import { Sparkline } from './charts.tsx';
import { SectionContent } from './SectionContent.tsx';

type TopTest = VisitsPeriod['topTests'][number];

/** A labelled figure with its hint and a sparkline over the period's buckets. */
function MiniFigure({
  label,
  hint,
  value,
  data,
}: {
  label: string;
  hint: string;
  value: string;
  data: { date: string; count: number }[];
}) {
  const { token } = theme.useToken();
  return (
    <div style={{ minWidth: 0 }}>
      <div style={{ color: token.colorTextSecondary }}>
        {label}{' '}
        <Tooltip title={hint}>
          <InfoCircleOutlined aria-label={hint} />
        </Tooltip>
      </div>
      <div style={{ fontSize: token.fontSizeHeading3, color: token.colorTextHeading }}>{value}</div>
      <Sparkline kind="area" data={data} name={label} />
    </div>
  );
}

/**
 * The weekly range's heading, with its 7 days under it (they end on the period's last day, or today): a past
 * period's range is not the last 7 days.
 */
function WeeklyRangeTitle({ range }: { range: VisitsPeriod['weeklyRange'] | undefined }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  return (
    <Tooltip title={range && t('analysis.weeklyRangeHint', range)}>
      <span>
        {t('analysis.weeklyRange')}
        {range && (
          <span
            style={{
              display: 'block',
              fontSize: token.fontSizeSM,
              fontWeight: 'normal',
              color: token.colorTextSecondary,
            }}
          >
            {/* Each date whole: a narrow column would break one at its hyphen. */}
            <Trans
              i18nKey="analysis.weeklyRangeDays"
              values={{ from: bucketLabel(range.from, 'day'), to: bucketLabel(range.to, 'day') }}
              components={{ day: <span style={{ whiteSpace: 'nowrap' }} /> }}
            />
          </span>
        )}
      </span>
    </Tooltip>
  );
}

/** A heading broken at spaces only: a narrow screen would break a Chinese one character by character. */
const keepWords = () => ({ style: { wordBreak: 'keep-all' as const } });

const perCapita = (records: number, participants: number) =>
  participants === 0 ? 0 : Math.round((records / participants) * 10) / 10;

/**
 * The template's online top search, of tests: the period's participants (search users), records per
 * participant (per capita search), and the tests the most participants took with their weekly range.
 */
export function TopTests({ period }: { period: Period }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const language = useTextLanguage();
  const query = useVisits({ from: period.from, to: period.to, unit: period.unit });
  const data = query.data;
  const buckets = data?.buckets ?? [];
  return (
    <Panel title={t('analysis.onlineTopSearch')}>
      <SectionContent query={query} part={t('analysis.onlineTopSearch')}>
        <Row gutter={[48, 16]}>
          <Col xs={24} sm={12}>
            <MiniFigure
              label={t('analysis.searchUsers')}
              hint={t('analysis.searchUsersHint')}
              value={formatNumber(data?.participants ?? 0)}
              data={buckets.map((b) => ({ date: b.bucket, count: b.participants }))}
            />
          </Col>
          <Col xs={24} sm={12}>
            <MiniFigure
              label={t('analysis.perCapitaSearch')}
              hint={t('analysis.perCapitaHint')}
              value={String(perCapita(data?.records ?? 0, data?.participants ?? 0))}
              data={buckets.map((b) => ({ date: b.bucket, count: perCapita(b.records, b.participants) }))}
            />
          </Col>
        </Row>
        <Table<TopTest>
          aria-label={t('analysis.topTestsHint')}
          rowKey="testId"
          size="small"
          dataSource={data?.topTests ?? []}
          locale={{ emptyText: t('analysis.empty') }}
          pagination={{ pageSize: 5, hideOnSinglePage: true, size: 'small' }}
          style={{ marginTop: token.marginSM }}
          columns={[
            { key: 'rank', title: t('analysis.rank'), width: 64, render: (_, __, index) => index + 1 },
            {
              key: 'keyword',
              title: t('analysis.keyword'),
              render: (_, row) => localized(row.title, language),
            },
            {
              key: 'users',
              title: t('analysis.users'),
              onHeaderCell: keepWords,
              align: 'right',
              render: (_, row) => formatNumber(row.participants),
            },
            {
              key: 'weeklyRange',
              onHeaderCell: keepWords,
              title: <WeeklyRangeTitle range={data?.weeklyRange} />,
              align: 'right',
              render: (_, row) => <Change current={row.week} previous={row.previousWeek} />,
            },
          ]}
        />
      </SectionContent>
    </Panel>
  );
}
