import type {
  CategoryListQuery,
  ParticipantListQuery,
  TestProgressQuery,
  TestProgressSummaryQuery,
  testProgressSchema,
  testProgressSummarySchema,
} from '@cool/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { categoryQueries } from '../../shared/api/categories.ts';
import { participantQueries } from '../../shared/api/participants.ts';
import { testKeys } from '../../shared/api/tests.ts';
import { api, typed, typedPage } from '../../shared/http/client.ts';

/** The tests with their records' progress (`/api/lists/tests`), under the tests' keys: a test change refreshes them. */
const progressKeys = {
  list: (query: TestProgressQuery) => [...testKeys.all, 'progress', query] as const,
  summary: (query: TestProgressSummaryQuery) => [...testKeys.all, 'progressSummary', query] as const,
};

const progressQueries = {
  list: (query: TestProgressQuery) =>
    queryOptions({
      queryKey: progressKeys.list(query),
      queryFn: () => api.get('/lists/tests', typedPage<typeof testProgressSchema>(), { params: query }),
      placeholderData: keepPreviousData,
    }),
  summary: (query: TestProgressSummaryQuery) =>
    queryOptions({
      queryKey: progressKeys.summary(query),
      queryFn: () =>
        api.get('/lists/tests/summary', typed<typeof testProgressSummarySchema>(), { params: query }),
    }),
};

export const useTestProgress = (query: TestProgressQuery) => useQuery(progressQueries.list(query));

export const useTestProgressSummary = (query: TestProgressSummaryQuery) =>
  useQuery(progressQueries.summary(query));

export const useCategorySearch = (query: CategoryListQuery) => useQuery(categoryQueries.list(query));

export const useParticipantSearch = (query: ParticipantListQuery) => useQuery(participantQueries.list(query));
