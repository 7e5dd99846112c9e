import type { ParticipantListQuery, participantDetailSchema, participantSchema } from '@cool/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, typed, typedPage } from '../http/client.ts';

/** The participants endpoints, typed from their response schemas (the participants screen, its prefetch). */

const participantPageSchema = typedPage<typeof participantSchema>();

/** Query keys; every participant action invalidates `all`. */
export const participantKeys = {
  all: ['participants'] as const,
  list: (query: ParticipantListQuery) => [...participantKeys.all, 'list', query] as const,
  detail: (id: number) => [...participantKeys.all, 'detail', id] as const,
};

export const participantQueries = {
  list: (query: ParticipantListQuery) =>
    queryOptions({
      queryKey: participantKeys.list(query),
      queryFn: () => api.get('/participants', participantPageSchema, { params: query }),
      placeholderData: keepPreviousData,
    }),
  detail: (id: number) =>
    queryOptions({
      queryKey: participantKeys.detail(id),
      queryFn: () => api.get(`/participants/${id}`, typed<typeof participantDetailSchema>()),
    }),
};

export const setParticipantBlocked = ({ id, blocked }: { id: number; blocked: boolean }) =>
  api.post(`/participants/${id}/${blocked ? 'block' : 'unblock'}`, typed<typeof participantSchema>());

/** Removes the participant's personal data; their records stay, anonymised. */
export const eraseParticipant = (id: number) =>
  api.post(`/participants/${id}/erase`, typed<typeof participantSchema>());
