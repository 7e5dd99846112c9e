import { BAND_COLOURS, type BandColour, type OpenAlerts } from '@cool/shared';
import { Col, Row, Statistic, Table, Tag } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BAND_TAG_COLOURS } from '../../../shared/records/tags.tsx';
import { Panel } from '../../../shared/ui/Panel.tsx';
import { QueryContent } from '../../../shared/ui/QueryErrorState.tsx';
import { useOpenAlerts } from '../api.ts';

const OPEN_STATUSES = ['new', 'contacted'] as const;

interface SeverityRow {
  severity: BandColour;
  new: number;
  contacted: number;
}

/** Alerts not closed: severity by follow-up status, and how long the oldest new one has waited. */
export function AlertsPanel({ now }: { now: number }) {
  const { t } = useTranslation();
  const query = useOpenAlerts();
  const data = query.data;
  const rows = data ? bySeverity(data) : [];
  const total = rows.reduce((sum, row) => sum + row.new + row.contacted, 0);
  return (
    <Panel title={t('monitor.alerts.title')} extra={<Link to="/alerts">{t('monitor.alerts.open')}</Link>}>
      <QueryContent query={query} errorTitle={t('monitor.alerts.loadFailed')}>
        <Row gutter={[16, 16]}>
          <Col xs={12}>
            <Statistic title={t('monitor.alerts.total')} value={data ? total : undefined} loading={!data} />
          </Col>
          <Col xs={12}>
            <Statistic
              title={t('monitor.alerts.oldestNew')}
              value={
                data?.oldestNewTime
                  ? age(t, now - Date.parse(data.oldestNewTime))
                  : t('monitor.alerts.noneWaiting')
              }
              loading={!data}
            />
          </Col>
        </Row>
        <Table<SeverityRow>
          size="small"
          rowKey="severity"
          pagination={false}
          loading={!data && query.isLoading}
          dataSource={rows}
          locale={{ emptyText: t('monitor.alerts.none') }}
          columns={[
            {
              key: 'severity',
              title: t('monitor.alerts.severity'),
              render: (_, row) => (
                <Tag color={BAND_TAG_COLOURS[row.severity]}>
                  {t(`monitor.alerts.severityOf.${row.severity}`)}
                </Tag>
              ),
            },
            ...OPEN_STATUSES.map((status) => ({
              key: status,
              title: t(`monitor.alerts.status.${status}`),
              dataIndex: status,
              align: 'right' as const,
            })),
          ]}
        />
      </QueryContent>
    </Panel>
  );
}

/** One row per severity that has open alerts, most severe first. */
function bySeverity(data: OpenAlerts): SeverityRow[] {
  return [...BAND_COLOURS]
    .reverse()
    .map((severity) => {
      const count = (status: (typeof OPEN_STATUSES)[number]) =>
        data.open.find((row) => row.severity === severity && row.status === status)?.count ?? 0;
      return { severity, new: count('new'), contacted: count('contacted') };
    })
    .filter((row) => row.new + row.contacted > 0);
}

/** A wait in minutes, hours or days. */
function age(t: TFunction, ms: number): string {
  const minutes = Math.max(0, Math.floor(ms / 60_000));
  if (minutes < 60) return t('monitor.alerts.age.minutes', { minutes });
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return t('monitor.alerts.age.hours', { hours, minutes: minutes % 60 });
  return t('monitor.alerts.age.days', { days: Math.floor(hours / 24), hours: hours % 24 });
}
