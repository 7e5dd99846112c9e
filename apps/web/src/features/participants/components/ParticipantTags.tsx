import type { Participant } from '@cool/shared';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** Erased outranks blocked: an erased participant has nothing left to block. */
export function ParticipantStatusTag({ participant }: { participant: Participant }) {
  const { t } = useTranslation();
  if (participant.erased) return <Tag>{t('participants.status.erased')}</Tag>;
  const blocked = participant.status === 'blocked';
  return <Tag color={blocked ? 'error' : 'success'}>{t(`participants.status.${participant.status}`)}</Tag>;
}

export function WechatTag({ participant }: { participant: Participant }) {
  const { t } = useTranslation();
  return participant.wechat ? (
    <Tag color="success">{t('participants.wechat.bound')}</Tag>
  ) : (
    <Tag>{t('participants.wechat.unbound')}</Tag>
  );
}
