import type { Participant } from '@cool/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { participantKeys, setParticipantBlocked } from '../api/participants.ts';
import { errorText } from '../http/errorText.ts';
import { usePermission } from '../permissions/usePermission.ts';
import { participantName } from '../records/tags.tsx';
import { useNotices } from '../ui/notices.ts';

/**
 * Blocking or unblocking one participant, asked first, as the participants list and a participant's profile both
 * offer it (texts from the `participants` pack): whether the role may, the action's name, and the confirmation.
 */
export function useBlockToggle(participant: Participant) {
  const { t } = useTranslation();
  const { message, modal } = useNotices();
  const may = usePermission();
  const queryClient = useQueryClient();
  const setBlocked = useMutation({
    mutationFn: setParticipantBlocked,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: participantKeys.all }),
  });
  const name = participantName(t, participant);
  const blocked = participant.status === 'blocked';
  const toggle = blocked ? ('unblock' as const) : ('block' as const);
  const allowed = !participant.erased && may('participants', blocked ? 'enable' : 'disable');

  const confirm = () =>
    modal.confirm({
      title: t(`participants.confirm.${toggle}.title`, { name }),
      content: t(`participants.confirm.${toggle}.content`),
      okText: t(`participants.confirm.${toggle}.ok`),
      cancelText: t('participants.confirm.cancel'),
      okButtonProps: { danger: !blocked },
      onOk: async () => {
        try {
          await setBlocked.mutateAsync({ id: participant.id, blocked: !blocked });
          message.success(t(`participants.done.${toggle}`, { name }));
        } catch (error) {
          message.error(errorText(error, t));
        }
      },
    });

  return { blocked, toggle, allowed, confirm };
}
