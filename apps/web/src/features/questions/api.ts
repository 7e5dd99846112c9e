import type {
  ImportRowError,
  Question,
  QuestionBatch,
  QuestionInput,
  QuestionListQuery,
  ScoringInput,
} from '@cool/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  addQuestions,
  deleteQuestions,
  type ImportMode,
  importQuestions,
  questionQueries,
  reorderQuestions,
  saveQuestion,
} from '../../shared/api/questions.ts';
import { saveScoring, testKeys, testQueries } from '../../shared/api/tests.ts';

/**
 * The bad rows of a refused import (400 `result.errors`, each with its line number). The server checks its
 * answers against `importRowErrorSchema`; the console only picks the errors that name a line.
 */
export const importRowErrors = (result: unknown): ImportRowError[] => {
  const errors = (result as { errors?: unknown } | null)?.errors;
  return Array.isArray(errors)
    ? errors.filter(
        (e): e is ImportRowError => typeof (e as Partial<ImportRowError> | null)?.line === 'number',
      )
    : [];
};

export function useTest(id: number) {
  return useQuery(testQueries.detail(id));
}

export function useQuestions(testId: number) {
  return useQuery(questionQueries.ofTest(testId));
}

/** The questions matching a search; nothing is fetched without one (the page has them all already). */
export function useQuestionSearch(testId: number, filters: Pick<QuestionListQuery, 'keyword' | 'type'>) {
  return useQuery({ ...questionQueries.search(testId, filters), enabled: Object.keys(filters).length > 0 });
}

/** Question changes refresh the whole test: its questions, its detail and the list's question counts. */
function useInvalidateTests() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: testKeys.all });
}

export function useSaveQuestion(testId: number) {
  return useMutation({
    mutationFn: (save: { id?: number; input: QuestionInput }) => saveQuestion(testId, save),
    onSuccess: useInvalidateTests(),
  });
}

export function useDeleteQuestions(testId: number) {
  return useMutation({
    mutationFn: (ids: number[]) => deleteQuestions(testId, ids),
    onSuccess: useInvalidateTests(),
  });
}

/** Saves a new order; the table shows it at once and goes back if the server refuses. */
export function useReorderQuestions(testId: number) {
  const queryClient = useQueryClient();
  const { queryKey } = questionQueries.ofTest(testId);
  return useMutation({
    mutationFn: (ordered: Question[]) =>
      reorderQuestions(
        testId,
        ordered.map((q) => q.id),
      ),
    onMutate: async (ordered) => {
      await queryClient.cancelQueries({ queryKey });
      const before = queryClient.getQueryData(queryKey);
      if (before)
        queryClient.setQueryData(queryKey, {
          ...before,
          data: ordered.map((q, i) => ({ ...q, position: i + 1 })),
        });
      return { before };
    },
    onError: (_error, _ordered, context) => {
      if (context?.before) queryClient.setQueryData(queryKey, context.before);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: testKeys.all }),
  });
}

export function useAddQuestions(testId: number) {
  return useMutation({
    mutationFn: (batch: QuestionBatch) => addQuestions(testId, batch),
    onSuccess: useInvalidateTests(),
  });
}

export function useImportQuestions(testId: number) {
  return useMutation({
    mutationFn: (upload: { file: File; mode: ImportMode }) => importQuestions(testId, upload),
    onSuccess: useInvalidateTests(),
  });
}

export function useSaveScoring(testId: number) {
  const invalidate = useInvalidateTests();
  return useMutation({
    mutationFn: (save: { scoring: ScoringInput; version: string }) =>
      saveScoring(testId, save.scoring, save.version),
    onSuccess: invalidate,
    // Refused because the test changed meanwhile, say: the editor's Reload then shows it as it is now.
    onError: invalidate,
  });
}
