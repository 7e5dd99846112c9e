import type { ImportRowError, Page, Question, QuestionInput, ScoringInput, TestDetail } from '@cool/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../shared/http/client.ts';

/** Same keys as the tests feature's, so the list's counts and this page's data refresh together. */
const keys = {
  tests: ['tests'] as const,
  detail: (id: number) => ['tests', 'detail', id] as const,
  questions: (id: number) => ['tests', 'questions', id] as const,
};

export function useTest(id: number) {
  return useQuery({ queryKey: keys.detail(id), queryFn: () => api.get<TestDetail>(`/tests/${id}`) });
}

export function useQuestions(testId: number) {
  return useQuery({
    queryKey: keys.questions(testId),
    queryFn: () => api.get<Page<Question>>(`/tests/${testId}/questions`, { params: { pageSize: 300 } }),
  });
}

function useInvalidate() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: keys.tests });
}

export function useSaveQuestion(testId: number) {
  const onSuccess = useInvalidate();
  return useMutation({
    mutationFn: ({ id, input }: { id?: number; input: QuestionInput }) =>
      id === undefined
        ? api.post<Question>(`/tests/${testId}/questions`, input)
        : api.put<Question>(`/questions/${id}`, input),
    onSuccess,
  });
}

export function useDeleteQuestions(testId: number) {
  const onSuccess = useInvalidate();
  return useMutation({
    mutationFn: (ids: number[]) =>
      ids.length === 1
        ? api.delete<null>(`/questions/${ids[0]}`)
        : api.post<unknown>(`/tests/${testId}/questions/bulk-delete`, { ids }),
    onSuccess,
  });
}

/** Saves a new order; the table shows it at once and goes back if the server refuses. */
export function useReorderQuestions(testId: number) {
  const queryClient = useQueryClient();
  const key = keys.questions(testId);
  return useMutation({
    mutationFn: (ordered: Question[]) =>
      api.put<Question[]>(`/tests/${testId}/questions/order`, { ids: ordered.map((q) => q.id) }),
    onMutate: async (ordered) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<Page<Question>>(key);
      if (before)
        queryClient.setQueryData<Page<Question>>(key, {
          ...before,
          data: ordered.map((q, i) => ({ ...q, position: i + 1 })),
        });
      return { before };
    },
    onError: (_error, _ordered, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: keys.tests }),
  });
}

export interface ImportOutcome {
  imported: number;
  total: number;
}

export function useImportQuestions(testId: number) {
  const onSuccess = useInvalidate();
  return useMutation({
    mutationFn: ({ file, mode }: { file: File; mode: 'append' | 'replace' }) => {
      const body = new FormData();
      body.append('file', file);
      return api.post<ImportOutcome>(`/tests/${testId}/questions/import`, body, {
        params: { mode },
        timeout: 60_000,
      });
    },
    onSuccess,
  });
}

/** The bad rows of a refused import (400 `result.errors` with line numbers). */
export const importRowErrors = (result: unknown): ImportRowError[] => {
  const errors = (result as { errors?: unknown } | null)?.errors;
  return Array.isArray(errors) ? (errors as ImportRowError[]).filter((e) => typeof e.line === 'number') : [];
};

export function useSaveScoring(testId: number) {
  const onSuccess = useInvalidate();
  return useMutation({
    mutationFn: (scoring: ScoringInput) => api.put<TestDetail>(`/tests/${testId}/scoring`, scoring),
    onSuccess,
  });
}
