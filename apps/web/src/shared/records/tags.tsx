import type { AlertStatus, BandColour, LocalizedText, RecordStatus } from '@cool/shared';
import { localized } from '@cool/shared';
import { Tag } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useTextLanguage } from '../i18n/contentText.ts';
import { formatDateTime } from '../ui/format.ts';

/**
 * The tags a test record is shown with, wherever it appears (records, the alerts queue, a participant's
 * records, a test's report preview), so a severity looks the same on every screen.
 */

/** Band colours as antd preset/status colours (no hard-coded values). */
export const BAND_TAG_COLOURS: Record<BandColour, string> = {
  normal: 'success',
  mild: 'gold',
  moderate: 'orange',
  severe: 'error',
};

const ALERT_STATUS_COLOURS: Record<AlertStatus, string> = {
  new: 'error',
  contacted: 'processing',
  closed: 'default',
};

const RECORD_STATUS_COLOURS: Record<RecordStatus, string> = {
  in_progress: 'processing',
  submitted: 'success',
};

/** A band by its label in the shown language, coloured by its severity. */
export function BandTag({ band }: { band: { label: LocalizedText; colour: BandColour } }) {
  const language = useTextLanguage();
  return <Tag color={BAND_TAG_COLOURS[band.colour]}>{localized(band.label, language)}</Tag>;
}

/** A severity (band colour) by its name: normal, mild, moderate, severe. */
export function SeverityTag({ severity }: { severity: BandColour }) {
  const { t } = useTranslation();
  return <Tag color={BAND_TAG_COLOURS[severity]}>{t(`testRecord.bandColour.${severity}`)}</Tag>;
}

export function AlertStatusTag({ status }: { status: AlertStatus }) {
  const { t } = useTranslation();
  return <Tag color={ALERT_STATUS_COLOURS[status]}>{t(`testRecord.alertStatus.${status}`)}</Tag>;
}

export function RecordStatusTag({ status }: { status: RecordStatus }) {
  const { t } = useTranslation();
  return <Tag color={RECORD_STATUS_COLOURS[status]}>{t(`testRecord.status.${status}`)}</Tag>;
}

/** A time in a table cell: the date over the time, each on one line (a narrow column would break the date). */
export function DateTimeCell({ value }: { value: string | null }) {
  if (!value) return '—';
  const [date, time] = formatDateTime(value).split(' ');
  return (
    <span style={{ display: 'inline-flex', flexDirection: 'column', whiteSpace: 'nowrap' }}>
      <span>{date}</span>
      <span>{time}</span>
    </span>
  );
}

/** A participant as staff see them: the nickname, else anonymous or erased with their id. */
export function participantName(
  t: TFunction,
  participant: { id: number; nickname: string | null; erased: boolean },
): string {
  if (participant.erased) return t('testRecord.erased', { id: participant.id });
  return participant.nickname || t('testRecord.anonymous', { id: participant.id });
}
