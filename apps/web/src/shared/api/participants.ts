import type {
  ParticipantActivityQuery,
  ParticipantListQuery,
  participantActivitySchema,
  participantDetailSchema,
  participantSchema,
  participantSummarySchema,
} from '@cool/shared';
import { infiniteQueryOptions, keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, typed, typedPage } from '../http/client.ts';

/** The participants endpoints, typed from their response schemas (the participants screen, its prefetch). */

const participantPageSchema = typedPage<typeof participantSchema>();
const activityPageSchema = typedPage<typeof participantActivitySchema>();

/** Events of a participant's activity read at a time. */
export const ACTIVITY_PAGE_SIZE = 10;

/** Query keys; every participant action invalidates `all`. */
export const participantKeys = {
  all: ['participants'] as const,
  list: (query: ParticipantListQuery) => [...participantKeys.all, 'list', query] as const,
  detail: (id: number) => [...participantKeys.all, 'detail', id] as const,
  activity: (id: number) => [...participantKeys.all, 'activity', id] as const,
  /** Every profile's figures: a change of an order, refund or alert refreshes them. */
  summaries: () => [...participantKeys.all, 'summary'] as const,
  summary: (id: number) => [...participantKeys.summaries(), id] as const,
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
  /** The profile's figures, of the areas the role may list. */
  summary: (id: number) =>
    queryOptions({
      queryKey: participantKeys.summary(id),
      queryFn: () => api.get(`/participants/${id}/summary`, typed<typeof participantSummarySchema>()),
    }),
  /** What they did, newest first, a page at a time: each next page after the last one's cursor. */
  activity: (id: number) =>
    infiniteQueryOptions({
      queryKey: participantKeys.activity(id),
      queryFn: ({ pageParam, signal }) =>
        api.get(`/participants/${id}/activity`, activityPageSchema, {
          params: { ...pageParam, pageSize: ACTIVITY_PAGE_SIZE } satisfies ParticipantActivityQuery,
          signal,
        }),
      initialPageParam: { pageNo: 1 } as { pageNo: number; cursor?: string },
      getNextPageParam: (last) =>
        last.nextCursor ? { pageNo: last.pageNo + 1, cursor: last.nextCursor } : undefined,
    }),
};

export const setParticipantBlocked = ({ id, blocked }: { id: number; blocked: boolean }) =>
  api.post(`/participants/${id}/${blocked ? 'block' : 'unblock'}`, typed<typeof participantSchema>());

/** Removes the participant's personal data; their records stay, anonymised. */
export const eraseParticipant = (id: number) =>
  api.post(`/participants/${id}/erase`, typed<typeof participantSchema>());
