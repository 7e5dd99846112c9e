import type { TestListQuery } from '@cool/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { categoryQueries } from '../../shared/api/categories.ts';
import { questionQueries } from '../../shared/api/questions.ts';
import { importTest, runTestAction, saveTest, testKeys, testQueries } from '../../shared/api/tests.ts';

export type { TestAction } from '../../shared/api/tests.ts';
export { scoreOnServer } from '../../shared/api/tests.ts';

export function useTestList(query: TestListQuery) {
  return useQuery(testQueries.list(query));
}

/** Categories for the search form and the drawer. */
/** The categories to choose from; `enabled` false (a role that may not read them) asks for none. */
export function useCategoryOptions(enabled = true) {
  return useQuery({ ...categoryQueries.options(), enabled });
}

export function useTestDetail(id: number | undefined) {
  return useQuery({ ...testQueries.detail(id ?? 0), enabled: id !== undefined });
}

export function useTestQuestions(id: number | undefined) {
  return useQuery({ ...questionQueries.ofTest(id ?? 0), enabled: id !== undefined });
}

function useInvalidateTests() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: testKeys.all });
}

export function useSaveTest() {
  return useMutation({ mutationFn: saveTest, onSuccess: useInvalidateTests() });
}

export function useTestAction() {
  return useMutation({ mutationFn: runTestAction, onSuccess: useInvalidateTests() });
}

export function useImportTest() {
  return useMutation({ mutationFn: importTest, onSuccess: useInvalidateTests() });
}
