import { LANGUAGES, type Language, localized, type TestRecord } from '@cool/shared';
import { Descriptions, Empty, Flex, Space, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useTextLanguage } from '../../../shared/i18n/contentText.ts';
import { usePermission } from '../../../shared/permissions/usePermission.ts';
import { AlertStatusTag, BandTag, participantName, RecordStatusTag } from '../../../shared/records/tags.tsx';
import { DetailDrawer } from '../../../shared/ui/DetailDrawer.tsx';
import type { DialogApi } from '../../../shared/ui/dialog.tsx';
import { formatDateTime } from '../../../shared/ui/format.ts';
import { useParticipantDetail } from '../api.ts';
import { ParticipantActions } from './ParticipantActions.tsx';
import { ParticipantStatusTag, WechatTag } from './ParticipantTags.tsx';

interface ParticipantDrawerProps {
  id: number;
  dialog: DialogApi;
  onClose: () => void;
}

/** One participant: who they are to the service, their newest records, and the actions on them. */
export function ParticipantDrawer({ id, dialog, onClose }: ParticipantDrawerProps) {
  const { t } = useTranslation();
  const language = useTextLanguage();
  const { token } = theme.useToken();
  const canSeeRecords = usePermission()('records', 'query');
  const detail = useParticipantDetail(id);
  const languageName = (locale: string | null) =>
    !locale
      ? '—'
      : LANGUAGES.includes(locale as Language)
        ? t(`common.languages.${locale as Language}`)
        : locale;

  const recordItem = (record: TestRecord) => (
    <Flex
      key={record.id}
      role="listitem"
      justify="space-between"
      align="start"
      gap={12}
      style={{ paddingBlock: token.paddingXS, borderBottom: `1px solid ${token.colorSplit}` }}
    >
      <Flex vertical gap={4}>
        <Typography.Text>
          #{record.id} {localized(record.title, language)}
        </Typography.Text>
        <Space size={8} wrap>
          <RecordStatusTag status={record.status} />
          {record.band && <BandTag band={record.band} />}
          {record.alert && <AlertStatusTag status={record.alert.status} />}
          <Typography.Text type="secondary">{formatDateTime(record.startTime)}</Typography.Text>
        </Space>
      </Flex>
      {canSeeRecords && (
        <Link to={`/records?participantId=${id}&record=${record.id}`} style={{ flex: 'none' }}>
          {t('participants.action.view')}
        </Link>
      )}
    </Flex>
  );

  return (
    <DetailDrawer
      title={t('participants.detail.title', { id })}
      width={640}
      query={detail}
      errorTitle={t('participants.detail.loadFailed')}
      onClose={onClose}
    >
      {(participant) => (
        <>
          <Descriptions
            size="small"
            column={{ xs: 1, sm: 2 }}
            items={[
              {
                key: 'nickname',
                label: t('participants.field.nickname'),
                children: participantName(t, participant),
              },
              {
                key: 'status',
                label: t('participants.field.status'),
                children: <ParticipantStatusTag participant={participant} />,
              },
              {
                key: 'wechat',
                label: t('participants.field.wechat'),
                children: <WechatTag participant={participant} />,
              },
              { key: 'phone', label: t('participants.field.phone'), children: participant.phone ?? '—' },
              {
                key: 'locale',
                label: t('participants.field.locale'),
                children: languageName(participant.locale),
              },
              {
                key: 'orders',
                label: t('participants.field.orders'),
                children: participant.orderCount,
              },
              {
                key: 'firstSeen',
                label: t('participants.field.firstSeen'),
                children: formatDateTime(participant.firstSeenTime),
              },
              {
                key: 'lastSeen',
                label: t('participants.field.lastSeen'),
                children: formatDateTime(participant.lastSeenTime),
              },
            ]}
          />
          <div style={{ marginInline: -7 }}>
            <ParticipantActions participant={participant} dialog={dialog} />
          </div>
          <Flex justify="space-between" align="baseline" gap={8} wrap>
            <Typography.Title level={5} style={{ margin: 0 }}>
              {t('participants.detail.records')} ({participant.recordCount})
            </Typography.Title>
            {canSeeRecords && participant.recordCount > 0 && (
              <Link to={`/records?participantId=${id}`}>{t('participants.detail.allRecords')}</Link>
            )}
          </Flex>
          {participant.records.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('participants.detail.noRecords')} />
          ) : (
            <Flex vertical role="list" aria-label={t('participants.detail.records')}>
              {participant.records.map(recordItem)}
            </Flex>
          )}
        </>
      )}
    </DetailDrawer>
  );
}
