import type { Participant } from '@cool/shared';
import { Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { downloadFile } from '../../../shared/http/download.ts';
import { errorText } from '../../../shared/http/errorText.ts';
import { useBlockToggle } from '../../../shared/participants/useBlockToggle.ts';
import { usePermission } from '../../../shared/permissions/usePermission.ts';
import type { DialogApi } from '../../../shared/ui/dialog.tsx';
import { useNotices } from '../../../shared/ui/notices.ts';
import { EraseConfirm } from './EraseConfirm.tsx';

interface ParticipantActionsProps {
  participant: Participant;
  /** The page's dialogs, for the erase confirmation. */
  dialog: DialogApi;
  /** Absent in the details, which are already open. */
  onView?: () => void;
}

/** View, block or unblock, export and erase one participant, each as the role allows. */
export function ParticipantActions({ participant, dialog, onView }: ParticipantActionsProps) {
  const { t } = useTranslation();
  const { message } = useNotices();
  const allowed = usePermission();
  const block = useBlockToggle(participant);

  const exportData = async () => {
    try {
      await downloadFile(
        `/participants/${participant.id}/export`,
        undefined,
        `participant-${participant.id}.json`,
      );
      message.success(t('participants.done.export'));
    } catch (error) {
      message.error(errorText(error, t));
    }
  };

  const erase = () =>
    dialog.open(
      <EraseConfirm
        participant={participant}
        onErased={() => message.success(t('participants.done.erase', { id: participant.id }))}
      />,
      {
        title: t('participants.erase.title', { id: participant.id }),
        okText: t('participants.erase.ok'),
        okButtonProps: { danger: true },
        cancelText: t('participants.confirm.cancel'),
        mask: { closable: false },
      },
    );

  const can = {
    export: allowed('participants', 'export'),
    erase: !participant.erased && allowed('participants', 'delete'),
  };

  return (
    // Wraps onto a second line rather than widen the table past the page.
    <Space size={0} wrap>
      {onView && (
        <Button type="link" size="small" onClick={onView}>
          {t('participants.action.view')}
        </Button>
      )}
      {block.allowed && (
        <Button type="link" size="small" danger={!block.blocked} onClick={block.confirm}>
          {t(`participants.action.${block.toggle}`)}
        </Button>
      )}
      {can.export && (
        <Button type="link" size="small" onClick={() => void exportData()}>
          {t('participants.action.export')}
        </Button>
      )}
      {can.erase && (
        <Button type="link" size="small" danger onClick={erase}>
          {t('participants.action.erase')}
        </Button>
      )}
    </Space>
  );
}
