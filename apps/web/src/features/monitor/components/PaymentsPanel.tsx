import { Col, Flex, Progress, Row, Statistic, Tag, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { VerdictTag } from '../../../shared/orders/tags.tsx';
import { formatDateTime } from '../../../shared/ui/format.ts';
import { ItemList } from '../../../shared/ui/ItemList.tsx';
import { Panel } from '../../../shared/ui/Panel.tsx';
import { QueryContent } from '../../../shared/ui/QueryErrorState.tsx';
import { usePaymentsHealth } from '../api.ts';

const PAY_LOG = '/order/weixin';

/** Failure rate above which the gauge turns red; any failure at all turns it orange. */
const ALARM_PERCENT = 5;

/** WeChat Pay's health: the pay log's last day by verdict, its failure rate as the gauge, the calls' timing. */
export function PaymentsPanel() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const query = usePaymentsHealth();
  const data = query.data;
  const percent = data && data.total > 0 ? Math.round((data.failed / data.total) * 1000) / 10 : 0;
  const colour =
    percent >= ALARM_PERCENT ? token.colorError : percent > 0 ? token.colorWarning : token.colorSuccess;
  const ms = (value: number | null | undefined) =>
    value === null || value === undefined ? '—' : t('monitor.payments.ms', { ms: value });
  return (
    <Panel title={t('monitor.payments.title')} extra={<Link to={PAY_LOG}>{t('monitor.payments.open')}</Link>}>
      <QueryContent query={query} errorTitle={t('monitor.payments.loadFailed')}>
        <Row gutter={[16, 16]} align="middle">
          <Col xs={24} sm={10} style={{ textAlign: 'center' }}>
            <Progress
              type="dashboard"
              percent={percent}
              // Not antd's green "success" at 100%: here all failing is the alarm.
              status="normal"
              strokeColor={colour}
              format={(value) => <span style={{ color: colour }}>{value ?? 0}%</span>}
              aria-label={t('monitor.payments.failureRate')}
            />
            <div style={{ color: token.colorTextSecondary }}>{t('monitor.payments.failureRate')}</div>
          </Col>
          <Col xs={24} sm={14}>
            <Row gutter={[16, 16]}>
              <Col xs={12}>
                <Statistic title={t('monitor.payments.total')} value={data?.total} loading={!data} />
              </Col>
              <Col xs={12}>
                <Statistic title={t('monitor.payments.failed')} value={data?.failed} loading={!data} />
              </Col>
              <Col xs={12}>
                <Statistic
                  title={t('monitor.payments.averageMs')}
                  value={ms(data?.calls.averageMs)}
                  loading={!data}
                />
              </Col>
              <Col xs={12}>
                <Statistic
                  title={t('monitor.payments.p95Ms')}
                  value={ms(data?.calls.p95Ms)}
                  loading={!data}
                />
              </Col>
            </Row>
          </Col>
        </Row>
        {data && data.total === 0 && (
          <Typography.Text type="secondary">{t('monitor.payments.noEntries')}</Typography.Text>
        )}
        {data && data.verdicts.length > 0 && (
          <Flex vertical gap={8}>
            <Typography.Text strong>{t('monitor.payments.verdicts')}</Typography.Text>
            <Flex wrap gap={8}>
              {data.verdicts.map((row) => (
                <VerdictTag key={`${row.direction}-${row.verdict}`} verdict={row.verdict}>
                  {(label) => `${t(`monitor.payments.${row.direction}`)} · ${label}: ${row.count}`}
                </VerdictTag>
              ))}
            </Flex>
          </Flex>
        )}
        {data && data.total > 0 && (
          <ItemList
            size="small"
            header={<Typography.Text strong>{t('monitor.payments.latestFailures')}</Typography.Text>}
            empty={t('monitor.payments.noFailures')}
            rows={data.latestFailures.map((failure) => ({
              key: failure.id,
              content: (
                <Flex wrap gap={8} align="center">
                  <Link
                    to={`${PAY_LOG}?${new URLSearchParams({
                      verdict: failure.verdict,
                      ...(failure.orderNo && { orderNo: failure.orderNo }),
                    })}`}
                  >
                    <Tag color="error" style={{ marginInlineEnd: 0 }}>
                      {failure.verdict}
                    </Tag>
                  </Link>
                  <span>
                    {t(`monitor.payments.${failure.direction}`)} {failure.operation}
                  </span>
                  {failure.orderNo && <Typography.Text type="secondary">{failure.orderNo}</Typography.Text>}
                  <Typography.Text type="secondary" style={{ marginInlineStart: 'auto' }}>
                    {formatDateTime(failure.time)}
                  </Typography.Text>
                </Flex>
              ),
            }))}
          />
        )}
      </QueryContent>
    </Panel>
  );
}
