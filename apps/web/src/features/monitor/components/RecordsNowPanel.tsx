import { Col, Row, Statistic, theme } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { Panel } from '../../../shared/ui/Panel.tsx';
import { QueryContent } from '../../../shared/ui/QueryErrorState.tsx';
import { useRecordsNow } from '../api.ts';

/** Records being taken: today's counts and the last 24 hours hour by hour (the template's real-time activity). */
export function RecordsNowPanel() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const query = useRecordsNow();
  const data = query.data;
  const hours = (data?.hours ?? []).map((hour) => ({ ...hour, label: dayjs(hour.hour).format('HH:00') }));
  return (
    <Panel title={t('monitor.records.title')} extra={<Link to="/records">{t('monitor.records.open')}</Link>}>
      <QueryContent query={query} errorTitle={t('monitor.records.loadFailed')}>
        <Row gutter={[16, 16]}>
          <Col xs={8}>
            <Statistic title={t('monitor.records.startedToday')} value={data?.startedToday} loading={!data} />
          </Col>
          <Col xs={8}>
            <Statistic
              title={t('monitor.records.submittedToday')}
              value={data?.submittedToday}
              loading={!data}
            />
          </Col>
          <Col xs={8}>
            <Statistic title={t('monitor.records.inProgress')} value={data?.inProgress} loading={!data} />
          </Col>
        </Row>
        <figure style={{ margin: 0 }} aria-label={t('monitor.records.chart')}>
          <figcaption style={{ color: token.colorTextSecondary, marginBottom: token.marginXS }}>
            {t('monitor.records.chart')}
          </figcaption>
          <ResponsiveContainer width="100%" height={220}>
            <BarChart data={hours} margin={{ top: 8, right: 8, bottom: 0, left: -24 }}>
              <CartesianGrid stroke={token.colorBorderSecondary} vertical={false} />
              <XAxis
                dataKey="label"
                tick={{ fill: token.colorTextSecondary, fontSize: token.fontSizeSM }}
                stroke={token.colorBorder}
                interval="preserveStartEnd"
                minTickGap={12}
              />
              <YAxis
                allowDecimals={false}
                tick={{ fill: token.colorTextSecondary, fontSize: token.fontSizeSM }}
                stroke={token.colorBorder}
              />
              <Tooltip
                cursor={{ fill: token.colorFillSecondary }}
                contentStyle={{
                  background: token.colorBgElevated,
                  border: 'none',
                  borderRadius: token.borderRadius,
                }}
                labelStyle={{ color: token.colorText }}
              />
              <Legend wrapperStyle={{ color: token.colorText, fontSize: token.fontSizeSM }} />
              {/* Not animated: a poll every 30 s would replay it. */}
              <Bar
                dataKey="started"
                name={t('monitor.records.started')}
                fill={token.colorPrimary}
                isAnimationActive={false}
              />
              <Bar
                dataKey="submitted"
                name={t('monitor.records.submitted')}
                fill={token.colorSuccess}
                isAnimationActive={false}
              />
            </BarChart>
          </ResponsiveContainer>
        </figure>
      </QueryContent>
    </Panel>
  );
}
