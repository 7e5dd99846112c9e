import type { TestRecord } from '@cool/shared';
import { localized } from '@cool/shared';
import { Steps } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useTextLanguage } from '../../../shared/i18n/contentText.ts';
import { formatDateTime } from '../../../shared/ui/format.ts';
import { Panel } from '../../../shared/ui/Panel.tsx';
import { reportPath } from './ProfileTables.tsx';

/**
 * The template's progress steps, for the participant's latest record: started, submitted, then the report
 * unlocked (at submit for a free test, on payment for a paid one). The data holds no "report viewed".
 */
export function LatestRecordSteps({ record }: { record: TestRecord }) {
  const { t } = useTranslation();
  const language = useTextLanguage();
  const submitted = record.status === 'submitted';
  const current = record.unlocked ? 3 : submitted ? 2 : 1;
  return (
    <Panel
      title={t('participantProfile.latest.title', { title: localized(record.title, language) })}
      extra={
        <Link to={reportPath(record.participant.id, record.id)}>{t('participantProfile.record.view')}</Link>
      }
    >
      <Steps
        current={current}
        responsive
        items={[
          { title: t('participantProfile.latest.started'), content: formatDateTime(record.startTime) },
          {
            title: t('participantProfile.latest.submitted'),
            content: submitted
              ? formatDateTime(record.submitTime)
              : t('participantProfile.latest.answering', {
                  answered: record.answeredCount,
                  total: record.questionCount,
                }),
          },
          {
            title: t(
              record.priceFen === 0
                ? 'participantProfile.latest.unlockedFree'
                : 'participantProfile.latest.paid',
            ),
            content: record.unlocked
              ? t('participantProfile.latest.done')
              : submitted
                ? t('participantProfile.latest.awaitingPayment')
                : '',
          },
        ]}
      />
    </Panel>
  );
}
