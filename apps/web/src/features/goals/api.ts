import type {
  GoalInput,
  GoalListQuery,
  goalBulkDeleteResultSchema,
  goalPersonSchema,
  goalSchema,
  goalTestSchema,
} from '@cool/shared';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api, typed, typedPage } from '../../shared/http/client.ts';

/** The goals endpoints (the basic form, the plan and the search table), typed from their response schemas. */

const goal = typed<typeof goalSchema>();

/** Query keys; every change invalidates `all` (a goal's list row, detail and progress). */
export const goalKeys = {
  all: ['goals'] as const,
  list: (query: GoalListQuery) => [...goalKeys.all, 'list', query] as const,
  detail: (id: number) => [...goalKeys.all, 'detail', id] as const,
  staff: (keyword: string) => [...goalKeys.all, 'staff', keyword] as const,
  tests: (keyword: string) => [...goalKeys.all, 'tests', keyword] as const,
};

export const goalQueries = {
  list: (query: GoalListQuery) =>
    queryOptions({
      queryKey: goalKeys.list(query),
      queryFn: () => api.get('/goals', typedPage<typeof goalSchema>(), { params: query }),
      placeholderData: keepPreviousData,
    }),
  detail: (id: number) =>
    queryOptions({ queryKey: goalKeys.detail(id), queryFn: () => api.get(`/goals/${id}`, goal) }),
  /** Enabled staff matching the typed text, for the critics, readers and owner pickers. */
  staff: (keyword: string) =>
    queryOptions({
      queryKey: goalKeys.staff(keyword),
      queryFn: () =>
        api.get('/goals/staff', typed<z.ZodArray<typeof goalPersonSchema>>(), {
          params: { keyword: keyword || undefined },
        }),
      staleTime: 60_000,
      placeholderData: keepPreviousData,
    }),
  tests: (keyword: string) =>
    queryOptions({
      queryKey: goalKeys.tests(keyword),
      queryFn: () =>
        api.get('/goals/tests', typed<z.ZodArray<typeof goalTestSchema>>(), {
          params: { keyword: keyword || undefined },
        }),
      staleTime: 60_000,
      placeholderData: keepPreviousData,
    }),
};

export const useGoalList = (query: GoalListQuery) => useQuery(goalQueries.list(query));

/** The goal of `id`; nothing is asked for a new one (null). */
export const useGoal = (id: number | null) =>
  useQuery({ ...goalQueries.detail(id ?? 0), enabled: id !== null });

function useInvalidateOnSuccess() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: goalKeys.all });
}

export function useSaveGoal() {
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: GoalInput }) =>
      id === null ? api.post('/goals', goal, input) : api.put(`/goals/${id}`, goal, input),
    onSuccess: useInvalidateOnSuccess(),
  });
}

export function useDeleteGoals() {
  return useMutation({
    mutationFn: (ids: number[]) =>
      ids.length === 1
        ? api.delete(`/goals/${ids[0]}`, null)
        : api.post('/goals/bulk-delete', typed<typeof goalBulkDeleteResultSchema>(), { ids }),
    onSuccess: useInvalidateOnSuccess(),
  });
}
