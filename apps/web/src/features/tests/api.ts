import type {
  Category,
  Page,
  Question,
  ScoreReport,
  Test,
  TestDetail,
  TestDocumentInput,
  TestInput,
  TestListQuery,
} from '@cool/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../shared/http/client.ts';

/** Query keys; `tests` also covers what the questions page caches for a test. */
export const testKeys = {
  all: ['tests'] as const,
  list: (query: TestListQuery) => ['tests', 'list', query] as const,
  detail: (id: number) => ['tests', 'detail', id] as const,
  questions: (id: number) => ['tests', 'questions', id] as const,
};

export function useTestList(query: TestListQuery) {
  return useQuery({
    queryKey: testKeys.list(query),
    queryFn: () => api.get<Page<Test>>('/tests', { params: query }),
    placeholderData: keepPreviousData,
  });
}

/** Categories for the search form and the drawer (the API's page size limit is 100). */
export function useCategoryOptions() {
  return useQuery({
    queryKey: ['categories', 'list', { pageSize: 100, pageNo: 1 }],
    queryFn: () => api.get<Page<Category>>('/categories', { params: { pageSize: 100, pageNo: 1 } }),
    staleTime: 60_000,
  });
}

export function useTestDetail(id: number | undefined) {
  return useQuery({
    queryKey: testKeys.detail(id ?? 0),
    queryFn: () => api.get<TestDetail>(`/tests/${id}`),
    enabled: id !== undefined,
  });
}

export function useTestQuestions(id: number | undefined) {
  return useQuery({
    queryKey: testKeys.questions(id ?? 0),
    queryFn: () => api.get<Page<Question>>(`/tests/${id}/questions`, { params: { pageSize: 300 } }),
    enabled: id !== undefined,
  });
}

function useInvalidateTests() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: testKeys.all });
}

export function useSaveTest() {
  const onSuccess = useInvalidateTests();
  return useMutation({
    mutationFn: ({ id, input }: { id?: number; input: TestInput }) =>
      id === undefined ? api.post<TestDetail>('/tests', input) : api.put<TestDetail>(`/tests/${id}`, input),
    onSuccess,
  });
}

export type TestAction = 'publish' | 'unpublish' | 'duplicate' | 'delete';

export function useTestAction() {
  const onSuccess = useInvalidateTests();
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: TestAction }) =>
      action === 'delete' ? api.delete<null>(`/tests/${id}`) : api.post<Test>(`/tests/${id}/${action}`),
    onSuccess,
  });
}

export function useImportTest() {
  const onSuccess = useInvalidateTests();
  return useMutation({
    mutationFn: (document: TestDocumentInput) =>
      api.post<{ test: Test; skippedCategories: string[] }>('/tests/import', document),
    onSuccess,
  });
}

export const scoreOnServer = (id: number, answers: unknown[]) =>
  api.post<ScoreReport>(`/tests/${id}/score`, { answers });
