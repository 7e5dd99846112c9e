import { type Answer, formatNumber, localized, type VersionQuestion } from '@cool/shared';
import { Alert, Card, Descriptions, Flex, Tag, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useTextLanguage } from '../../../shared/i18n/contentText.ts';
import { alertPath, useCanOpenAlert } from '../../../shared/records/links.ts';
import { ReportView } from '../../../shared/records/ReportView.tsx';
import { AlertStatusTag, participantName, RecordStatusTag } from '../../../shared/records/tags.tsx';
import { DetailDrawer } from '../../../shared/ui/DetailDrawer.tsx';
import { formatDateTime } from '../../../shared/ui/format.ts';
import { useRecordDetail } from '../api.ts';

const chosenOf = (answer: Answer | undefined): number[] =>
  answer === null || answer === undefined ? [] : Array.isArray(answer) ? answer : [answer];

/** One question of the record's version, its chosen options highlighted, each option with its score. */
function AnsweredQuestion({ question, answer }: { question: VersionQuestion; answer: Answer | undefined }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const language = useTextLanguage();
  const chosen = chosenOf(answer);
  return (
    <Card
      size="small"
      role="group"
      aria-label={`${question.position}. ${localized(question.stem, language)}`}
      title={
        <span style={{ whiteSpace: 'normal' }}>
          {question.position}. {localized(question.stem, language)}
        </span>
      }
      extra={chosen.length === 0 && <Tag>{t('records.detail.unanswered')}</Tag>}
    >
      <Flex vertical gap={4} role="list">
        {question.options.map((option, index) => {
          const picked = chosen.includes(index);
          return (
            <Flex
              // biome-ignore lint/suspicious/noArrayIndexKey: a stored version's options never change or move
              key={index}
              role="listitem"
              aria-current={picked || undefined}
              justify="space-between"
              gap={12}
              style={{
                padding: `${token.paddingXXS}px ${token.paddingXS}px`,
                borderRadius: token.borderRadiusSM,
                border: `1px solid ${picked ? token.colorPrimaryBorder : 'transparent'}`,
                background: picked ? token.colorPrimaryBg : undefined,
                fontWeight: picked ? token.fontWeightStrong : undefined,
              }}
            >
              <span>
                {option.label && `${option.label}. `}
                {localized(option.text, language)}
              </span>
              <Typography.Text type={picked ? undefined : 'secondary'} style={{ flex: 'none' }}>
                {option.score === null
                  ? '—'
                  : t('records.detail.points', { count: option.score, score: formatNumber(option.score) })}
              </Typography.Text>
            </Flex>
          );
        })}
      </Flex>
    </Card>
  );
}

/** A record as staff read it: who and what, the report stored at submit, and every answer by its question. */
export function RecordDrawer({ id, onClose }: { id: number; onClose: () => void }) {
  const { t } = useTranslation();
  const language = useTextLanguage();
  const detail = useRecordDetail(id);
  const canOpenAlert = useCanOpenAlert();

  return (
    <DetailDrawer
      title={t('records.detail.title', { id })}
      width={760}
      query={detail}
      errorTitle={t('records.detail.loadFailed')}
      onClose={onClose}
    >
      {(record) => (
        <>
          <Descriptions
            size="small"
            column={{ xs: 1, sm: 2 }}
            items={[
              {
                key: 'participant',
                label: t('records.field.participant'),
                children: participantName(t, record.participant),
              },
              {
                key: 'test',
                label: t('records.field.test'),
                children: `${localized(record.title, language)} (${t('records.versionN', { version: record.testVersion })})`,
              },
              {
                key: 'status',
                label: t('records.field.status'),
                children: <RecordStatusTag status={record.status} />,
              },
              {
                key: 'alert',
                label: t('records.field.alert'),
                children: record.alert ? (
                  <Flex gap={8} wrap align="center">
                    <AlertStatusTag status={record.alert.status} />
                    {canOpenAlert && (
                      <Link
                        to={alertPath(record.alert.id)}
                        aria-label={t('records.detail.openAlertN', { id: record.alert.id })}
                      >
                        {t('records.detail.openAlert')}
                      </Link>
                    )}
                  </Flex>
                ) : (
                  '—'
                ),
              },
              {
                key: 'started',
                label: t('records.field.started'),
                children: formatDateTime(record.startTime),
              },
              {
                key: 'submitted',
                label: t('records.field.submitted'),
                children: formatDateTime(record.submitTime) || '—',
              },
            ]}
          />
          {record.report ? (
            <Flex vertical gap={8} role="region" aria-label={t('records.detail.report')}>
              {!record.unlocked && <Alert type="info" showIcon title={t('records.detail.locked')} />}
              <ReportView report={record.report} title={t('records.detail.reportTitle')} />
              {record.engineVersion && (
                <Typography.Text type="secondary">
                  {t('records.detail.engine', { version: record.engineVersion })}
                </Typography.Text>
              )}
            </Flex>
          ) : (
            <Alert
              type="info"
              showIcon
              title={t('records.detail.inProgress', {
                answered: record.answeredCount,
                total: record.questionCount,
                count: record.questionCount,
              })}
            />
          )}
          <Typography.Title level={5} style={{ margin: 0 }}>
            {t('records.detail.answers')}
          </Typography.Title>
          <Flex vertical gap={8} role="region" aria-label={t('records.detail.answers')}>
            {record.questions.map((question, index) => (
              <AnsweredQuestion key={question.position} question={question} answer={record.answers[index]} />
            ))}
          </Flex>
        </>
      )}
    </DetailDrawer>
  );
}
