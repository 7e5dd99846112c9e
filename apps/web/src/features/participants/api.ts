import type { ParticipantListQuery } from '@cool/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { eraseParticipant, participantKeys, participantQueries } from '../../shared/api/participants.ts';
import { recordKeys } from '../../shared/api/records.ts';

export function useParticipantList(query: ParticipantListQuery) {
  return useQuery(participantQueries.list(query));
}

export function useParticipantDetail(id: number) {
  return useQuery(participantQueries.detail(id));
}

function useInvalidateParticipants() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: participantKeys.all });
}

/** Erasing also anonymises the participant on the records screen. */
export function useErase() {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateParticipants();
  return useMutation({
    mutationFn: eraseParticipant,
    onSuccess: () => Promise.all([invalidate(), queryClient.invalidateQueries({ queryKey: recordKeys.all })]),
  });
}
