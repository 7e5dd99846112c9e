import type { BandColour, ScoreReport } from '@cool/shared';
import { localized, showsCrisisText } from '@cool/shared';
import { Alert, Card, Descriptions, Flex, Progress, Table, Tag, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { useTextLanguage } from '../i18n/contentText.ts';
import { BandTag } from './tags.tsx';

const ALERT_TYPES: Record<BandColour, 'info' | 'warning' | 'error'> = {
  normal: 'info',
  mild: 'warning',
  moderate: 'warning',
  severe: 'error',
};

const num = (value: number | null) => (value === null ? '—' : String(Math.round(value * 100) / 100));

/**
 * One score report (a test's preview, a record's stored report): alerts first and apart, then total,
 * dimensions and type in a card.
 */
export function ReportView({ report, title }: { report: ScoreReport; title: string }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const language = useTextLanguage();
  const text = (value: { zh: string; en: string }) => localized(value, language);
  const hasTotal = report.finalScore !== null || report.band !== null;

  // Alerts come first and outside the result card: they are never part of what a paywall hides.
  return (
    <>
      {report.alerts.length > 0 && (
        <Flex vertical gap={8} role="region" aria-label={t('testRecord.report.alerts')}>
          {report.alerts.some(showsCrisisText) && (
            <Typography.Text strong type="danger">
              {t('testRecord.report.crisisShown')}
            </Typography.Text>
          )}
          {report.alerts.map((alert) => (
            <Alert
              key={`${alert.question}-${text(alert.message)}`}
              type={ALERT_TYPES[alert.severity]}
              showIcon
              title={
                <Flex gap={8} wrap align="center">
                  {t('testRecord.report.alertOf', { question: alert.question })}
                  {showsCrisisText(alert) && <Tag color="error">{t('testRecord.report.crisisTag')}</Tag>}
                </Flex>
              }
              description={text(alert.message)}
            />
          ))}
        </Flex>
      )}
      <Card size="small" title={title}>
        <Flex vertical gap={12}>
          <Descriptions
            size="small"
            column={{ xs: 1, sm: 2 }}
            // A test without a `total` dimension (e.g. a pure typology) has no final score or level to show.
            items={[
              {
                key: 'answered',
                label: t('testRecord.report.answered'),
                children: `${report.answeredCount} / ${report.questionCount}`,
              },
              { key: 'raw', label: t('testRecord.report.totalRaw'), children: num(report.totalRaw) },
              { key: 'final', label: t('testRecord.report.finalScore'), children: num(report.finalScore) },
              {
                key: 'band',
                label: t('testRecord.report.band'),
                children: report.band ? <BandTag band={report.band} /> : '—',
              },
            ].filter((item) => hasTotal || (item.key !== 'final' && item.key !== 'band'))}
          />
          {report.band && text(report.band.interpretation) && (
            <Typography.Paragraph style={{ margin: 0 }}>
              {text(report.band.interpretation)}
            </Typography.Paragraph>
          )}
          {report.dimensions.length > 0 && (
            <Table
              size="small"
              rowKey="key"
              pagination={false}
              dataSource={report.dimensions}
              columns={[
                {
                  key: 'name',
                  title: t('testRecord.report.dimension'),
                  render: (_, d) => `${text(d.name)} (${d.key})`,
                },
                {
                  key: 'raw',
                  title: t('testRecord.report.raw'),
                  align: 'right',
                  render: (_, d) => num(d.raw),
                },
                {
                  key: 'final',
                  title: t('testRecord.report.final'),
                  align: 'right',
                  render: (_, d) => num(d.final),
                },
                {
                  key: 'band',
                  title: t('testRecord.report.band'),
                  render: (_, d) => (d.band ? <BandTag band={d.band} /> : '—'),
                },
              ]}
            />
          )}
          {report.type && (
            <Flex vertical gap={8}>
              <Typography.Title level={5} style={{ margin: 0 }}>
                {t('testRecord.report.type')}: <Tag color="processing">{report.type.code}</Tag>
                {text(report.type.name)}
              </Typography.Title>
              {text(report.type.description) && (
                <Typography.Paragraph style={{ margin: 0 }}>
                  {text(report.type.description)}
                </Typography.Paragraph>
              )}
              {report.type.axes.map((axis) => (
                <div key={axis.key}>
                  <Flex justify="space-between" style={{ fontSize: token.fontSizeSM }}>
                    <span>
                      {axis.left.letter} {text(axis.left.name)} {axis.left.percent}%
                    </span>
                    <span>
                      {axis.right.percent}% {text(axis.right.name)} {axis.right.letter}
                    </span>
                  </Flex>
                  <Progress
                    percent={axis.left.percent}
                    showInfo={false}
                    strokeColor={token.colorPrimary}
                    railColor={token.colorFillSecondary}
                    aria-label={`${axis.key}: ${axis.letter}`}
                  />
                </div>
              ))}
            </Flex>
          )}
        </Flex>
      </Card>
    </>
  );
}
